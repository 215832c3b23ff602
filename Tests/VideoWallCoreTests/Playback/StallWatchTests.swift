import VideoWallCore
import XCTest

final class StallWatchTests: XCTestCase {
    private var watch = StallWatch(frameLimit: .seconds(5), bufferingLimit: .seconds(20))

    private func look(at seconds: Double, frames: UInt64, _ state: PlayerState = .playing, wallPlays: Bool = true) -> StallWatch.Verdict? {
        watch.observe(tile: 0, at: .seconds(seconds), framesRendered: frames, state: state, wallPlays: wallPlays)
    }

    func testAPlayingTileWithoutANewFrameForTheLimitIsStalled() {
        XCTAssertNil(look(at: 0, frames: 10))
        XCTAssertNil(look(at: 1, frames: 40))
        XCTAssertNil(look(at: 5.9, frames: 40), "4.9 s without a frame is not yet")
        XCTAssertEqual(look(at: 6, frames: 40), .noNewFrame(for: .seconds(5)))
        XCTAssertNil(look(at: 7, frames: 40), "watched afresh after a verdict")
    }

    func testTimeNotPlayingDoesNotCount() {
        XCTAssertNil(look(at: 0, frames: 10))
        XCTAssertNil(look(at: 4, frames: 10, wallPlays: false), "paused wall")
        XCTAssertNil(look(at: 8, frames: 10, .paused))
        XCTAssertNil(look(at: 12, frames: 10, .ended))
        XCTAssertNil(look(at: 16, frames: 10), "the count starts again when it plays")
        XCTAssertEqual(look(at: 21, frames: 10), .noNewFrame(for: .seconds(5)))
    }

    func testWaitingForDataHasItsOwnLongerLimit() {
        XCTAssertNil(look(at: 0, frames: 10))
        XCTAssertNil(look(at: 1, frames: 10, .buffering))
        XCTAssertNil(look(at: 15, frames: 10, .buffering), "a network hiccup")
        XCTAssertEqual(look(at: 21, frames: 10, .buffering), .bufferingTooLong(for: .seconds(20)), "counted from 1 s, when it began waiting")
        XCTAssertEqual(StallWatch.Verdict.bufferingTooLong(for: .seconds(20)).text, "stalled: waiting for data for 20 s")
    }

    func testFramesAfterBufferingStartTheCountAgain() {
        XCTAssertNil(look(at: 0, frames: 10, .buffering))
        XCTAssertNil(look(at: 19, frames: 10, .buffering))
        XCTAssertNil(look(at: 20, frames: 11, .playing))
        XCTAssertNil(look(at: 24, frames: 11, .playing))
        XCTAssertEqual(look(at: 25, frames: 11, .playing), .noNewFrame(for: .seconds(5)))
    }
}
