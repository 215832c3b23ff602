import XCTest
@testable import VideoWallCore

final class TimeFormattingTests: XCTestCase {
    func testClock() {
        let cases: [(MediaTime, String)] = [
            (.zero, "00:00:00"),
            (.milliseconds(999), "00:00:00"),
            (.milliseconds(1000), "00:00:01"),
            (.seconds(65.9), "00:01:05"),
            (.seconds(600), "00:10:00"),
            (.seconds(3600 * 10 + 61), "10:01:01"),
            (.seconds(3600 * 123), "123:00:00"),
            (.seconds(-5), "00:00:00"),
            (MediaTime(nanoseconds: -1), "00:00:00"),
        ]
        for (time, expected) in cases {
            XCTAssertEqual(TimeFormatting.clock(time), expected, "\(time.nanoseconds) ns")
        }
    }

    func testPrecise() {
        let cases: [(MediaTime, String)] = [
            (.zero, "00:00:00.000"),
            (MediaTime(nanoseconds: 999_999), "00:00:00.000"),
            (MediaTime(nanoseconds: 1_999_999), "00:00:00.001"),
            (.milliseconds(3_723_045), "01:02:03.045"),
            (.seconds(-2), "00:00:00.000"),
        ]
        for (time, expected) in cases {
            XCTAssertEqual(TimeFormatting.precise(time), expected, "\(time.nanoseconds) ns")
        }
    }

    func testTransport() {
        XCTAssertEqual(TimeFormatting.transport(position: .seconds(65), duration: .seconds(600)), "00:01:05 / 00:10:00")
        XCTAssertEqual(TimeFormatting.transport(position: .seconds(5), duration: nil), "00:00:05 / --:--:--")
        XCTAssertEqual(TimeFormatting.transport(position: nil, duration: nil), "--:--:-- / --:--:--")
    }
}
