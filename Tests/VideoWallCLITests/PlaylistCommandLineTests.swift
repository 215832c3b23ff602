import Foundation
import VideoWallEngine
import VideoWallTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Playlists from the command line and from a layout, run as a user runs them: a folder as a
/// MEDIA argument goes from item to item, the report says which item is on screen and how
/// many changes there were, and a skipped entry is one warning line naming it.
final class PlaylistCommandLineTests: XCTestCase {
    func testAFolderAndALayoutPlaylistPlayTheirItemsAndTheReportCountsTheChanges() throws {
        let (a, b) = try onMainLoop {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, audio: true)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 24, pattern: "ball")))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-cli-playlist-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/items", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/items/1-first.mp4", withDestinationPath: a)
        try FileManager.default.createSymbolicLink(atPath: folder + "/items/2-second.mp4", withDestinationPath: b)
        try onMainLoop {
            try await ClipGenerator.run("videotestsrc num-buffers=1 ! video/x-raw,width=200,height=100 ! pngenc ! filesink location=\(folder)/items/10-poster.png", timeout: 20)
        }
        let layout = """
        regions:
          - {x: 0, y: 0, width: 0.5, height: 1}
          - x: 0.5
            y: 0
            width: 0.5
            height: 1
            playlist:
              - \(b)
              - \(folder)/nowhere.mp4
              - source: \(a)
                speed: 2
                reverse: true
        """
        try layout.write(toFile: folder + "/wall.yaml", atomically: true, encoding: .utf8)

        // 1 s, 0.8 s and a still for 0.5 s: in 4 s each tile changes item at least three times.
        let result = try CommandRunner.run(["--headless", "--quit-after", "4", "--loop", "--image-duration", "0.5", "--layout", folder + "/wall.yaml",
                                            "--report", "-", folder + "/items"], timeout: 40)
        XCTAssertEqual(result.status, 0, result.standardError)
        let report = try result.reportTiles()
        XCTAssertEqual(report.count, 2, "\(report)")
        for tile in report {
            XCTAssertEqual(tile["state"] as? String, "playing", "\(tile)")
            XCTAssertGreaterThanOrEqual(tile["itemChanges"] as? Int ?? 0, 3, "\(tile)")
            XCTAssertNotNil(tile["item"] as? String, "\(tile)")
            XCTAssertGreaterThanOrEqual(tile["framesRendered"] as? Int ?? 0, 100, "\(tile)")
        }
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("nowhere.mp4") && $0.contains("file not found") }.count, 1, result.standardError)
        XCTAssertFalse(result.standardError.contains("not applied"), "every item option is applied: \(result.standardError)")
        XCTAssertTrue((report[1]["warnings"] as? [String] ?? []).contains { $0.contains("nowhere.mp4") }, "the report says what was skipped: \(report[1])")
        // Headless, the summary says the same in words.
        XCTAssertEqual(lines.filter { $0.contains("summary: tile 2:") && $0.contains("item changes") && !$0.contains("loops") }.count, 1, result.standardError)
        // The folder's tile: 30 + 24 frames and one still a round, about 2.3 s.
        XCTAssertGreaterThanOrEqual(report[0]["itemChanges"] as? Int ?? 0, 4, "the still is an item: \(report[0])")
    }

    /// A paused wall whose only tile is a playlist is told `playlist-next`: the tile stands on
    /// the next item's first frame, the wall stays paused (it ended, and the program with it,
    /// when the tile's change of source counted as its failure), and plays on when told.
    func testAPausedWallChangesItemAndStaysUp() throws {
        let clips = try onMainLoop(timeout: 120) {
            [try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 300, keyFrameInterval: 45, audio: true)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 250, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 11))]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-paused-playlist-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, clip) in zip(["a.mp4", "b.webm"], clips) {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: clip)
        }
        let socket = TestClips.directory + "/ipc-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(socket) }
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--report", "-", "--input-ipc-server", socket, folder])
        let ipc = try IPCConnection(path: socket)
        _ = ipc.waitForEvent("file-loaded", timeout: 10)
        XCTAssertEqual(try ipc.request(["set_property", "pause", true])["error"] as? String, "success")
        XCTAssertEqual(try ipc.request(["playlist-next"])["error"] as? String, "success")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/item"]) as? String, folder + "/b.webm", "the next item")
        XCTAssertEqual(try ipc.data(["get_property", "pause"]) as? Bool, true, "the wall is still there, paused")
        XCTAssertEqual(try ipc.number("time-pos"), 0, accuracy: 0.05, "on the item's first frame")
        XCTAssertEqual(try ipc.request(["set_property", "pause", false])["error"] as? String, "success")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/state"]) as? String, "playing")
        XCTAssertGreaterThan(try ipc.number("time-pos"), 0.5, "it plays on")
        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        let result = try run.finish()
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(result.standardError.contains("error"), result.standardError)
    }

    /// mpv's playlist commands over the IPC socket, per tile: `playlist-next`, `playlist-prev`,
    /// `tile/N/item-pos` set by a client, each answered once the item is on screen and told as
    /// `item-changed`; a tile with no playlist is refused.
    func testARemoteClientChangesATilesItem() throws {
        let clips = try onMainLoop(timeout: 120) {
            [try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 300, keyFrameInterval: 45, audio: true)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 250, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 11)),
             try await TestClips.clip(ClipSpec(width: 128, height: 128, frameRate: 30, frames: 240, pattern: "smpte"))]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-ipc-playlist-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, clip) in zip(["a.mp4", "b.webm", "c.mp4"], clips) {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: clip)
        }
        let socket = TestClips.directory + "/ipc-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(socket) }
        let run = BackgroundRun(["--headless", "--quit-after", "60", "--report", "-", "--input-ipc-server", socket, folder, clips[0]])
        let ipc = try IPCConnection(path: socket)
        _ = ipc.waitForEvent("file-loaded", timeout: 10)
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/item"]) as? String, folder + "/a.mp4")
        XCTAssertEqual(try ipc.number("tile/1/item-pos"), 1)
        XCTAssertEqual(try ipc.number("tile/1/item-count"), 3)
        XCTAssertEqual(try ipc.request(["get_property", "tile/2/item"])["error"] as? String, "property unavailable", "tile 2 plays one clip")

        XCTAssertEqual(try ipc.request(["playlist-next", 1])["error"] as? String, "success")
        XCTAssertNotNil(ipc.waitForEvent("item-changed") { $0["tile"] as? Int == 1 && $0["item"] as? Int == 2 }, "\(ipc.events)")
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/item"]) as? String, folder + "/b.webm")
        XCTAssertEqual(try ipc.number("tile/1/fps"), 25, "the item's own stream is playing")
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/state"]) as? String, "playing")

        XCTAssertEqual(try ipc.request(["set_property", "tile/1/item-pos", 3])["error"] as? String, "success")
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/item"]) as? String, folder + "/c.mp4")
        XCTAssertEqual(try ipc.request(["playlist-prev"])["error"] as? String, "success", "every playlist tile")
        XCTAssertEqual(try ipc.data(["get_property", "tile/1/item"]) as? String, folder + "/b.webm")
        XCTAssertEqual(try ipc.number("tile/1/item-changes"), 3)
        XCTAssertEqual(try ipc.request(["playlist-next", 2])["error"] as? String, "error running command", "tile 2 has no playlist")
        XCTAssertEqual(try ipc.request(["set_property", "tile/1/item-pos", 4])["error"] as? String, "error accessing property")
        XCTAssertEqual(try ipc.data(["get_property", "tile/2/state"]) as? String, "playing", "the other tile played on")
        XCTAssertEqual(try ipc.request(["quit"])["error"] as? String, "success")
        let result = try run.finish()
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try result.reportTiles()[1]["framesDropped"] as? Int, 0, "the other tile lost nothing")
    }

    func testAnEmptyFolderIsAFailedTileWithItsReasonAndTheOthersPlay() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-cli-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--report", "-", folder, clip], timeout: 30)
        let report = try result.reportTiles()
        XCTAssertEqual(report.first?["state"] as? String, "failed", "\(report)")
        XCTAssertEqual(report.first?["error"] as? String, "the folder holds no video or image file", "\(report)")
        XCTAssertEqual(report.last?["state"] as? String, "playing", "\(report)")
        XCTAssertTrue(result.standardError.contains("tile 1: "), result.standardError)
    }
}
