import Foundation
import VideoWallCore
import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// A leader playing a playlist: its follower plays the same list, joins it at the start of the
/// leader's next item (a playlist tile is not sought inside an item), changes item with it at
/// each boundary, and follows an item change the leader is told over its control port.
final class WallPlaylistTests: XCTestCase {
    /// Three items of 2 s, each at its own frame rate (so a frame's time stamp tells its item):
    /// H.264 at 30 fps with AAC sound, VP9 in WebM at 25 fps without, H.264 at 24 fps with key
    /// frames every 45. The follower starts about 2 s in; 7 s later the leader is sent
    /// `playlist-next`. Every frame the follower shows, its first included but for the 3.5 s
    /// after that command, the leader shows at the same moment (its same time stamp, within
    /// 1 ms p99).
    func testAFollowerFollowsItsLeadersPlaylistItemByItem() throws {
        let clips = try items()
        let scratch = try WallScratch("vw-wall-playlist")
        defer { withExtendedLifetime(scratch) {} }
        let (folder, controlPort) = (scratch.folder, scratch.controlPort)
        let list = folder + "/list.m3u"
        try (clips.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)

        // The leader plays until the test has its follower's run, then is stopped.
        let leaderRun = BackgroundRun(scratch.leaderArguments(quitAfter: 60, looping: true, [list]), timeout: 90)
        let runs = Runs()
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: controlPort), "the leader serves")
        Thread.sleep(forTimeInterval: 1)
        runs.start("follower") {
            try CommandRunner.run(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "15", "--render-log", folder + "/follower.log", "127.0.0.1:\(controlPort)"], timeout: 50)
        }
        Thread.sleep(forTimeInterval: 7)
        // A keyless control port (loopback) serves followers only: the leader's own socket
        // controls it.
        let refused = try IPCClient.request([.string("playlist-next")], host: "127.0.0.1", port: controlPort, timeout: .seconds(5))
        XCTAssertEqual(refused.error, "not allowed on this connection", "the control port does not take playlist-next")
        let commandAt = WallScratch.monotonicNow()
        let reply = try IPCClient.request([.string("playlist-next")], at: scratch.socket, timeout: .seconds(5))
        XCTAssertTrue(reply.succeeded, "the leader takes playlist-next: \(reply.error)")

        var results = runs.wait()
        results["leader"] = try leaderRun.stop()
        for (name, result) in results { XCTAssertEqual(result?.status, 0, "\(name): \(result?.standardError ?? "did not run")") }
        let leader = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/leader.log", encoding: .utf8)).filter { $0.tile == 1 }
        let follower = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/follower.log", encoding: .utf8)).filter { $0.tile == 1 }
        let said = results["follower"]??.standardError ?? ""
        // Every frame from the first (it joins at an item boundary, on its first frame), but
        // for the 3.5 s after the command (the follower sees the change within three reads,
        // and joins at the leader's next item that starts at least a second later).
        let compared = follower.filter { $0.release < commandAt || $0.release > commandAt + 3_500_000_000 }
        let apart = compared.map { entry in
            leader.filter { $0.presentationTime == entry.presentationTime }.map { abs(Int64(entry.release) - Int64($0.release)) }.min() ?? .max
        }
        XCTAssertGreaterThan(compared.filter { $0.release > commandAt }.count, 60, "the follower played on after the change: \(said)")
        // Its items, told by their frame rates: the follower showed more than one.
        let periods = Set(compared.compactMap { Self.period(of: $0.presentationTime) })
        XCTAssertGreaterThanOrEqual(periods.count, 2, "the follower changed item: \(said)")
        let sorted = apart.sorted()
        guard !sorted.isEmpty else { return XCTFail("the follower showed no frame: \(said)") }
        let off = zip(compared, apart).filter { $0.1 > 1_000_000 }
            .map { String(format: "pts %.3f s: %@", Double($0.0.presentationTime) / 1e9, $0.1 == .max ? "not shown by the leader" : String(format: "%.3f ms", Double($0.1) / 1e6)) }.prefix(12)
        XCTAssertLessThanOrEqual(sorted[sorted.count * 99 / 100], 1_000_000, "p99 of \(sorted.count) frames; apart: \(off); \(said)")
    }

    /// A playlist tile beside a plain one (a looping 10 s clip): the follower joins the wall on
    /// the plain tile, and the playlist tile on its own at the leader's next item (the plain
    /// tile playing on meanwhile). From 8 s after the follower starts, every frame of either
    /// tile it shows, the leader shows at the same moment (within 1 ms p99).
    func testAPlaylistTileBesideAnotherFollowsItemByItem() throws {
        let clips = try items() + [try plainClip()]
        let scratch = try WallScratch("vw-wall-playlist-beside")
        defer { withExtendedLifetime(scratch) {} }
        let (folder, controlPort) = (scratch.folder, scratch.controlPort)
        let list = folder + "/list.m3u"
        try (clips.prefix(3).joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)

        let leaderRun = BackgroundRun(scratch.leaderArguments(quitAfter: 60, looping: true, [clips[3], list]), timeout: 90)
        let runs = Runs()
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: controlPort), "the leader serves")
        Thread.sleep(forTimeInterval: 1)
        let followerStart = WallScratch.monotonicNow()
        runs.start("follower") {
            try CommandRunner.run(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "14", "--render-log", folder + "/follower.log", "127.0.0.1:\(controlPort)"], timeout: 50)
        }
        var results = runs.wait()
        results["leader"] = try leaderRun.stop()
        for (name, result) in results { XCTAssertEqual(result?.status, 0, "\(name): \(result?.standardError ?? "did not run")") }
        let said = results["follower"]??.standardError ?? ""
        let leader = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/leader.log", encoding: .utf8))
        let follower = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/follower.log", encoding: .utf8))
        for tile in [1, 2] {
            let theirs = leader.filter { $0.tile == tile }
            let compared = follower.filter { $0.tile == tile && $0.release > followerStart + 8_000_000_000 }
            XCTAssertGreaterThan(compared.count, 100, "tile \(tile) played on: \(said)")
            // The same time stamp comes back in each pass and each item: the nearest release.
            let apart = compared.map { entry in
                theirs.filter { $0.presentationTime == entry.presentationTime }.map { abs(Int64(entry.release) - Int64($0.release)) }.min() ?? .max
            }.sorted()
            guard !apart.isEmpty else { continue }
            XCTAssertLessThanOrEqual(apart[apart.count * 99 / 100], 1_000_000, "tile \(tile): p99 of \(apart.count) frames; \(said)")
        }
        let periods = Set(follower.filter { $0.tile == 2 && $0.release > followerStart + 8_000_000_000 }.compactMap { Self.period(of: $0.presentationTime) })
        XCTAssertGreaterThanOrEqual(periods.count, 2, "the playlist tile changed item: \(said)")
    }

    /// The leader's region playlist changed while it plays (its layout file rewritten and
    /// SIGHUP, as a save from its web page does): the follower takes up the new list too.
    /// From 4.5 s after the change (a second to read the leader's layout, an item to finish),
    /// it shows only the new list's item (24 fps, told by its time stamps), each frame when the
    /// leader shows it (within 1 ms p99).
    func testAFollowerTakesUpItsLeadersNewPlaylist() throws {
        let clips = try items() + [try plainClip()]
        let scratch = try WallScratch("vw-wall-new-playlist")
        defer { withExtendedLifetime(scratch) {} }
        let (folder, controlPort) = (scratch.folder, scratch.controlPort)
        func layout(_ items: [String]) -> String {
            // Tile 1 plays the clip given on the command line; tile 2 the region's own list.
            "name: list\nregions:\n  - {x: 0, y: 0, width: 0.5, height: 1}\n  - x: 0.5\n    y: 0\n    width: 0.5\n    height: 1\n    playlist:\n"
                + items.map { "      - \($0)\n" }.joined()
        }
        let file = folder + "/list.yaml"
        try layout([clips[0], clips[1]]).write(toFile: file, atomically: true, encoding: .utf8)
        let leaderRun = BackgroundRun(scratch.leaderArguments(quitAfter: 60, looping: true, [clips[3]]) + ["--layout", file], timeout: 90)
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: controlPort), "the leader serves")
        let followerRun = BackgroundRun(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "60", "--render-log", folder + "/follower.log",
                                         "127.0.0.1:\(controlPort)"], timeout: 90)
        XCTAssertNotNil(WallPauseTests.waitForFollowerInSync(port: controlPort, frames: 30, timeout: 15), "the follower joined")
        try layout([clips[2]]).write(toFile: file, atomically: true, encoding: .utf8)
        let changedAt = WallScratch.monotonicNow()
        kill(try XCTUnwrap(leaderRun.processID()), SIGHUP)
        Thread.sleep(forTimeInterval: 7)
        let results = ["follower": try followerRun.stop(), "leader": try leaderRun.stop()]
        for (name, result) in results { XCTAssertEqual(result.status, 0, "\(name): \(result.standardError)") }
        let said = results["follower"]?.standardError ?? ""
        XCTAssertTrue(said.contains("follow: tile 2 plays the leader's new playlist from its next item"), said)
        let leader = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/leader.log", encoding: .utf8)).filter { $0.tile == 2 }
        let follower = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/follower.log", encoding: .utf8)).filter { $0.tile == 2 }
        let compared = follower.filter { $0.release > changedAt + 4_500_000_000 }
        XCTAssertGreaterThan(compared.count, 40, "the follower played on after the change: \(said)")
        // (A time stamp on a whole second fits every item's rate and tells none.)
        let periods = Set(compared.compactMap { Self.period(of: $0.presentationTime) })
        XCTAssertEqual(periods, [41_666_667], "only the new list's 24 fps item: \(said)")
        let apart = compared.map { entry in
            leader.filter { $0.presentationTime == entry.presentationTime }.map { abs(Int64(entry.release) - Int64($0.release)) }.min() ?? .max
        }.sorted()
        guard !apart.isEmpty else { return }
        XCTAssertLessThanOrEqual(apart[apart.count * 99 / 100], 1_000_000, "p99 of \(apart.count) frames; \(said)")
    }

    /// The three items: H.264 at 30 fps with AAC sound, VP9 in WebM at 25 fps, H.264 at 24 fps
    /// with key frames every 45, 2 s each.
    private func items() throws -> [String] {
        try onMainLoop {
            [try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 60, keyFrameInterval: 13, audio: true, sound: .aacMono44k)),
             try await TestClips.clip(ClipSpec(width: 256, height: 256, frameRate: 25, frames: 50, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 7)),
             try await TestClips.clip(ClipSpec(width: 320, height: 240, frameRate: 24, frames: 48, keyFrameInterval: 45))]
        }
    }

    /// A plain 10 s clip to play beside a playlist tile.
    private func plainClip() throws -> String {
        try onMainLoop { try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: 30)) }
    }

    /// The frame period (of the three items') a time stamp is a whole number of (within 1 ms,
    /// as Matroska keeps milliseconds), if only one.
    private static func period(of presentationTime: UInt64) -> UInt64? {
        let fitting = [UInt64(33_333_333), 40_000_000, 41_666_667].filter { period in
            let remainder = presentationTime % period
            return remainder < 1_000_000 || period - remainder < 1_000_000
        }
        return fitting.count == 1 ? fitting[0] : nil
    }
}
