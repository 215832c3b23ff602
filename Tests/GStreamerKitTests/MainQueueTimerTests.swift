import GStreamerKit
import VideoWallTestSupport
import XCTest

/// Timers live as long as their token: kept, they fire; dropped, they never do.
final class MainQueueTimerTests: XCTestCase {
    func testAKeptTimerFiresAndADroppedOneNever() throws {
        try onMainLoop(timeout: 10) {
            let fired = Box()
            let dropped = Box()
            let kept = MainLoop.after(seconds: 0.05) { fired.done = true }
            do { _ = MainLoop.after(seconds: 0.05) { dropped.done = true } }
            await pause(seconds: 0.3)
            XCTAssertTrue(fired.done, "a kept timer fires")
            XCTAssertFalse(dropped.done, "a dropped timer does not")
            XCTAssertFalse(kept.isActive, "a timer that fired is done")
        }
    }

    func testARepeatingTimerStopsWhenItsTokenGoes() throws {
        try onMainLoop(timeout: 10) {
            var ticks = 0
            var token: TimeoutToken? = MainLoop.every(seconds: 0.02) { ticks += 1; return true }
            await pause(seconds: 0.2)
            XCTAssertGreaterThan(ticks, 3)
            XCTAssertNotNil(token)
            token = nil
            let counted = ticks
            await pause(seconds: 0.2)
            XCTAssertEqual(ticks, counted, "no tick after the token went")
        }
    }
}
