import XCTest
@testable import VideoWallCore

final class MonotonicClockTests: XCTestCase {
    func testManualClockMovesOnlyWhenTold() {
        let clock = ManualClock(now: .seconds(10))
        XCTAssertEqual(clock.now, .seconds(10))
        clock.advance(by: .milliseconds(250))
        XCTAssertEqual(clock.now, .milliseconds(10_250))
        clock.set(.seconds(2))
        XCTAssertEqual(clock.now, .seconds(2))
        XCTAssertEqual(ManualClock().now, .zero)
    }

    func testSystemClockDoesNotGoBackwards() {
        let clock: any MonotonicClock = SystemMonotonicClock()
        var previous = clock.now
        XCTAssertGreaterThan(previous, .zero)
        for _ in 0..<1000 {
            let current = clock.now
            XCTAssertGreaterThanOrEqual(current, previous)
            previous = current
        }
    }
}
