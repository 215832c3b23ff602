import Foundation
import VideoWallCore
@testable import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// The web control page in a real browser: Debian's headless Chromium, driven by selenium
/// (`Tests/Browser/page_check.py`, installed by `scripts/setup.sh`) against a real
/// `videowall` process. The page must show every tile's thumbnail, and its pause button and
/// seek bar must act on the wall, read back through the wall's IPC socket.
final class WebPageBrowserTests: XCTestCase {
    func testThePageShowsEveryTileAndItsPauseAndSeekActOnTheWall() throws {
        let clips = try onMainLoop(timeout: 120) {
            [try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frames: 900, keyFrameInterval: 30), in: TestClips.directory),
             try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 640, height: 360, frames: 900, keyFrameInterval: 30), in: TestClips.directory)]
        }
        let folder = TestClips.directory + "/browser-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let token = try WallKey.create(at: folder + "/token").text.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = try FreePort.tcp(), socket = folder + "/ipc.sock"
        let run = BackgroundRun(["--headless", "--quit-after", "90", "--http", "127.0.0.1:\(port)", "--http-token-file", folder + "/token",
                                 "--input-ipc-server", socket] + clips, timeout: 120)
        let http = RawHTTP(port: port)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? http.get("/api/v1/state"))?.status != 200 { Thread.sleep(forTimeInterval: 0.2) }
        let ipc = try IPCConnection(path: socket)
        Thread.sleep(forTimeInterval: 2)
        XCTAssertGreaterThan(try ipc.number("time-pos"), 1, "the wall plays before the page pauses it")

        let browser = try CommandRunner.run([Self.script, "http://127.0.0.1:\(port)/", token, "2"], program: "/usr/bin/python3", timeout: 90)
        XCTAssertEqual(browser.status, 0, browser.standardError)
        let line = browser.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], browser.standardOutput + browser.standardError)
        XCTAssertEqual(seen["tiles"] as? Int, 2, "\(seen)")
        XCTAssertEqual(seen["thumbnails"] as? Int, 2, "every tile's thumbnail is shown: \(seen)")
        XCTAssertEqual(seen["paused_button"] as? String, "Play", "\(seen)")
        XCTAssertEqual(seen["errors"] as? [String], [], "no errors in the page: \(seen)")
        XCTAssertEqual(try ipc.data(["get_property", "pause"]) as? Bool, true, "the page's button paused the wall")
        XCTAssertLessThan(try ipc.number("time-pos"), 0.1, "the page's seek bar took the wall to the start")

        _ = try? ipc.request(["quit"])
        let result = try run.finish(timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Browser/page_check.py").path
    }
}
