import XCTest
@testable import VideoWallCore

final class WallTransportLoopTests: XCTestCase {
    private func loopingWall() -> TransportHarness {
        var configuration = TransportConfiguration()
        configuration.groupLoop = true
        return TransportHarness(configuration)
    }

    func testTheGroupLoopPlansTheLongestTileGaplessAndAShorterOneReArmedAtTheWrap() {
        var wall = loopingWall()
        wall.send(.load([.local(seconds: 10), .local(seconds: 6), .local(seconds: 3, endOfStream: .loop)]))
        wall.send(.tilePrerolled(0, leadIn: .zero))
        wall.send(.tilePrerolled(1, leadIn: .zero))
        let planned = wall.send(.tilePrerolled(2, leadIn: .zero))
        XCTAssertEqual(planned.filter { if case .loopGaplessly = $0 { true } else { false } },
                       [.loopGaplessly(0, true), .loopGaplessly(1, false), .loopGaplessly(2, true)])
        XCTAssertEqual(wall.transport.loopPlan?.groupDuration, .seconds(10))
        wall.send(.wallLoaded)
        let base = wall.send(.play).baseTimes[0]!

        wall.advance(by: .seconds(6))
        let ended = wall.send(.tileEnded(1))
        guard let rearm = ended.seeks.first else { return XCTFail("the shorter tile is not re-armed") }
        XCTAssertEqual(ended, [.holdPosition(1), .setPipelineState(1, .paused), .seek(rearm), .armTimer(.tileSeek(1), at: wall.now + .seconds(20))])
        XCTAssertEqual(rearm.target, .zero)
        XCTAssertEqual(wall.transport.state, .playing, "one tile holding its last frame does not stop the wall")

        wall.advance(by: .milliseconds(80))
        let armed = wall.send(.tileSeekDone(1, ticket: rearm.ticket, landedAt: .zero))
        // Its running time 0 is the group's second pass: 10 s after the group's base time.
        XCTAssertEqual(armed, [.cancelTimer(.tileSeek(1)), .setBaseTime(1, base + .seconds(10)), .markRestarted(1),
                               .setPipelineState(1, .playing), .awaitWrap(1)])
        XCTAssertEqual(wall.transport.offset(ofTile: 1), .seconds(10))
    }

    func testAGaplessTileThatMissedItsRequeueJoinsThePassUnderWay() {
        var wall = loopingWall()
        wall.loadWall([.local(seconds: 10), .local(seconds: 10)])
        let base = wall.send(.play).baseTimes[0]!
        // Tile 0 was read whole while it prerolled, before the plan armed it: it ends instead
        // of going round, during the group's second pass.
        wall.advance(by: .seconds(10) + .milliseconds(30))
        let ended = wall.send(.tileEnded(0))
        XCTAssertEqual(ended.seeks.map(\.tile), [0])
        // The wall started 5 ms after play: it is at 0.025 s of its second pass.
        XCTAssertEqual(ended.seeks.first?.target, .milliseconds(525), "where the wall will be half a second from now")
        wall.advance(by: .milliseconds(100))
        let armed = wall.send(.tileSeekDone(0, ticket: ended.seeks[0].ticket, landedAt: .milliseconds(525)))
        XCTAssertEqual(armed.baseTimes, [0: base + .seconds(10) + .milliseconds(525)], "that frame due when the wall is there")
    }

    func testATileWhoseEndWasInferredAfterTheWrapJoinsThePassUnderWayWithItsDelay() {
        var wall = loopingWall()
        // A phone clip 44 ms shorter than the wall's 8.1 s sends no end of stream: its end is
        // inferred 0.3 s later, after the wrap it should have joined. It plays 0.2 s late (its delay).
        wall.loadWall([.local(seconds: 8.1), .local(seconds: 7.856)])
        wall.send(.setOffset(1, .milliseconds(200)))
        let base = wall.send(.play).baseTimes[0]!
        wall.advance(by: .milliseconds(8_356))
        let ended = wall.send(.tileEnded(1))
        XCTAssertEqual(ended.seeks.first?.target, .milliseconds(551), "the wall at 0.751 s of its second pass, less the tile's delay")
        let armed = wall.send(.tileSeekDone(1, ticket: ended.seeks[0].ticket, landedAt: .milliseconds(551)))
        XCTAssertEqual(armed.baseTimes, [1: base + .milliseconds(8_851)])
        XCTAssertTrue(armed.contains(.awaitWrap(1)))
    }

