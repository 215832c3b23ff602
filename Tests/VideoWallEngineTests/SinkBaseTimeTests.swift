import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// A tile's base time reaches its paused video sink at once, not only when the pipeline next
/// goes to PLAYING: a window reads the sink's base time to place the frames it holds, and a
/// frame prerolled for a group's later wrap must not look due already.
final class SinkBaseTimeTests: XCTestCase {
    func testAPausedTilesSinkTakesItsNewBaseTimeAtOnceAndAPlayingOneAtItsNextStart() throws {
        try onMainLoop(timeout: 30) {
            let clip = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 60))
            let wall = try Wall(configuration: WallConfiguration())
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: clip)])
            let player = try XCTUnwrap(wall.players.first)
            XCTAssertEqual(player.videoSink.renderer.currentState.current, .paused, "prerolled")
            let later = ClockTime(nanoseconds: 3_600_000_000_000_000)
            player.setBaseTime(later)
            XCTAssertEqual(player.videoSink.renderer.baseTime, later, "the paused sink has the new base time before any state change")

            wall.play()
            let playing = await waitUntil(timeout: 5) { player.videoSink.renderer.currentState.current == .playing }
            XCTAssertTrue(playing)
            let before = player.videoSink.renderer.baseTime
            player.setBaseTime(ClockTime(nanoseconds: 1))
            XCTAssertEqual(player.videoSink.renderer.baseTime, before, "a playing sink keeps its base time until the pause that comes first")
        }
    }
}
