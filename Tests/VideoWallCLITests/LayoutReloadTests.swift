import Foundation
import VideoWallTestSupport
import XCTest

/// SIGHUP with `--layout`: the layout is read again; a region that now names another source
/// plays it in sync, the other tile plays on untouched, and the wall does not stop.
final class LayoutReloadTests: XCTestCase {
    func testHangUpReloadsTheSourcesOfTheLayout() throws {
        let (first, second) = try onMainLoop(timeout: 120) {
            (try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 600, audio: true)),
             try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 25, frames: 500, codec: .vp9, container: .webm)))
        }
        let layout = TestClips.directory + "/reload-\(UUID().uuidString.prefix(8)).yaml"
        func writeLayout(secondSource: String) throws {
            try """
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1, source: 1}
              - {x: 0.5, y: 0, width: 0.5, height: 1, source: "\(secondSource)"}
            """.write(toFile: layout, atomically: true, encoding: .utf8)
        }
        try writeLayout(secondSource: first)
        let socket = TestClips.directory + "/reload-\(UUID().uuidString.prefix(8)).sock"
        addTeardownBlock { unlink(socket) }
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--report", "-", "--layout", layout,
                                 "--input-ipc-server", socket, first])
        let ipc = try IPCConnection(path: socket)
        _ = ipc.waitForEvent("file-loaded", timeout: 10)
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/path"]) as? String, first)

        try writeLayout(secondSource: second)
        let pid = try XCTUnwrap(Self.pid(listeningOn: socket))
        kill(pid, SIGHUP)
        let reloaded = Polling.until(15) { (try? ipc.data(["get_property", "tile/2/path"]) as? String) == second }
        XCTAssertTrue(reloaded, "tile 2 plays the layout's new source")
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/path"]) as? String, first, "tile 1 is left alone")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/state"]) as? String, "playing")
        XCTAssertLessThan(try ipc.number("sync-error"), 0.05, "in sync after the reload")

        // A layout broken meanwhile is refused on one line; the wall goes on.
        try "regions: [".write(toFile: layout, atomically: true, encoding: .utf8)
        kill(pid, SIGHUP)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(try ipc.data(["get_property", "pause"]) as? Bool, false, "still playing after a refused reload")

        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        let result = try run.finish()
        XCTAssertEqual(result.status, 0, "SIGHUP reloaded, it did not stop the wall: \(result.standardError)")
        XCTAssertTrue(result.standardError.contains("tile 2: now plays"), result.standardError)
        XCTAssertTrue(result.errorLines.contains { $0.hasPrefix("videowall: error: SIGHUP:") && $0.hasSuffix("the wall goes on as it was") },
                      result.standardError)
        let tiles = try result.reportTiles()
        XCTAssertEqual(tiles.first?["framesDropped"] as? Int, 0, "tile 1 lost nothing to the reload")
    }

    /// SIGHUP reads a layout's playlists again: a region's `playlist:` and a playlist file
    /// that changed are each played from the tile's next item boundary (no item cut, no frame
    /// lost), and the tiles never stop.
    func testHangUpReloadsPlaylistsAtTheNextItem() throws {
        let clips = try onMainLoop(timeout: 120) {
            [try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, audio: true)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 24, pattern: "ball")),
             try await TestClips.clip(ClipSpec(width: 200, height: 200, frameRate: 25, frames: 25, codec: .vp9, container: .webm, keyFrameInterval: 7))]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-reload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(layoutItems: [String], listItems: [String]) throws {
            try """
            regions:
              - x: 0
                y: 0
                width: 0.5
                height: 1
                playlist: [\(layoutItems.map { "\"\($0)\"" }.joined(separator: ", "))]
              - {x: 0.5, y: 0, width: 0.5, height: 1, source: "\(folder)/list.m3u"}
            """.write(toFile: folder + "/wall.yaml", atomically: true, encoding: .utf8)
            try ("#EXTM3U\n" + listItems.joined(separator: "\n") + "\n").write(toFile: folder + "/list.m3u", atomically: true, encoding: .utf8)
        }
        try write(layoutItems: [clips[0], clips[1]], listItems: [clips[1], clips[0]])
        let socket = TestClips.directory + "/reload-\(UUID().uuidString.prefix(8)).sock"
        addTeardownBlock { unlink(socket) }
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--loop", "--report", "-", "--layout", folder + "/wall.yaml",
                                 "--input-ipc-server", socket])
        let ipc = try IPCConnection(path: socket)
        _ = ipc.waitForEvent("file-loaded", timeout: 10)
        XCTAssertEqual(try ipc.number("tile/1/item-count"), 2)

        try write(layoutItems: [clips[2]], listItems: [clips[2], clips[0], "missing.mp4"])
        kill(try XCTUnwrap(Self.pid(listeningOn: socket)), SIGHUP)
        let reloaded = Polling.until(15) {
            (1...2).allSatisfy { (try? ipc.data(["get_property", "tile/\($0)/item"]) as? String) == clips[2] }
        }
        XCTAssertTrue(reloaded, "both tiles came to the new lists' first item")
        XCTAssertEqual(try ipc.number("tile/1/item-count"), 1)
        XCTAssertEqual(try ipc.number("tile/2/item-count"), 2, "the missing entry is left out")
        for tile in 1...2 { XCTAssertEqual(try ipc.data(["get_property", "tile/\(tile)/state"]) as? String, "playing") }
        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        let result = try run.finish()
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError.components(separatedBy: "its playlist was read again").count - 1, 2, result.standardError)
        XCTAssertTrue(result.errorLines.contains { $0.contains("tile 2: skipped") && $0.contains("missing.mp4") }, result.standardError)
        for tile in try result.reportTiles() {
            XCTAssertEqual(tile["framesDropped"] as? Int, 0, "no item was cut and no frame lost: \(tile)")
            XCTAssertEqual(tile["recoveries"] as? Int ?? 0, 0, "\(tile)")
        }
    }

    /// The videowall process serving `socket` (its command line names it).
    private static func pid(listeningOn socket: String) -> pid_t? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for entry in entries {
            guard let pid = Int32(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.first?.hasSuffix("/videowall") == true, arguments.contains(socket) { return pid }
        }
        return nil
    }
}
