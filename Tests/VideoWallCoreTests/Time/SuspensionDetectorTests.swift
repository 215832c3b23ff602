import VideoWallCore
import XCTest

/// A timer tick far later than due means the process stood still.
final class SuspensionDetectorTests: XCTestCase {
    private let interval = MediaTime.milliseconds(100)

    func testTicksOnTimeOrSomewhatLateAreNothing() {
        var detector = SuspensionDetector(threshold: .milliseconds(750))
        var now = MediaTime.zero
        for late in [0, 5, 40, 300, 700, 0] as [Int64] {
            now += interval + .milliseconds(late)
            XCTAssertNil(detector.tick(at: now, interval: interval), "\(late) ms late")
        }
    }

    func testATickSecondsLateSaysSinceWhenAndHowLong() throws {
        var detector = SuspensionDetector(threshold: .milliseconds(750))
        _ = detector.tick(at: .milliseconds(1000), interval: interval)
        let gap = try XCTUnwrap(detector.tick(at: .milliseconds(4100), interval: interval))
        XCTAssertEqual(gap.since, .milliseconds(1000))
        XCTAssertEqual(gap.length, .milliseconds(3000))
        XCTAssertNil(detector.tick(at: .milliseconds(4200), interval: interval), "once")
    }

    func testAResetForgetsThePreviousTick() {
        var detector = SuspensionDetector()
        _ = detector.tick(at: .milliseconds(0), interval: interval)
        detector.reset()  // paused for ten seconds
        XCTAssertNil(detector.tick(at: .milliseconds(10_000), interval: interval))
    }
}
