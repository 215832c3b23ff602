import Foundation
import VideoWallTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `--input-ipc-server`: mpv's JSON IPC on a real socket, against a real wall (an H.264 clip
/// with sound at 30 fps beside a silent VP9 WebM at 25 fps with other key-frame spacing).
final class RemoteControlTests: XCTestCase {
    private func clips() throws -> [String] {
        try onMainLoop(timeout: 120) {
            [try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: 45, audio: true)),
             try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 25, frames: 200, codec: .vp9, container: .webm,
                                               keyFrameInterval: 12))]
        }
    }

    private func socketPath() -> String {
        let path = TestClips.directory + "/ipc-\(UUID().uuidString.prefix(8)).sock"
        addTeardownBlock { unlink(path) }
        return path
    }

    /// Reading, setting, seeking, stepping and quitting, each answered as mpv answers, and each
    /// checked against what the wall then does.
    func testCommandsAndPropertiesActOnTheWall() throws {
        let media = try clips(), path = socketPath()
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--report", "-", "--input-ipc-server", path] + media)
        let ipc = try IPCConnection(path: path)
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600, "only its owner may drive the wall")

        // Playing: the position moves.
        _ = ipc.waitForEvent("file-loaded", timeout: 10)
        let first = try ipc.number("time-pos")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertGreaterThan(try ipc.number("time-pos"), first + 0.3, "the wall plays")
        XCTAssertEqual(try ipc.data(["get_property", "pause"]) as? Bool, false)
        XCTAssertEqual(try ipc.number("duration"), 10, accuracy: 0.05, "the longest clip")

        // Paused: it stays.
        XCTAssertEqual(try ipc.request(["set_property", "pause", true])["error"] as? String, "success")
        let held = try ipc.number("time-pos")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try ipc.number("time-pos"), held, accuracy: 0.001, "paused")
        XCTAssertEqual(try ipc.data(["get_property", "pause"]) as? Bool, true)

        // An exact seek puts every tile on the target, and says so with mpv's events.
        XCTAssertEqual(try ipc.request(["seek", 4.2, "absolute+exact"])["error"] as? String, "success")
        XCTAssertEqual(try ipc.number("time-pos"), 4.2, accuracy: 0.045)
        XCTAssertEqual(try ipc.number("tile/1/time-pos"), 4.2, accuracy: 0.034, "30 fps tile")
        XCTAssertEqual(try ipc.number("tile/2/time-pos"), 4.2, accuracy: 0.041, "25 fps tile")
        XCTAssertNotNil(ipc.waitForEvent("seek"), "seek event: \(ipc.events)")
        XCTAssertNotNil(ipc.waitForEvent("playback-restart"), "playback-restart event: \(ipc.events)")

        // A frame step moves on and stays paused; a relative seek moves from there.
        let before = try ipc.number("time-pos")
        XCTAssertEqual(try ipc.request(["frame-step"])["error"] as? String, "success")
        let stepped = try ipc.number("time-pos")
        XCTAssertGreaterThan(stepped, before + 0.01)
        XCTAssertLessThan(stepped, before + 0.08, "one frame, not more")
        XCTAssertEqual(try ipc.request(["seek", "-2", "relative+exact"])["error"] as? String, "success")
        XCTAssertEqual(try ipc.number("time-pos"), stepped - 2, accuracy: 0.045)

        // Speed, volume, mute, loop: set, read back, refused out of range or of the wrong type.
        XCTAssertEqual(try ipc.request(["set_property", "speed", 2])["error"] as? String, "success")
        XCTAssertEqual(try ipc.number("speed"), 2)
        XCTAssertEqual(try ipc.request(["set_property", "volume", 50])["error"] as? String, "success")
        XCTAssertEqual(try ipc.number("volume"), 50)
        XCTAssertEqual(try ipc.request(["set_property", "volume", 500])["error"] as? String, "error accessing property")
        XCTAssertEqual(try ipc.request(["set_property", "volume", "loud"])["error"] as? String, "unsupported format for accessing property")
        XCTAssertEqual(try ipc.request(["cycle", "mute"])["error"] as? String, "success")
        XCTAssertEqual(try ipc.data(["get_property", "mute"]) as? Bool, true)
        XCTAssertEqual(try ipc.request(["set_property", "loop", "inf"])["error"] as? String, "success")
        XCTAssertEqual(try ipc.data(["get_property", "loop"]) as? String, "inf")
        XCTAssertEqual(try ipc.data(["get_property_string", "pause"]) as? String, "yes")

        // The wall's own properties.
        let tiles = try XCTUnwrap(try ipc.data(["get_property", "tiles"]) as? [[String: Any]])
        XCTAssertEqual(tiles.map { $0["path"] as? String }, media)
        XCTAssertEqual(tiles.map { $0["fps"] as? Double }, [30, 25])
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/state"]) as? String, "paused")
        XCTAssertEqual(try ipc.number("tile/2/width"), 240)
        XCTAssertLessThan(try ipc.number("sync-error"), 0.05, "paused on one instant")
        XCTAssertEqual(try ipc.request(["get_property", "tile/7/state"])["error"] as? String, "property unavailable")
        XCTAssertEqual(try ipc.request(["get_property", "no-such-thing"])["error"] as? String, "property not found")
        XCTAssertEqual(try ipc.request(["set_property", "tile/1/state", "playing"])["error"] as? String, "error accessing property")
        XCTAssertEqual(try ipc.request(["screenshot-to-file", "/tmp/x.png"])["error"] as? String, "error running command",
                       "headless: there is no window to capture")

        // The A-B loop, as mpv has it: "no" until set; with both points the wall goes to A.
        XCTAssertEqual(try ipc.data(["get_property", "ab-loop-a"]) as? String, "no")
        XCTAssertEqual(try ipc.request(["set_property", "ab-loop-a", 1])["error"] as? String, "success")
        XCTAssertEqual(try ipc.request(["set_property", "ab-loop-b", 2])["error"] as? String, "success")
        XCTAssertEqual(try ipc.number("ab-loop-b"), 2)
        XCTAssertEqual(try ipc.number("time-pos"), 1, accuracy: 0.045, "the wall went to A")
        XCTAssertEqual(try ipc.request(["set_property", "ab-loop-b", "later"])["error"] as? String, "unsupported format for accessing property")
        XCTAssertEqual(try ipc.request(["set_property", "ab-loop-a", "no"])["error"] as? String, "success")
        XCTAssertEqual(try ipc.request(["set_property", "ab-loop-b", "no"])["error"] as? String, "success")
        XCTAssertEqual(try ipc.data(["get_property", "ab-loop-b"]) as? String, "no")

        // A tile's offset: in frames of that tile or seconds; the tile moves by as much, the
        // other stays; the sync error counts offsets; nonsense and an out-of-range value refused.
        let standing = try ipc.number("tile/1/time-pos")
        XCTAssertEqual(try ipc.request(["set_property", "tile/2/offset", "5f"])["error"] as? String, "success")
        XCTAssertEqual(try ipc.number("tile/2/offset"), 0.2, accuracy: 0.0001, "five frames at 25 fps")
        XCTAssertEqual(try ipc.number("tile/1/time-pos"), standing, accuracy: 0.001, "the other tile keeps its frame")
        XCTAssertEqual(try ipc.number("tile/2/time-pos"), standing - 0.2, accuracy: 0.041)
        XCTAssertLessThan(try ipc.number("sync-error"), 0.05, "on the wall's timeline the tiles agree")
        XCTAssertEqual(try ipc.request(["add", "tile/2/offset", -0.1])["error"] as? String, "success")
        XCTAssertEqual(try ipc.number("tile/2/offset"), 0.1, accuracy: 0.0001)
        XCTAssertEqual(try ipc.request(["set_property", "tile/2/offset", "soon"])["error"] as? String, "unsupported format for accessing property")
        XCTAssertEqual(try ipc.request(["set_property", "tile/2/offset", 4000])["error"] as? String, "unsupported format for accessing property")

        // quit N: the reply, the shutdown event, the report, exit status N, the socket gone.
        XCTAssertEqual(try ipc.request(["quit", 9])["error"] as? String, "success")
        XCTAssertNotNil(ipc.waitForEvent("shutdown"))
        let result = try run.finish()
        XCTAssertEqual(result.status, 9, result.standardError)
        let reported = try result.reportTiles()
        XCTAssertEqual(reported.count, 2)
        XCTAssertNil(reported.first?["offset"], "no offset, no field")
        XCTAssertEqual(reported.last?["offset"] as? Double, 0.1, "the report gives each tile's offset")
        XCTAssertNotEqual(lstat(path, &status), 0, "the socket file is removed at exit")
    }

    /// Observers hear of changes whoever made them; each client gets its own events.
    func testObservedPropertiesAndEventsReachEveryClient() throws {
        let media = try clips(), path = socketPath()
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--input-ipc-server", path] + media)
        let watcher = try IPCConnection(path: path), driver = try IPCConnection(path: path)
        XCTAssertEqual(try watcher.request(["observe_property", 7, "pause"])["error"] as? String, "success")
        let initial = try XCTUnwrap(watcher.waitForEvent("property-change"), "the value at once")
        XCTAssertEqual(initial["id"] as? Int, 7)
        XCTAssertEqual(initial["name"] as? String, "pause")

        XCTAssertEqual(try driver.request(["set_property", "pause", true])["error"] as? String, "success")
        let change = watcher.waitForEvent("property-change") { $0["data"] as? Bool == true }
        XCTAssertNotNil(change, "the watcher hears another client's change: \(watcher.events)")
        XCTAssertNil(driver.waitForEvent("property-change", timeout: 0.5), "the driver observes nothing")

        // A text line runs without a reply, as in mpv.
        driver.send("set pause no\n")
        XCTAssertNotNil(watcher.waitForEvent("property-change") { $0["data"] as? Bool == false })
        XCTAssertEqual(try watcher.request(["unobserve_property", 7])["error"] as? String, "success")
        XCTAssertEqual(try watcher.request(["disable_event", "all"])["error"] as? String, "success")
        XCTAssertEqual(try driver.request(["seek", 1, "absolute"])["error"] as? String, "success")
        XCTAssertNotNil(driver.waitForEvent("seek"), "the driver still hears events")
        XCTAssertNil(watcher.waitForEvent("seek", timeout: 0.5), "the watcher turned them off")

        XCTAssertEqual(try driver.request(["quit"])["error"] as? String, "success")
        XCTAssertEqual(try run.finish().status, 0)
    }

    /// Bad JSON, unknown commands, a line of megabytes, a flood of requests from a client that
    /// never reads, more clients than the wall takes, a client gone mid-line: each gets an
    /// error or a closed connection, and the wall plays on without a dropped frame.
    func testHostileClientsNeverStallTheWall() throws {
        let media = try clips(), path = socketPath()
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--report", "-", "--input-ipc-server", path] + media)
        let good = try IPCConnection(path: path)
        _ = good.waitForEvent("file-loaded", timeout: 10)

        let confused = try IPCConnection(path: path)
        confused.send("{\"command\": [\"get_property\", \n")
        XCTAssertEqual(confused.readLine(), #"{"error":"invalid parameter","request_id":0}"#)
        confused.send(#"{"command": ["fly_to_the_moon"], "request_id": 3}"# + "\n")
        XCTAssertEqual(confused.readLine(), #"{"error":"invalid parameter","request_id":3}"#)
        confused.send(#"{"command": ["seek", {"a": [1]}], "request_id": 4}"# + "\n")
        XCTAssertEqual(confused.readLine(), #"{"error":"invalid parameter","request_id":4}"#)
        XCTAssertEqual(try confused.request(["get_property", "pause"])["error"] as? String, "success", "still served after errors")

        // Two megabytes with no newline: an error, then the connection closes.
        let huge = try IPCConnection(path: path)
        huge.send(String(repeating: "x", count: 2 * 1024 * 1024))
        XCTAssertEqual(huge.readLine(), #"{"error":"invalid parameter","request_id":0}"#)
        XCTAssertNil(huge.readLine())
        XCTAssertTrue(huge.closed, "an overlong line closes its connection")

        // A client that floods requests and never reads its replies.
        let flooder = try IPCConnection(path: path)
        let floodLine = #"{"command": ["get_property", "tiles"]}"# + "\n"
        let flood = Thread { for _ in 0..<20_000 { flooder.send(floodLine) } }
        flood.start()
        // A client gone in the middle of a line, and more clients than the wall serves.
        do {
            let leaving = try IPCConnection(path: path)
            leaving.send(#"{"command": ["get_prop"#)
        }
        let crowd = try (0..<20).map { _ in try IPCConnection(path: path) }

        // Meanwhile the wall plays, and a polite client is answered promptly.
        var positions: [Double] = []
        for _ in 0..<6 {
            let asked = Date()
            positions.append(try good.number("time-pos"))
            XCTAssertLessThan(Date().timeIntervalSince(asked), 0.25, "answered promptly despite the flood: a client waits behind no other client's backlog")
            Thread.sleep(forTimeInterval: 0.25)
        }
        XCTAssertEqual(positions, positions.sorted(), "the wall keeps playing: \(positions)")
        XCTAssertGreaterThan(positions.last! - positions.first!, 1.0, "\(positions)")
        let refused = crowd.filter { $0.readLine(timeout: 0.05) == nil && $0.closed }
        XCTAssertGreaterThan(refused.count, 0, "more than 16 clients: the extra ones are closed")

        XCTAssertEqual(try good.request(["quit"])["error"] as? String, "success")
        let result = try run.finish()
        XCTAssertEqual(result.status, 0, result.standardError)
        for tile in try result.reportTiles() {
            XCTAssertEqual(tile["framesDropped"] as? Int, 0, "no frame lost to the clients: \(tile)")
        }
        _ = crowd
    }

    /// Timed metadata in an HLS stream (ID3 tags in its segments) reaches every client as a
    /// `metadata` event for its tile, one per tag, in the stream's order.
    func testTimedMetadataOfAnHLSStreamReachesClients() throws {
        let folder = try onMainLoop(timeout: 60) { try await TestClips.hlsStream() }
        let tagged = TestClips.directory + "/hls-ipc-id3-\(UUID().uuidString.prefix(6))"
        try FileManager.default.copyItem(atPath: folder, toPath: tagged)
        defer { try? FileManager.default.removeItem(atPath: tagged) }
        _ = try TimedMetadataStream.tagSegments(ofPlaylist: tagged + "/playlist.m3u8", offset: 0.2)
        let server = try LoopbackHTTPServer(serving: tagged)
        defer { server.terminate() }
        let path = socketPath()
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--input-ipc-server", path, server.url(for: "playlist.m3u8")])
        let ipc = try IPCConnection(path: path)
        var titles: [String] = []
        while titles.count < 3, let event = ipc.waitForEvent("metadata", timeout: 8) {
            XCTAssertEqual(event["tile"] as? Int, 1)
            if let title = (event["data"] as? [String: Any])?["title"] as? String, titles.last != title { titles.append(title) }
        }
        XCTAssertEqual(titles, ["segment 0", "segment 1", "segment 2"])
        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        XCTAssertEqual(try run.finish().status, 0)
    }

    /// `loadfile URL replace TILE` and `set_property tile/N/path URL`: that tile plays the new
    /// source in sync with the wall; a source that cannot play is `loading failed` and changes
    /// nothing.
    func testLoadfileGivesOneTileAnotherSource() throws {
        let media = try clips(), path = socketPath()
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--input-ipc-server", path, media[0], media[0]])
        let ipc = try IPCConnection(path: path)
        _ = ipc.waitForEvent("file-loaded", timeout: 10)
        XCTAssertEqual(try ipc.request(["loadfile", media[1], "replace", 2])["error"] as? String, "success")
        XCTAssertNotNil(ipc.waitForEvent("file-loaded") { $0["tile"] as? Int == 2 }, "\(ipc.events)")
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/path"]) as? String, media[1])
        XCTAssertEqual(try ipc.number("tile/2/fps"), 25, "the new source's stream")
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/state"]) as? String, "playing")
        XCTAssertLessThan(try ipc.number("sync-error"), 0.05)
        XCTAssertEqual(try ipc.request(["loadfile", "/nonexistent/clip.mp4", "replace", 2])["error"] as? String, "loading failed")
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/path"]) as? String, media[1], "a refused source changes nothing")
        XCTAssertEqual(try ipc.request(["loadfile", media[1], "append"])["error"] as? String, "invalid parameter")
        XCTAssertEqual(try ipc.request(["set_property", "tile/2/path", media[0]])["error"] as? String, "success")
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/path"]) as? String, media[0])
        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        XCTAssertEqual(try run.finish().status, 0)
    }

    /// What is at the socket's path already: a file is never replaced, a live socket (another
    /// wall) is left alone, a stale one (a crashed run's) is.
    func testTheSocketReplacesOnlyAStaleSocket() throws {
        let media = try clips(), path = socketPath()
        FileManager.default.createFile(atPath: path, contents: Data("precious".utf8))
        let refused = try CommandRunner.run(["--headless", "--quit-after", "1", "--input-ipc-server", path, media[0]], timeout: 20)
        XCTAssertEqual(refused.status, 3, refused.standardError)
        XCTAssertEqual(refused.errorLines.count, 1, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("exists and is not a socket; not replaced"), refused.standardError)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "precious")
        unlink(path)

        // A stale socket: bound, then its program gone without removing it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8); raw.copyBytes(from: bytes); raw[bytes.count] = 0
        }
        XCTAssertEqual(withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }, 0)
        close(stale)
        let run = BackgroundRun(["--headless", "--quit-after", "30", "--input-ipc-server", path, media[0]])
        let ipc = try IPCConnection(path: path)
        XCTAssertEqual(try ipc.request(["client_name"])["data"] as? String, "ipc-1", "the stale socket was replaced and serves")

        // A second wall on the same path finds it live and leaves it.
        let second = try CommandRunner.run(["--headless", "--quit-after", "1", "--input-ipc-server", path, media[0]], timeout: 20)
        XCTAssertEqual(second.status, 3, second.standardError)
        XCTAssertTrue(second.standardError.contains("another program is listening on it; not replaced"), second.standardError)
        XCTAssertEqual(try ipc.request(["get_property", "pause"])["error"] as? String, "success", "the first wall still serves")

        // `videowall ipc` for scripts: the answer on standard output, mpv's error and status 1,
        // status 3 when no wall answers. (The length is known once the discoverer described the
        // source, which on a busy machine can come after the socket serves: waited for first.)
        let deadline = Date().addingTimeInterval(10)
        while (try? ipc.request(["get_property", "duration"]))?["error"] as? String != "success", Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let duration = try CommandRunner.run(["ipc", path, "get_property", "duration"], timeout: 20)
        XCTAssertEqual(duration.status, 0, duration.standardError)
        XCTAssertEqual(Double(duration.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 10, accuracy: 0.05)
        let wrong = try CommandRunner.run(["ipc", path, "get_property", "nonsense"], timeout: 20)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertEqual(wrong.errorLines, ["videowall: error: get_property nonsense: property not found"])
        let quit = try CommandRunner.run(["ipc", path, "quit"], timeout: 20)
        XCTAssertEqual(quit.status, 0, quit.standardError)
        XCTAssertEqual(try run.finish().status, 0)
        let nobody = try CommandRunner.run(["ipc", path, "get_property", "pause"], timeout: 20)
        XCTAssertEqual(nobody.status, 3)
        XCTAssertEqual(nobody.errorLines.count, 1, nobody.standardError)
    }
}
