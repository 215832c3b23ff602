import Foundation
@testable import VideoWallCore
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

    /// A playlist edited on the page (a file of the media folder added, moved to the top, the
    /// last item removed) and saved: the layout file holds the new list, and the tile plays on
    /// through the item it showed, then the new list from its next item boundary: no item cut,
    /// no frame dropped. Read through the wall's IPC socket every 50 ms while the page works.
    func testAPlaylistEditSavedFromThePagePlaysAtTheNextItemBoundary() throws {
        // Six seconds each: the save lands inside an item, before playbin queues the next.
        let (first, second, added) = try onMainLoop(timeout: 120) {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 180)),
             try await TestClips.clip(ClipSpec(width: 176, height: 96, frameRate: 30, frames: 180)),
             try await TestClips.clip(ClipSpec(width: 192, height: 108, frameRate: 30, frames: 180)))
        }
        let folder = TestClips.directory + "/browser-list-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: added, toPath: folder + "/media/added.mp4")
        let layout = folder + "/wall.yaml"
        try """
            # Two regions: a playlist and a clip.
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1, playlist: ["\(first)", "\(second)"]}
              - {x: 0.5, y: 0, width: 0.5, height: 1, source: "\(first)"}
            """.write(toFile: layout, atomically: true, encoding: .utf8)
        let token = try WallKey.create(at: folder + "/token").text.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = try FreePort.tcp(), socket = folder + "/ipc.sock"
        let run = BackgroundRun(["--headless", "--loop", "--quit-after", "90", "--report", "-", "--layout", layout, "--http", "127.0.0.1:\(port)",
                                 "--http-token-file", folder + "/token", "--media-folder", folder + "/media", "--input-ipc-server", socket], timeout: 120)
        let http = RawHTTP(port: port)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? http.get("/api/v1/state"))?.status != 200 { Thread.sleep(forTimeInterval: 0.2) }
        let ipc = try IPCConnection(path: socket)
        _ = ipc.waitForEvent("file-loaded", timeout: 10)

        let samples = ItemSamples()
        let watcher = Thread {
            guard let reader = try? IPCConnection(path: socket) else { return }
            while !samples.isDone {
                if let item = try? reader.data(["get_property", "tile/1/item"]) as? String,
                   let position = try? reader.data(["get_property", "tile/1/time-pos"]) as? Double {
                    samples.add(item: item, position: position)
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        watcher.start()
        let browser = try CommandRunner.run([Self.directory + "/playlist_edit.py", "http://127.0.0.1:\(port)/", token, "1", "added.mp4"],
                                            program: "/usr/bin/python3", timeout: 90)
        XCTAssertEqual(browser.status, 0, browser.standardError)
        let line = browser.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], browser.standardOutput + browser.standardError)
        XCTAssertEqual(seen["rows_before"] as? [String], [first, second], "the page shows the layout's list: \(seen)")
        XCTAssertEqual(seen["rows_saved"] as? [String], [folder + "/media/added.mp4", first], "\(seen)")
        XCTAssertEqual((seen["note"] as? String)?.hasPrefix("saved to the layout"), true, "\(seen)")
        XCTAssertEqual(seen["errors"] as? [String], [], "no errors in the page: \(seen)")
        let savedAt = try XCTUnwrap(seen["saved_at"] as? Double)

        // The layout file holds the new list, and still loads.
        let saved = try LayoutParser.load(path: layout)
        XCTAssertEqual(saved.regions[0].playlist?.items.map(\.location), [folder + "/media/added.mp4", first])
        XCTAssertEqual(saved.regions[1].source, .location(first), "the other region is kept")

        // The tile comes to the added clip, from its start, at an item boundary.
        let arrived = Polling.until(20) {
            let added = samples.all.filter { $0.item.hasSuffix("/media/added.mp4") }
            return added.count > 1 && added.last!.time > added[0].time + 1
        }
        samples.finish()
        XCTAssertTrue(arrived, "the new list's first item came on")
        let after = samples.all.filter { $0.time >= savedAt - 0.3 }
        let newAt = try XCTUnwrap(after.firstIndex { $0.item.hasSuffix("/media/added.mp4") })
        // The item changes as the new one's stream starts, while the last frame of the one
        // before is still on screen (and its position read): the added clip's own positions
        // follow at once, from its start.
        let started = after[newAt...].prefix { $0.time < after[newAt].time + 0.5 }.first { $0.position < 1.0 }
        XCTAssertNotNil(started, "the added clip starts from its beginning: \(after[newAt...].prefix(10))")
        // Every item shown between the save and the added clip played to its end (6 s each).
        var index = 0
        while index < newAt {
            let item = after[index].item
            var last = index
            while last + 1 < newAt, after[last + 1].item == item, after[last + 1].position >= after[last].position { last += 1 }
            XCTAssertGreaterThan(after[last].position, 5.5, "\(item) was not cut at the save: \(after[index...last].map(\.position))")
            index = last + 1
        }
        XCTAssertLessThanOrEqual(Set(after[..<newAt].map(\.item)).count, 2, "the new list came on within two boundaries")

        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        let result = try run.finish(timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("its playlist was saved to"), result.standardError)
        for tile in try result.reportTiles() { XCTAssertEqual(tile["framesDropped"] as? Int, 0, "no frame lost to the edit: \(tile)") }
    }

    private final class ItemSamples: @unchecked Sendable {
        struct Sample: CustomStringConvertible {
            var time: Double, item: String, position: Double
            var description: String { "\(item.split(separator: "/").last ?? "") at \(position)" }
        }

        private let lock = NSLock()
        private var samples: [Sample] = []
        private var done = false

        func add(item: String, position: Double) {
            lock.withLock { samples.append(Sample(time: Date().timeIntervalSince1970, item: item, position: position)) }
        }

        var all: [Sample] { lock.withLock { samples } }
        var isDone: Bool { lock.withLock { done } }
        func finish() { lock.withLock { done = true } }
    }

    static var directory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Browser").path
    }

    static var script: String { directory + "/page_check.py" }
}
