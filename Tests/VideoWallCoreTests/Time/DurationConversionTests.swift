import XCTest
@testable import VideoWallCore

/// The library takes timeouts and intervals as `Duration`; the engine counts in seconds and
/// `MediaTime`. The conversions must keep every nanosecond and never trap.
final class DurationConversionTests: XCTestCase {
    func testDurationsBecomeTheSameMediaTime() {
        XCTAssertEqual(MediaTime(Duration.milliseconds(1500)), .milliseconds(1500))
        XCTAssertEqual(MediaTime(Duration.nanoseconds(7)), .nanoseconds(7))
        XCTAssertEqual(MediaTime(Duration.seconds(-2)), .seconds(-2))
        XCTAssertEqual(MediaTime(Duration.zero), .zero)
    }

    func testADurationPastWhatNanosecondsHoldIsClamped() {
        XCTAssertEqual(MediaTime(Duration.seconds(Int64.max)).nanoseconds, .max)
        XCTAssertEqual(MediaTime(Duration.seconds(Int64.min)).nanoseconds, .min)
    }

    func testSecondsAndBackAgree() {
        XCTAssertEqual(Duration.milliseconds(1500).inSeconds, 1.5)
        XCTAssertEqual(Duration.microseconds(250).inSeconds, 0.000_25, accuracy: 1e-12)
        XCTAssertEqual(MediaTime.milliseconds(2500).duration, .milliseconds(2500))
        XCTAssertEqual(MediaTime(MediaTime.seconds(3.25).duration), .seconds(3.25))
    }
}
