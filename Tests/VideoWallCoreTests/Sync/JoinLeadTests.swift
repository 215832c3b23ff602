import VideoWallCore
import XCTest

final class JoinLeadTests: XCTestCase {
    func testATileWithNoMeasuredRefillStartsHalfASecondAhead() {
        XCTAssertEqual(JoinLead(measuredRefill: nil).lead, .milliseconds(500))
        XCTAssertEqual(JoinLead(measuredRefill: .zero).lead, .milliseconds(500))
    }

    func testTheFirstLeadCoversTheRefillMeasuredOnTheLink() {
        // 3 s to refill (a link 1.3 times the bit rate): 3 x 1.5 + 0.5.
        XCTAssertEqual(JoinLead(measuredRefill: .seconds(3)).lead, .seconds(5))
    }

    func testAnAttemptThatCameTooLateIsCoveredByTheNext() {
        var join = JoinLead(measuredRefill: nil)
        join.cameTooLate(cost: .seconds(3))
        XCTAssertEqual(join.lead, .seconds(5), "the measured cost with room to spare, not 1 s")
        join.cameTooLate(cost: .seconds(1))
        XCTAssertEqual(join.lead, .seconds(10), "never shorter than twice the last")
    }

    func testACheapAttemptThatCameTooLateDoubles() {
        var join = JoinLead(measuredRefill: nil)
        join.cameTooLate(cost: .milliseconds(100))
        XCTAssertEqual(join.lead, .seconds(1))
    }

    func testLeadsStopAtThirtySeconds() {
        XCTAssertEqual(JoinLead(measuredRefill: .seconds(300)).lead, .seconds(30))
        var join = JoinLead(measuredRefill: .seconds(15))
        join.cameTooLate(cost: .seconds(40))
        XCTAssertEqual(join.lead, .seconds(30))
    }
}

final class RefillMeterTests: XCTestCase {
    func testARefillIsTimedFromTheFirstShortMessageToTheFullOne() {
        var meter = RefillMeter()
        XCTAssertNil(meter.lastRefill)
        meter.observe(percent: 100, at: .seconds(1))
        XCTAssertNil(meter.lastRefill, "a full buffer with no shortage before is no refill")
        meter.observe(percent: 0, at: .seconds(2))
        meter.observe(percent: 40, at: .seconds(3))
        XCTAssertNil(meter.lastRefill, "still filling")
        meter.observe(percent: 100, at: .milliseconds(4_700))
        XCTAssertEqual(meter.lastRefill, .milliseconds(2_700))
        meter.observe(percent: 100, at: .seconds(9))
        XCTAssertEqual(meter.lastRefill, .milliseconds(2_700), "repeated full messages change nothing")
    }

    func testARestartTimesTheNextRefillFromItsOwnStart() {
        var meter = RefillMeter()
        meter.observe(percent: 10, at: .seconds(1))
        meter.restart()
        meter.observe(percent: 0, at: .seconds(5))
        meter.observe(percent: 100, at: .seconds(6))
        XCTAssertEqual(meter.lastRefill, .seconds(1), "the outage before the restart is not the link's speed")
    }
}
