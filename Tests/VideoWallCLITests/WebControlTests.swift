import Foundation
@testable import VideoWallCore
import VideoWallWindow
@testable import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// The web control page's API on a real `videowall` process (`--http`), over real sockets on
/// 127.0.0.1: locked by its token, its commands change the wall (read back through the IPC
/// socket), its events arrive in order, a thumbnail shows the tile's frame, and uploads keep
/// only media, under a plain name, in the media folder.
final class WebControlTests: XCTestCase {
    func testTheAPIIsLockedAndDrivesTheWall() throws {
        let clip = try onMainLoop(timeout: 120) {
            try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frames: 900, keyFrameInterval: 30), in: TestClips.directory)
        }
        let folder = TestClips.directory + "/web-\(UUID().uuidString.prefix(8))"
        let media = folder + "/media"
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try WallKey.create(at: folder + "/token")
        let token = key.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = try FreePort.tcp(), socket = folder + "/ipc.sock"
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--http", "127.0.0.1:\(port)", "--http-token-file", folder + "/token",
                                 "--media-folder", media, "--upload-limit", "4", "--input-ipc-server", socket, clip], timeout: 90)
        let http = RawHTTP(port: port)
        let up = Polling.until(20) { (try? http.get("/api/v1/state"))?.status == 200 }
        XCTAssertTrue(up, "the API answers")
        let ipc = try IPCConnection(path: socket)
        let bearer = ["Authorization": "Bearer " + token]

        // Reads from loopback need no token; the state names the tile and the transport.
        let state = try http.get("/api/v1/state")
        XCTAssertEqual((state.json?["tiles"] as? [[String: Any]])?.count, 1, state.text)
        XCTAssertNotNil(state.json?["system"], state.text)
        let page = try http.get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<title>VideoWall</title>") && !page.text.contains("http://") && !page.text.contains("https://"), "the page loads nothing from elsewhere")
        XCTAssertEqual(try http.get("/api/v1/openapi.json").json?["openapi"] as? String, "3.1.0")

        // Changes need the token, and this server's own origin.
        let pause = #"{"command": ["set_property", "pause", true]}"#
        XCTAssertEqual(try http.post("/api/v1/command", json: pause).status, 401)
        XCTAssertEqual(try http.post("/api/v1/command", json: pause, headers: ["Authorization": "Bearer 00"]).status, 401)
        XCTAssertEqual(try http.post("/api/v1/command", json: pause, headers: bearer.merging(["Origin": "http://evil.example"]) { a, _ in a }).status, 403)
        XCTAssertEqual(try ipc.data(["get_property", "pause"]) as? Bool, false, "nothing refused changed the wall")
        let paused = try http.post("/api/v1/command", json: pause, headers: bearer.merging(["Origin": "http://127.0.0.1:\(port)"]) { a, _ in a })
        XCTAssertEqual(paused.status, 200, paused.text)
        XCTAssertEqual(paused.json?["error"] as? String, "success")
        XCTAssertEqual(try ipc.data(["get_property", "pause"]) as? Bool, true, "the API paused the wall")
        let wrong = try http.post("/api/v1/command", json: #"{"command": ["set_property", "speed", 900]}"#, headers: bearer)
        XCTAssertEqual(wrong.status, 400)
        XCTAssertNotNil(wrong.json?["error"] as? String, "a failure is JSON with a reason")

        // Events, in order: a seek's start and its end.
        let stream = try http.openStream("/api/v1/events")
        defer { close(stream) }
        _ = http.read(stream, timeout: 2) { String(decoding: $0, as: UTF8.self).contains("videowall events") }
        XCTAssertEqual(try http.post("/api/v1/command", json: #"{"command": ["seek", 10, "absolute", "exact"]}"#, headers: bearer).status, 200)
        let said = String(decoding: http.read(stream, timeout: 10) { String(decoding: $0, as: UTF8.self).contains("playback-restart") }, as: UTF8.self)
        let seekAt = said.range(of: #""event":"seek""#), restartAt = said.range(of: #""event":"playback-restart""#)
        XCTAssertNotNil(seekAt, said)
        XCTAssertNotNil(restartAt, said)
        if let seekAt, let restartAt { XCTAssertLessThan(seekAt.lowerBound, restartAt.lowerBound, "seek before playback-restart: \(said)") }

        // The thumbnail shows the frame the tile stands on (paused at 10 s: frame 300).
        Thread.sleep(forTimeInterval: 1.1)
        let thumbnail = try http.get("/api/v1/tiles/1/thumbnail.jpg?width=320")
        XCTAssertEqual(thumbnail.status, 200, thumbnail.text)
        XCTAssertEqual(thumbnail.headers["content-type"], "image/jpeg")
        try thumbnail.body.write(to: URL(fileURLWithPath: folder + "/thumbnail.jpg"))
        let picture = try XCTUnwrap(try PNGFrame.read(folder + "/thumbnail.jpg"), "the thumbnail decodes")
        XCTAssertEqual(picture.width, 320)
        XCTAssertEqual(picture.frameIndex, 300, "the thumbnail's frame code is the tile's frame")
        XCTAssertEqual(try http.get("/api/v1/tiles/9/thumbnail.jpg").status, 404)

        // Uploads: a real clip is kept and can be played; a traversal, a non-media file and an
        // oversized body are refused and leave nothing behind.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        XCTAssertLessThan(bytes.count, 4 << 20, "the clip fits the limit")
        let kept = try http.request("POST", "/api/v1/media?name=upload.mp4", headers: bearer, body: bytes)
        XCTAssertEqual(kept.status, 201, kept.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: media), ["upload.mp4"])
        XCTAssertEqual(try http.get("/api/v1/media").json?["files"] as? [String], ["upload.mp4"])
        let played = try http.post("/api/v1/tiles/1/source", json: #"{"media": "upload.mp4"}"#, headers: bearer)
        XCTAssertEqual(played.status, 200, played.text)
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/path"]) as? String, media + "/upload.mp4")
        for (name, body, status) in [("..%2Fescape.mp4", bytes, 400), ("../escape.mp4", bytes, 400), ("notes.mp4", Data("not media at all\n".utf8), 415),
                                     // Past FlyingFox's own 2 MiB: read whole, then refused, and answered at once.
                                     ("noise.mp4", Data(repeating: 0x41, count: 3 << 20), 415),
                                     ("big.mp4", Data(count: 5 << 20), 413)] {
            let refused = try http.request("POST", "/api/v1/media?name=" + name, headers: bearer, body: body, timeout: 10)
            XCTAssertEqual(refused.status, status, "\(name): \(refused.text)")
            XCTAssertNotNil(refused.json?["error"] as? String, name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: media), ["upload.mp4"], "nothing left behind")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/escape.mp4"))
        XCTAssertEqual(try http.request("POST", "/api/v1/media?name=more.mp4", body: bytes).status, 401, "an upload needs the token")

        _ = try? ipc.request(["quit"])
        let result = try run.finish(timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    /// The API's pause, seek and frame step, read from captures of the X screen taken outside
    /// the process: the kiosk window shows the frame each command asked for.
    func testAPICommandsShowOnScreen() throws {
        // 16:10, as the virtual screen: the picture fills it.
        let clip = try onMainLoop(timeout: 120) {
            try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 200, frames: 900, keyFrameInterval: 30), in: TestClips.directory)
        }
        let display = try VirtualDisplay.ensure()
        let folder = TestClips.directory + "/web-screen-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let token = try WallKey.create(at: folder + "/token").text.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = try FreePort.tcp(), socket = folder + "/ipc.sock"
        let run = BackgroundRun(["--kiosk", "--quit-after", "60", "--http", "127.0.0.1:\(port)", "--http-token-file", folder + "/token",
                                 "--input-ipc-server", socket, clip],
                                environment: ["DISPLAY": display], display: true, timeout: 90)
        let http = RawHTTP(port: port)
        XCTAssertTrue(Polling.until(20) { (try? http.get("/api/v1/state"))?.json?["transport"] as? String == "playing" }, "the wall plays")
        let bearer = ["Authorization": "Bearer " + token]
        func command(_ words: String) throws {
            let reply = try http.post("/api/v1/command", json: #"{"command": \#(words)}"#, headers: bearer)
            XCTAssertEqual(reply.status, 200, "\(words): \(reply.text)")
        }
        func shown() throws -> Int? {
            // The last repaint reaches the X server after the command's reply.
            Thread.sleep(forTimeInterval: 0.5)
            let capture = folder + "/screen.png"
            let taken = try CommandRunner.captureRoot(of: display, to: capture)
            XCTAssertEqual(taken.status, 0, taken.standardError)
            return try PNGFrame.read(capture)?.frameIndex
        }
        try command(#"["set_property", "pause", true]"#)
        try command(#"["seek", 10, "absolute", "exact"]"#)
        XCTAssertEqual(try shown(), 300, "a seek to 10 s shows frame 300")
        try command(#"["frame-step"]"#)
        XCTAssertEqual(try shown(), 301, "a frame step shows the next frame")
        try command(#"["frame-back-step"]"#)
        try command(#"["frame-back-step"]"#)
        XCTAssertEqual(try shown(), 299, "two steps back")
        try command(#"["seek", 20, "absolute", "exact"]"#)
        XCTAssertEqual(try shown(), 600)
        XCTAssertEqual(try IPCConnection(path: socket).request(["quit"])["error"] as? String, "success")
        let result = try run.finish(timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    /// A playlist saved over the API is checked as the layout is at start and written whole; a
    /// region that plays a source has no list to edit; a tile's own volume and mute are set
    /// through the same commands as the socket's, and the state names each tile's decoder.
    func testPlaylistSavesAreCheckedAndTileAudioIsPerTile() throws {
        let (first, second) = try onMainLoop(timeout: 120) {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 90, audio: true)),
             try await TestClips.clip(ClipSpec(width: 176, height: 96, frameRate: 30, frames: 90)))
        }
        let folder = TestClips.directory + "/web-list-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layout = folder + "/wall.yaml"
        let text = """
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1, playlist: ["\(first)", "\(second)"]}
              - {x: 0.5, y: 0, width: 0.5, height: 1, source: "\(first)"}
            """
        try text.write(toFile: layout, atomically: true, encoding: .utf8)
        let token = try WallKey.create(at: folder + "/token").text.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = try FreePort.tcp(), socket = folder + "/ipc.sock"
        let run = BackgroundRun(["--headless", "--loop", "--quit-after", "60", "--layout", layout, "--http", "127.0.0.1:\(port)",
                                 "--http-token-file", folder + "/token", "--input-ipc-server", socket], timeout: 90)
        let http = RawHTTP(port: port)
        XCTAssertTrue(Polling.until(20) { (try? http.get("/api/v1/state"))?.status == 200 })
        let ipc = try IPCConnection(path: socket)
        _ = ipc.waitForEvent("file-loaded", timeout: 10)
        let bearer = ["Authorization": "Bearer " + token]

        let list = try http.get("/api/v1/tiles/1/playlist")
        XCTAssertEqual(list.json?["editable"] as? Bool, true, list.text)
        XCTAssertEqual((list.json?["items"] as? [[String: String]])?.map { $0["source"] }, [first, second])
        let source = try http.get("/api/v1/tiles/2/playlist")
        XCTAssertEqual(source.json?["editable"] as? Bool, false, source.text)
        XCTAssertEqual((source.json?["reason"] as? String)?.contains("not a playlist of its own"), true, source.text)

        let edit = #"{"items": [{"source": "\#(second)", "in": 0.5}, {"source": "\#(first)", "speed": 2}]}"#
        XCTAssertEqual(try http.request("PUT", "/api/v1/tiles/1/playlist", body: Data(edit.utf8)).status, 401, "a save needs the token")
        for (body, status) in [(#"{"items": [{"source": "\#(first)", "in": 3, "out": 1}]}"#, 422),
                               (#"{"items": []}"#, 422),
                               (#"{"items": [{"source": "\#(first)", "colour": "red"}]}"#, 422),
                               (#"{"list": 1}"#, 400)] {
            let refused = try http.request("PUT", "/api/v1/tiles/1/playlist", headers: bearer, body: Data(body.utf8))
            XCTAssertEqual(refused.status, status, "\(body): \(refused.text)")
            XCTAssertNotNil(refused.json?["error"] as? String)
        }
        XCTAssertEqual(try http.request("PUT", "/api/v1/tiles/2/playlist", headers: bearer, body: Data(edit.utf8)).status, 409)
        XCTAssertEqual(try String(contentsOfFile: layout, encoding: .utf8), text, "nothing refused touched the layout")
        let saved = try http.request("PUT", "/api/v1/tiles/1/playlist", headers: bearer, body: Data(edit.utf8))
        XCTAssertEqual(saved.status, 200, saved.text)
        let items = try XCTUnwrap(try LayoutParser.load(path: layout).regions[0].playlist?.items)
        XCTAssertEqual(items.map(\.location), [second, first])
        XCTAssertEqual(items[0].inPoint, .seconds(0.5))
        XCTAssertEqual(items[1].speed, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") || $0.hasSuffix("~") }, [],
                       "no temporary file left")
        XCTAssertTrue(Polling.until(10) { (try? ipc.number("tile/1/item-count")) == 2 && (try? ipc.data(["get_property", "tile/1/item"]) as? String) == second },
                      "the tile comes to the saved list")

        func command(_ words: String) throws {
            let reply = try http.post("/api/v1/command", json: #"{"command": \#(words)}"#, headers: bearer)
            XCTAssertEqual(reply.status, 200, "\(words): \(reply.text)")
        }
        try command(#"["set_property", "tile/1/volume", 40]"#)
        XCTAssertEqual(try ipc.number("tile/1/volume"), 40)
        try command(#"["set_property", "tile/2/mute", true]"#)
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/mute"]) as? Bool, true)
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/mute"]) as? Bool, false, "the other tile is heard")
        try command(#"["cycle", "tile/2/mute"]"#)
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/mute"]) as? Bool, false)
        XCTAssertEqual(try http.post("/api/v1/command", json: #"{"command": ["set_property", "tile/1/volume", 131]}"#, headers: bearer).status, 400)
        XCTAssertEqual(try ipc.number("tile/2/volume"), 100, "the other tile's level is its own")
        let tiles = try XCTUnwrap(try http.get("/api/v1/state").json?["tiles"] as? [[String: Any]])
        XCTAssertEqual(tiles.map { $0["decoder"] as? String }, ["avdec_h264", "avdec_h264"], "\(tiles)")

        try? FileManager.default.removeItem(atPath: layout)
        try? FileManager.default.createSymbolicLink(atPath: layout, withDestinationPath: "/nonexistent/elsewhere.yaml")
        XCTAssertNotEqual(try http.request("PUT", "/api/v1/tiles/1/playlist", headers: bearer, body: Data(edit.utf8)).status, 200,
                          "a layout that is gone is not written through a link")

        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        let result = try run.finish(timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    /// The server's front door holds at most 16 connections from one address (a 17th is
    /// answered 503 at once, another address still gets in), refuses a head over 16 KiB
    /// (431), answers 408 to a connection whose head has not come within 10 s, and the wall
    /// plays on meanwhile.
    func testConnectionsAndHeadsAreBounded() throws {
        let clip = try onMainLoop(timeout: 120) {
            try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frames: 900, keyFrameInterval: 30), in: TestClips.directory)
        }
        let folder = TestClips.directory + "/web-door-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try WallKey.create(at: folder + "/token")
        let port = try FreePort.tcp(), socket = folder + "/ipc.sock"
        // Every address (with a token, as it must be), so that 127.0.0.2 and .3 reach it too;
        // all of 127.0.0.0/8 is loopback and reads without the token.
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--http", "0.0.0.0:\(port)", "--http-token-file", folder + "/token",
                                 "--input-ipc-server", socket, clip], timeout: 90)
        let http = RawHTTP(port: port)
        // Asked from an address of its own: a connection just answered is still counted for a
        // moment (the server waits for the client to close), and must not take one of the 16.
        guard Polling.until(20, { (try? RawHTTP(port: port, host: "127.0.0.5").get("/api/v1/state"))?.status == 200 }) else {
            return XCTFail("the API does not answer: \((try? run.finish(timeout: 70))?.standardError ?? "")")
        }
        let ipc = try IPCConnection(path: socket)

        let idle = try (0..<16).map { _ in try http.connect() }
        let openedAt = Date()
        defer { idle.forEach { close($0) } }
        Thread.sleep(forTimeInterval: 0.3)
        let refused = try http.get("/api/v1/state", timeout: 3)
        XCTAssertEqual(refused.status, 503, refused.text)
        XCTAssertEqual((refused.json?["error"] as? String)?.contains("too many connections"), true, refused.text)
        let other = try RawHTTP(port: port, host: "127.0.0.2").get("/api/v1/state", timeout: 5)
        XCTAssertEqual(other.status, 200, "another address still gets in: \(other.text)")
        let position = try ipc.number("time-pos")

        let big = try RawHTTP(port: port, host: "127.0.0.3").get("/api/v1/state", headers: ["X-Big": String(repeating: "a", count: 20_000)], timeout: 5)
        XCTAssertEqual(big.status, 431, big.text)

        // Event streams whose clients went away give their places back at once, not at the
        // next event (a playing wall may send none for hours).
        let watcher = RawHTTP(port: port, host: "127.0.0.4")
        let streams = try (0..<16).map { _ in try watcher.openStream("/api/v1/events") }
        for stream in streams { _ = watcher.read(stream, timeout: 3) { String(decoding: $0, as: UTF8.self).contains("videowall events") } }
        XCTAssertEqual(try watcher.get("/api/v1/state", timeout: 3).status, 503, "16 streams hold that address's places")
        streams.forEach { close($0) }
        XCTAssertTrue(Polling.until(4) { (try? watcher.get("/api/v1/state", timeout: 2))?.status == 200 }, "the streams' places are free again")

        let slow = String(decoding: http.read(idle[0], timeout: 12) { $0.count > 12 }, as: UTF8.self)
        XCTAssertTrue(slow.hasPrefix("HTTP/1.1 408"), "a head that never came: \(slow)")
        XCTAssertGreaterThan(Date().timeIntervalSince(openedAt), 9.5, "not before its 10 s")
        XCTAssertTrue(Polling.until(3) { (try? http.get("/api/v1/state", timeout: 2))?.status == 200 }, "the idle ones are gone: room again")
        XCTAssertGreaterThan(try ipc.number("time-pos"), position + 5, "the wall played on")

        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        let result = try run.finish(timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testANetworkAddressWithoutATokenIsRefusedAtStart() throws {
        let refused = try CommandRunner.run(["--headless", "--http", "0.0.0.0:8080", "/nowhere.mp4"], timeout: 20)
        XCTAssertEqual(refused.status, 64, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("--http-token-file"), refused.standardError)
    }
}
