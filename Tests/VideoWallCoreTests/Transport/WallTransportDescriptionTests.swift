import XCTest
@testable import VideoWallCore

/// What the transport knows of a tile changes as the engine learns it: the discoverer's
/// description, a segment-mode seek, a timer going off early.
final class WallTransportDescriptionTests: XCTestCase {
    func testADescriptionArrivingAfterTheStartIsWhatTheNextSeekAndLoopPlanUse() {
        var configuration = TransportConfiguration()
        configuration.groupLoop = true
        var wall = TransportHarness(configuration)
        // Provisional: the location only, no duration yet.
        wall.loadWall([TileProfile(), TileProfile()])
        XCTAssertNil(wall.transport.loopPlan?.groupDuration)
        wall.send(.tileDescribed(0, .local(seconds: 10)))
        let planned = wall.send(.tileDescribed(1, .local(seconds: 4)))
        XCTAssertEqual(planned, [.loopGaplessly(0, true), .loopGaplessly(1, false)])
        XCTAssertEqual(wall.transport.loopPlan?.groupDuration, .seconds(10))

        var refusing = TileProfile.local(seconds: 4)
        refusing.isSeekable = false
        wall.send(.tileDescribed(1, refusing))
        let done = wall.answer(wall.send(.seek(SeekRequest(target: .seconds(2)))))
        XCTAssertEqual(done.seeks.map(\.tile), [0])
        XCTAssertTrue(done.contains(.warnSeekRefused(1)))
    }

    func testATileThatWentIntoSegmentModeLosesItsLeadIn() {
        var wall = TransportHarness()
        wall.send(.load([.local(), .local()]))
        wall.send(.tilePrerolled(0, leadIn: .milliseconds(125)))
        wall.send(.tilePrerolled(1, leadIn: .milliseconds(125)))
        wall.send(.tileRestartedAtZero(0))
        wall.send(.wallLoaded)
        let base = wall.now + .milliseconds(5)
        XCTAssertEqual(wall.send(.play).baseTimes, [0: base, 1: base - .milliseconds(125)])
    }

    func testATimerThatGoesOffEarlyWaitsForItsDeadline() {
        var wall = TransportHarness()
        wall.send(.load([.local()]))
        let deadline = wall.now + .seconds(21)
        XCTAssertEqual(wall.timers[.startBound], deadline)
        XCTAssertEqual(wall.send(.timerFired(.startBound)), [.armTimer(.startBound, at: deadline)])
        XCTAssertFalse(wall.transport.prerollsHaveEnded)
        wall.clock.set(deadline)
        XCTAssertEqual(wall.send(.timerFired(.startBound)).last, .prerollsEnded(late: [0]))
        XCTAssertEqual(wall.send(.timerFired(.startBound)), [], "a timer already handled does nothing")
    }
}