    func testATileEndingJustBeforeTheWrapWaitsForIt() {
        var wall = loopingWall()
        wall.loadWall([.local(seconds: 8.1), .local(seconds: 7.9)])
        let base = wall.send(.play).baseTimes[0]!
        wall.advance(by: .milliseconds(7_950))
        let ended = wall.send(.tileEnded(1))
        XCTAssertEqual(ended.seeks.first?.target, .zero)
        let armed = wall.send(.tileSeekDone(1, ticket: ended.seeks[0].ticket, landedAt: .zero))
        XCTAssertEqual(armed.baseTimes, [1: base + .milliseconds(8_100)], "the next wrap, too close to join the pass")
    }

    func testATileLoopingOnItsOwnStartsAgainAtOnceAndCountsThePass() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 3, endOfStream: .loop), .local(seconds: 10)])
        let base = wall.send(.play).baseTimes[0]!
        wall.advance(by: .seconds(3))
        let ended = wall.send(.tileEnded(0))
        XCTAssertEqual(ended.seeks.map(\.target), [.zero])
        wall.advance(by: .milliseconds(60))
        let restarted = wall.send(.tileSeekDone(0, ticket: ended.seeks[0].ticket, landedAt: .zero))
        let offset = wall.now + .milliseconds(5) - base
        XCTAssertEqual(restarted, [.cancelTimer(.tileSeek(0)), .setBaseTime(0, base + offset), .markRestarted(0),
                                   .countLoop(0), .setPipelineState(0, .playing)])
        XCTAssertEqual(wall.send(.tileEnded(1)).published, [], "the wall has not ended while a tile goes round")
    }

    func testAReArmAnsweredAfterTheWallPausedLeavesTheTileWhereItIs() {
        var wall = loopingWall()
        wall.loadWall([.local(seconds: 10), .local(seconds: 6)])
        wall.send(.play)
        wall.advance(by: .seconds(6))
        let rearm = wall.send(.tileEnded(1)).seeks[0]
        wall.send(.pause)
        XCTAssertEqual(wall.send(.tileSeekDone(1, ticket: rearm.ticket, landedAt: .zero)), [.cancelTimer(.tileSeek(1))])
    }

    func testAGroupSeekTakesOverATileGoingRoundAndItsLateAnswerIsIgnored() {
        var wall = loopingWall()
        wall.loadWall([.local(seconds: 10), .local(seconds: 6)])
        wall.send(.play)
        wall.advance(by: .seconds(6))
        let rearm = wall.send(.tileEnded(1)).seeks[0]
        let begun = wall.send(.seek(SeekRequest(target: .seconds(2))))
        XCTAssertTrue(begun.contains(.cancelTimer(.tileSeek(1))))
        XCTAssertEqual(wall.send(.tileSeekDone(1, ticket: rearm.ticket, landedAt: .zero)), [])
        let done = wall.answer(begun)
        XCTAssertTrue(done.contains(.markRestarted(1)), "the ended tile plays again from the seek")
        XCTAssertEqual(done.baseTimes.keys.sorted(), [0, 1])
        XCTAssertEqual(wall.transport.offset(ofTile: 1), .zero)
    }

    func testTurningTheGroupLoopOffGivesBackEachTilesOwnEnding() {
        var wall = loopingWall()
        wall.loadWall([.local(seconds: 10), .local(seconds: 6, endOfStream: .loop)])
        XCTAssertEqual(wall.send(.setLooping(false)), [.loopGaplessly(0, false), .loopGaplessly(1, true)])
        XCTAssertNil(wall.transport.loopPlan)
        wall.send(.play)
        wall.advance(by: .seconds(10))
        XCTAssertEqual(wall.send(.tileEnded(0)).seeks, [], "not re-armed: the group no longer loops")
    }
}

/// A region's `loop: false` on a wall that loops as a group (kiosk mode).
final class WallTransportNoGroupLoopTests: XCTestCase {
    func testATileThatDoesNotLoopWithTheGroupHoldsItsEndAndIsLeftOutOfThePlan() {
        var wall = TransportHarness()
        wall.send(.setLooping(true))
        var intro = TileProfile.local(seconds: 10)
        intro.loopsWithGroup = false
        wall.loadWall([.local(seconds: 4), intro])
        XCTAssertEqual(wall.transport.loopPlan?.groupDuration, .seconds(4), "the wrap is the looping tile's, not the intro's")
        wall.send(.play)
        wall.advance(by: .seconds(10))
        let ended = wall.send(.tileEnded(1))
        XCTAssertEqual(ended.seeks, [], "the intro is not re-armed for a wrap")
        XCTAssertNotEqual(wall.transport.state, .ended, "the wall goes on looping its other tile")
    }
}
