import Foundation
import VideoWallCore
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
        let up = Self.waitUntil(20) { (try? http.get("/api/v1/state"))?.status == 200 }
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
                                     ("big.mp4", Data(count: 5 << 20), 413)] {
            let refused = try http.request("POST", "/api/v1/media?name=" + name, headers: bearer, body: body)
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

    func testANetworkAddressWithoutATokenIsRefusedAtStart() throws {
        let refused = try CommandRunner.run(["--headless", "--http", "0.0.0.0:8080", "/nowhere.mp4"], timeout: 20)
        XCTAssertEqual(refused.status, 64, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("--http-token-file"), refused.standardError)
    }

    private static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }
}
