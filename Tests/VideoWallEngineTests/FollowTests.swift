import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// A wall following another on GStreamer's network clock (walls across machines, in one
/// process here): the leader serves its clock, the follower's clock follows it over loopback,
/// and, told the leader's timeline, the follower shows the same frames at the same instants.
final class FollowTests: XCTestCase {
    func testAFollowerJoiningLateShowsEachFrameWhenTheLeaderDoes() throws {
        try onMainLoop(timeout: 90) {
            let clip = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: 30))
            let port = try FreePort.udp()
            var leading = WallConfiguration()
            leading.clockServicePort = port
            let leader = try Wall(configuration: leading)
            defer { leader.shutDown() }
            let leaderFrames = try RenderRecorder(name: "leader", clock: leader.clock)
            await leader.load([TileSpec(source: clip, output: leaderFrames.sink, muted: true, opensAudioDevice: false)])
            leader.play()
            await pause(seconds: 1.5)

            var following = WallConfiguration()
            following.clock = .network(host: "127.0.0.1", port: port)
            let follower = try Wall(configuration: following)
            defer { follower.shutDown() }
            let synced = await follower.waitForClockSync(timeout: .seconds(10))
            XCTAssertTrue(synced, "the follower's clock follows the leader's")
            let followerFrames = try RenderRecorder(name: "follower", clock: follower.clock)
            await follower.load([TileSpec(source: clip, output: followerFrames.sink, muted: true, opensAudioDevice: false)])
            let timeline = try XCTUnwrap(leader.timeline, "the leader shows a frame")
            XCTAssertTrue(timeline.isPlaying)
            let joinedAt = await follower.follow(timeline)
            let joined = try XCTUnwrap(joinedAt, "it joins a playing wall")
            await pause(seconds: 2)
            leader.pause()
            follower.pause()

            // Each frame the follower showed after it joined, against the leader's same frame.
            // By frame index: the follower's first frame carries its seek's nudged start as its time.
            func frame(_ time: MediaTime) -> Int64 { (time.nanoseconds + 2_000_000) / 33_333_333 }
            let leaderReleases = Dictionary(leaderFrames.rendered.map { (frame($0.presentationTime), $0.releaseTime) }, uniquingKeysWith: { a, _ in a })
            // Up to the leader's last frame (the two were paused one after the other).
            let leaderEnd = try XCTUnwrap(leaderFrames.rendered.last).releaseTime
            let after = followerFrames.rendered.filter { $0.releaseTime >= joined && $0.releaseTime <= leaderEnd }
            XCTAssertGreaterThan(after.count, 45, "the follower plays on: \(after.count) frames")
            let apart = after.compactMap { shown in leaderReleases[frame(shown.presentationTime)].map { (shown.releaseTime - $0).nanoseconds } }
            XCTAssertEqual(apart.count, after.count, "every frame the follower showed, the leader showed too")
            // The first frame, the one its seek prerolled, within a frame (seen 1 to 3 ms off); the
            // rest on time.
            XCTAssertLessThan(abs(apart.first ?? .max), 33_333_333, "the first frame within a frame of the leader's")
            let worst = apart.dropFirst().map { abs($0) }.max() ?? .max
            XCTAssertLessThan(worst, 1_000_000, "the same frame within 1 ms on both walls (worst \(Double(worst) / 1e6) ms)")
            XCTAssertEqual(follower.clockStatistics?.synchronised, true, "its clock says how well it follows")
        }
    }
}
