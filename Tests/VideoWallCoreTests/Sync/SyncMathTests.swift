import XCTest
@testable import VideoWallCore

final class SyncMathTests: XCTestCase {
    func testBaseTimes() {
        let clock = ManualClock(now: .seconds(100))
        let base = SyncMath.resumeBaseTime(clockNow: clock.now, pausedRunningTime: .seconds(30))
        XCTAssertEqual(base, .seconds(70))
        clock.advance(by: .milliseconds(1500))
        XCTAssertEqual(SyncMath.runningTime(clockNow: clock.now, baseTime: base), .milliseconds(31_500),
                       "playback continues from the paused running time")

        let start = SyncMath.startBaseTime(clockNow: clock.now, margin: .milliseconds(100))
        XCTAssertEqual(start, .milliseconds(101_600))
        XCTAssertEqual(SyncMath.runningTime(clockNow: clock.now, baseTime: start), .milliseconds(-100))
        XCTAssertEqual(SyncMath.startBaseTime(clockNow: .seconds(5), margin: .milliseconds(-50)), .seconds(5))
    }
}
