import XCTest
@testable import VideoWallCore

final class SeekThrottleTests: XCTestCase {
    private func request(_ milliseconds: Int64, rate: Double? = nil) -> SeekRequest {
        SeekRequest(target: .milliseconds(milliseconds), precision: .keyFrame, rate: rate)
    }

    /// Drives the throttle the way the engine does: a 60 Hz drag, a timer armed for
    /// `nextDeadline`, and a flush when the mouse button is released.
    func testSixtyHertzDragIsThrottledAndTheLastPositionArrives() {
        let clock = ManualClock()
        var throttle = SeekThrottle()
        XCTAssertNil(throttle.setCanSeek(true, at: clock.now))
        var performed: [(at: MediaTime, request: SeekRequest)] = []
        var lastSubmitted: SeekRequest?

        for tick in 0..<120 {
            let tickTime = MediaTime(nanoseconds: Int64(tick) * 16_666_667)
            while let deadline = throttle.nextDeadline, deadline <= tickTime {
                clock.set(deadline)
                guard let due = throttle.fire(at: clock.now) else { return XCTFail("timer fired but nothing was due") }
                performed.append((clock.now, due))
            }
            clock.set(tickTime)
            let next = request(Int64(tick) * 37)
            lastSubmitted = next
            if let now = throttle.submit(next, at: clock.now) { performed.append((clock.now, now)) }
        }
        clock.advance(by: .milliseconds(5))
        if let released = throttle.flush(at: clock.now) { performed.append((clock.now, released)) }

        XCTAssertEqual(performed.first?.request, request(0), "the first seek goes straight through")
        XCTAssertEqual(performed.last?.request, lastSubmitted, "the final position always arrives")
        let throttled = performed.dropLast()
        for (earlier, later) in zip(throttled, throttled.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.at - earlier.at, .milliseconds(500))
        }
        XCTAssertEqual(throttled.count, 4, "2 s of drag: at 0, 0.5, 1.0, 1.5 s")
        XCTAssertNil(throttle.heldRequest)
        XCTAssertNil(throttle.nextDeadline)
    }

    func testRequestsBeforePlayersCanSeekAreHeldThenDelivered() {
        let clock = ManualClock()
        var throttle = SeekThrottle()
        XCTAssertNil(throttle.submit(request(100), at: clock.now))
        clock.advance(by: .milliseconds(100))
        XCTAssertNil(throttle.submit(request(200), at: clock.now))
        XCTAssertNil(throttle.nextDeadline, "nothing to time: waiting for the players, not the interval")
        XCTAssertNil(throttle.flush(at: clock.now), "a release cannot force a seek the players cannot take")
        clock.advance(by: .milliseconds(200))
        XCTAssertEqual(throttle.setCanSeek(true, at: clock.now), request(200), "last request wins")
        clock.advance(by: .milliseconds(100))
        XCTAssertNil(throttle.submit(request(300), at: clock.now))
        XCTAssertEqual(throttle.nextDeadline, .milliseconds(800))
    }

    func testSeekInFlightThenReadyAgainRespectsTheInterval() {
        var throttle = SeekThrottle(minimumInterval: .milliseconds(500), canSeek: true)
        XCTAssertEqual(throttle.submit(request(1), at: .zero), request(1))
        XCTAssertNil(throttle.setCanSeek(false, at: .milliseconds(10)))
        XCTAssertNil(throttle.submit(request(2), at: .milliseconds(100)))
        XCTAssertNil(throttle.setCanSeek(true, at: .milliseconds(200)), "too soon after the last seek")
        XCTAssertEqual(throttle.nextDeadline, .milliseconds(500))
        XCTAssertNil(throttle.fire(at: .milliseconds(499)))
        XCTAssertEqual(throttle.fire(at: .milliseconds(500)), request(2))
        XCTAssertNil(throttle.fire(at: .milliseconds(2000)), "nothing held")
    }

    func testFlushOnReleaseIgnoresTheInterval() {
        var throttle = SeekThrottle(canSeek: true)
        XCTAssertEqual(throttle.submit(request(1), at: .zero), request(1))
        XCTAssertNil(throttle.submit(request(2), at: .milliseconds(100)))
        XCTAssertEqual(throttle.flush(at: .milliseconds(150)), request(2))
        XCTAssertNil(throttle.flush(at: .milliseconds(160)))
        XCTAssertNil(throttle.submit(request(3), at: .milliseconds(400)), "interval counts from the flush")
        XCTAssertEqual(throttle.nextDeadline, .milliseconds(650))
        throttle.cancel()
        XCTAssertNil(throttle.nextDeadline)
    }

    func testHeldRateChangeSurvivesALaterPositionOnlyRequest() {
        var throttle = SeekThrottle(canSeek: true)
        _ = throttle.submit(request(0), at: .zero)
        XCTAssertNil(throttle.submit(request(10, rate: 2), at: .milliseconds(10)))
        XCTAssertNil(throttle.submit(request(20), at: .milliseconds(20)))
        XCTAssertEqual(throttle.flush(at: .milliseconds(30)), request(20, rate: 2))
    }
}
