import VideoWallCore
import XCTest

/// The one rule for a seek, whichever front-end asks: the arrow keys (relative, to a key
/// frame, throttled), the IPC's `seek` and `time-pos` (mpv's words), MPRIS's Seek (relative
/// microseconds) and SetPosition.
final class SeekIntentTests: XCTestCase {
    func testSeekTargetsStayWithinTheClip() {
        let at2 = MediaTime.seconds(2), length = MediaTime.seconds(10)
        XCTAssertEqual(SeekIntent(target: -5).resolved(position: at2, duration: length), .seconds(0))
        XCTAssertEqual(SeekIntent(target: 3).resolved(position: at2, duration: length), .seconds(5))
        XCTAssertEqual(SeekIntent(target: 99, reference: .absolute).resolved(position: at2, duration: length), .seconds(10))
        XCTAssertEqual(SeekIntent(target: 50, reference: .absolutePercent).resolved(position: at2, duration: length), .seconds(5))
        XCTAssertEqual(SeekIntent(target: 10, reference: .relativePercent).resolved(position: at2, duration: length), .seconds(3))
        XCTAssertNil(SeekIntent(target: 50, reference: .absolutePercent).resolved(position: at2, duration: nil))
        XCTAssertEqual(SeekIntent(target: 60).resolved(position: at2, duration: nil), .seconds(62), "an unknown length bounds nothing above")
    }

    func testAnyInt64OfMicrosecondsFromMPRISLandsWithinTheWall() {
        let offset = Double(Int64.max) / 1_000_000
        XCTAssertEqual(SeekIntent(target: offset, precision: .accurate).resolved(position: .seconds(2), duration: .seconds(10)), .seconds(10))
        XCTAssertEqual(SeekIntent(target: -offset, precision: .accurate).resolved(position: .seconds(2), duration: .seconds(10)), .zero)
        XCTAssertNil(SeekIntent(target: .infinity).resolved(position: .zero, duration: .seconds(10)), "not a time")
    }

    func testPrecisionIsMpvsDefaultUnlessAskedAndOnlyDragsAreThrottled() {
        XCTAssertEqual(SeekIntent(target: 5).effectivePrecision, .keyFrame)
        XCTAssertEqual(SeekIntent(target: 5, reference: .absolute).effectivePrecision, .accurate)
        XCTAssertEqual(SeekIntent(target: 5, reference: .absolutePercent).effectivePrecision, .accurate)
        XCTAssertEqual(SeekIntent(target: 5, precision: .accurate).effectivePrecision, .accurate)
        XCTAssertFalse(SeekIntent(target: 5).throttled)
    }
}
