import Foundation
import VideoWallCore
import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// A leader told to pause pauses half a second later, its timeline saying when; its follower
/// pauses at the same instant: both show the same last frame at the same moment, the follower
/// none past it (an unscheduled pause left it playing on for a poll and its link's delay, then
/// seeking back), and both start again together.
final class WallPauseTests: XCTestCase {
    /// 60 fps H.264 with AAC sound (two frames 16.7 ms apart: a pause a few milliseconds off
    /// would stop on another frame), key frames every 20.
    func testAFollowerPausesWithItsLeaderOnTheSameFrame() throws {
        let clip = try onMainLoop {
            try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 60, frames: 1200, keyFrameInterval: 20, audio: true, sound: .aacMono44k))
        }
        let scratch = try WallScratch("vw-wall-pause", keyed: true)
        defer { withExtendedLifetime(scratch) {} }
        let (folder, controlPort) = (scratch.folder, scratch.controlPort)

        let leaderRun = BackgroundRun(scratch.leaderArguments(quitAfter: 60, [clip]), timeout: 90)
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: controlPort, key: scratch.key), "the leader serves")
        let followerRun = BackgroundRun(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "60", "--render-log", folder + "/follower.log"]
                                        + scratch.keyArguments + ["127.0.0.1:\(controlPort)"], timeout: 90)
        // The follower joins about 3 s after it starts (its clock settles first), later on a
        // busy machine: the pause waits until the leader hears it has played a second in sync.
        XCTAssertNotNil(Self.waitForFollowerInSync(port: controlPort, key: scratch.key, timeout: 12), "the follower joined in sync")
        Thread.sleep(forTimeInterval: 1)
        let pausedAt = WallScratch.monotonicNow()
        // The leader is controlled through its own socket: its control port serves followers.
        let paused = try IPCClient.request([.string("set_property"), .string("pause"), .bool(true)], at: scratch.socket, timeout: .seconds(5))
        XCTAssertTrue(paused.succeeded, "the leader takes the pause: \(paused.error)")
        Thread.sleep(forTimeInterval: 2)
        let resumedAt = WallScratch.monotonicNow()
        let resumed = try IPCClient.request([.string("set_property"), .string("pause"), .bool(false)], at: scratch.socket, timeout: .seconds(5))
        XCTAssertTrue(resumed.succeeded, "the leader takes the resume: \(resumed.error)")
        // Half a second until the resume, then two seconds of frames to compare.
        Thread.sleep(forTimeInterval: 2.5)
        let results = ["follower": try followerRun.stop(), "leader": try leaderRun.stop()]
        for (name, result) in results { XCTAssertEqual(result.status, 0, "\(name): \(result.standardError)") }
        let said = results["follower"]?.standardError ?? ""
        let leader = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/leader.log", encoding: .utf8))
        let follower = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/follower.log", encoding: .utf8))
        // The last frame each released before the resume (the frame a sink holds when paused
        // is logged when it plays again).
        func lastBeforeResume(_ entries: [RenderLogEntry]) -> RenderLogEntry? {
            entries.filter { $0.release > pausedAt - 3_000_000_000 && $0.release < resumedAt }.max { $0.presentationTime < $1.presentationTime }
        }
        let leaderLast = try XCTUnwrap(lastBeforeResume(leader), "the leader played before its pause")
        let followerLast = try XCTUnwrap(lastBeforeResume(follower), "the follower played before the pause: \(said)")
        XCTAssertGreaterThan(leaderLast.release, pausedAt + 400_000_000, "the leader played on half a second after it was told")
        XCTAssertEqual(followerLast.presentationTime, leaderLast.presentationTime, "the same last frame before the pause: \(said)")
        XCTAssertLessThanOrEqual(abs(Int64(followerLast.release) - Int64(leaderLast.release)), 1_000_000, "released together")
        XCTAssertFalse(said.contains("lining"), "no item to line up: \(said)")

        // After the resume (itself scheduled half a second ahead): together again.
        let leaderAfter = Dictionary(leader.filter { $0.release > resumedAt }.map { ($0.presentationTime, $0.release) }, uniquingKeysWith: min)
        let apart = follower.filter { $0.release > resumedAt }.compactMap { entry in leaderAfter[entry.presentationTime].map { abs(Int64(entry.release) - Int64($0)) } }.sorted()
        XCTAssertGreaterThan(apart.count, 60, "both played on after the resume: \(said)")
        guard !apart.isEmpty else { return }
        XCTAssertLessThanOrEqual(apart[apart.count * 99 / 100], 1_000_000, "p99 after the resume: \(said)")
    }

    /// Polls the leader's `wall-followers` until a follower says it is in sync and has shown
    /// `frames` frames (a second's at 60 fps; its tiles' count, kept across leaders); the
    /// count then, or nil when none did within `timeout` seconds.
    @discardableResult
    static func waitForFollowerInSync(port: Int, key: WallKey? = nil, frames: Double = 60, timeout: Double) -> Double? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let reply = try? IPCClient.request([.string("get_property"), .string("wall-followers")], host: "127.0.0.1", port: port, key: key, timeout: .seconds(1)),
               reply.succeeded, let data = reply.data,
               let list = try? JSONSerialization.jsonObject(with: Data(data.jsonText.utf8)) as? [[String: Any]],
               let shown = list.filter({ ($0["synchronised"] as? Bool) == true }).compactMap({ $0["frames-rendered"] as? Double }).max(),
               shown >= frames {
                return shown
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return nil
    }
}
