import XCTest
@testable import VideoWallCore

final class MediaTimeTests: XCTestCase {
    func testConstructorsAgree() {
        XCTAssertEqual(MediaTime.seconds(1.5).nanoseconds, 1_500_000_000)
        XCTAssertEqual(MediaTime.milliseconds(1500), .seconds(1.5))
        XCTAssertEqual(MediaTime(nanoseconds: 250_000_000).seconds, 0.25)
        XCTAssertEqual(MediaTime.zero.nanoseconds, 0)
    }

    func testSecondsRoundsToNearestNanosecondAndSurvivesBadInput() {
        XCTAssertEqual(MediaTime.seconds(1e-9 * 0.6).nanoseconds, 1)
        XCTAssertEqual(MediaTime.seconds(.nan), .zero)
        XCTAssertEqual(MediaTime.seconds(.infinity), .zero)
        XCTAssertEqual(MediaTime.seconds(1e30).nanoseconds, Int64.max)
        XCTAssertEqual(MediaTime.seconds(-1e30).nanoseconds, Int64.min)
    }

    func testArithmetic() {
        let a = MediaTime.milliseconds(1500), b = MediaTime.milliseconds(400)
        XCTAssertEqual(a + b, .milliseconds(1900))
        XCTAssertEqual(a - b, .milliseconds(1100))
        XCTAssertEqual(b - a, .milliseconds(-1100))
        XCTAssertEqual(-a, .milliseconds(-1500))
        XCTAssertEqual(a * 2, .seconds(3))
        XCTAssertEqual(a * 0.5, .milliseconds(750))
        XCTAssertEqual(MediaTime(nanoseconds: 3) * 0.5, MediaTime(nanoseconds: 2), "rounds half away from zero")
        var c = a
        c += b
        c -= .milliseconds(900)
        XCTAssertEqual(c, .seconds(1))
    }

    func testOrdering() {
        let times: [MediaTime] = [.seconds(3), .milliseconds(-5), .zero, .seconds(1)]
        XCTAssertEqual(times.sorted(), [.milliseconds(-5), .zero, .seconds(1), .seconds(3)])
        XCTAssertTrue(MediaTime.milliseconds(999) < .seconds(1))
    }

    func testDescriptionIsSigned() {
        XCTAssertEqual(MediaTime.milliseconds(65_250).description, "00:01:05.250")
        XCTAssertEqual(MediaTime.milliseconds(-1_500).description, "-00:00:01.500")
    }

    func testATimeWrapsIntoALoopAndTwoTimesALoopApartAreTogether() {
        let loop = MediaTime.seconds(2)
        XCTAssertEqual(MediaTime.seconds(5.5).wrapped(into: loop), .seconds(1.5))
        XCTAssertEqual(MediaTime.seconds(-0.5).wrapped(into: loop), .seconds(1.5), "before 0: back from the end")
        XCTAssertEqual(MediaTime.seconds(4).wrapped(into: loop), .zero)
        XCTAssertEqual(MediaTime.seconds(3).wrapped(into: .zero), .seconds(3), "no loop: as it is")
        XCTAssertEqual(MediaTime.seconds(3.9).distance(inLoopOf: loop), .seconds(0.1), "nearer the next loop")
        XCTAssertEqual(MediaTime.seconds(-4.3).distance(inLoopOf: loop), .seconds(0.3), "either way round")
        XCTAssertEqual(MediaTime.seconds(1).distance(inLoopOf: loop), .seconds(1), "half a loop at most")
        XCTAssertEqual(MediaTime.seconds(-7).distance(inLoopOf: .zero), .seconds(7), "no loop: the magnitude")
        XCTAssertEqual(MediaTime(nanoseconds: .min).distance(inLoopOf: .zero), MediaTime(nanoseconds: .max), "no trap")
    }
}

