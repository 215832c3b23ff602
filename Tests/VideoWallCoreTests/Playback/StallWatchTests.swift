import VideoWallCore
import XCTest

final class StallWatchTests: XCTestCase {
    private var watch = StallWatch(frameLimit: .seconds(5), bufferingLimit: .seconds(20))

    private func look(at seconds: Double, frames: UInt64, _ state: PlayerState = .playing, wallPlays: Bool = true,
                      waitsByDesign: Bool = false) -> StallWatch.Verdict? {
        watch.observe(tile: 0, at: .seconds(seconds), framesRendered: frames, state: state, wallPlays: wallPlays, waitsByDesign: waitsByDesign)
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

    /// Issue 25: a 2 s tile in a group loop with a 12 s one ends its pass at 2 s, is re-armed
    /// for the wrap at 12 s (told to play, on a base time at the wrap) and holds its last frame
    /// for 10 s, pass after pass. That is no stall.
    func testATileHoldingItsLastFrameUntilTheGroupWrapsIsNotStalled() {
        XCTAssertNil(look(at: 0, frames: 0))
        XCTAssertNil(look(at: 1, frames: 30))
        XCTAssertNil(look(at: 2, frames: 60))
        XCTAssertNil(look(at: 2.5, frames: 60, .ended), "its pass ended")
        for second in 3...11 {
            XCTAssertNil(look(at: Double(second), frames: 60, waitsByDesign: true), "holds for the wrap at \(second) s")
        }
        XCTAssertNil(look(at: 12, frames: 60), "the wrap: its next pass is due, the count starts")
        XCTAssertNil(look(at: 13, frames: 90))
        XCTAssertNil(look(at: 14, frames: 120))
        for second in 15...23 {
            XCTAssertNil(look(at: Double(second), frames: 120, waitsByDesign: true), "the second pass's hold at \(second) s")
        }
        XCTAssertNil(look(at: 24, frames: 120))
        XCTAssertNil(look(at: 25, frames: 150))
    }

    /// The hold is not a pass: a tile whose next pass does not start when the wrap comes is
    /// still found, counted from the wrap.
    func testATileThatShowsNothingAfterTheWrapIsStillStalled() {
        XCTAssertNil(look(at: 0, frames: 60, waitsByDesign: true))
        XCTAssertNil(look(at: 20, frames: 60, waitsByDesign: true))
        XCTAssertNil(look(at: 21, frames: 60), "the wrap")
        XCTAssertNil(look(at: 25.9, frames: 60))
        XCTAssertEqual(look(at: 26, frames: 60), .noNewFrame(for: .seconds(5)))
    }
}
