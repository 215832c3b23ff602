import XCTest
@testable import VideoWallCore

final class WallTransportLoadingTests: XCTestCase {
    func testTheWallWaitsForTheStartBoundAfterTheFirstTileAndLeavesTheRestLate() {
        var wall = TransportHarness()
        wall.send(.load([.local(), .local(), .local()]))
        wall.advance(by: .seconds(1))
        wall.send(.tilePrerolled(0, leadIn: .zero))
        XCTAssertEqual(wall.timers[.startBound], wall.now + .seconds(3), "counted from the first tile ready")
        wall.advance(by: .seconds(2))
        XCTAssertEqual(wall.send(.tilePrerolled(1, leadIn: .zero)), [])
        XCTAssertEqual(wall.advance(by: .milliseconds(999)), [])
        let bound = wall.advance(by: .milliseconds(1))
        XCTAssertEqual(bound.last, .prerollsEnded(late: [2]))
        XCTAssertEqual(wall.transport.lateTiles, [2])

        wall.send(.wallLoaded)
        let play = wall.send(.play)
        XCTAssertEqual(play.tiles(setTo: .playing), [0, 1], "the late tile is left out")
        let base = play.baseTimes[0]!

        wall.advance(by: .seconds(4))
        XCTAssertEqual(wall.send(.tilePrerolled(2, leadIn: .zero)), [.join(2)])
        let joined = wall.send(.tileJoined(2, runningTime: .seconds(4) + .milliseconds(500)))
        XCTAssertEqual(joined, [.loopGaplessly(0, false), .loopGaplessly(1, false), .loopGaplessly(2, false),
                                .setBaseTime(2, base + .seconds(4) + .milliseconds(500)), .setState([2], .playing)])
        XCTAssertEqual(wall.transport.takingPart, [0, 1, 2])
    }

    func testWhenEveryTileHasAnsweredTheWallDoesNotWaitForTheBound() {
        var wall = TransportHarness()
        wall.send(.load([.local(), .local()]))
        wall.send(.tilePrerolled(0, leadIn: .zero))
        let effects = wall.send(.tileFailed(1))
        XCTAssertEqual(effects.last, .prerollsEnded(late: []))
        XCTAssertNil(wall.timers[.startBound])
    }

    func testWithNoTileReadyTheWallStopsWaitingAfterThePrerollTimeout() {
        var wall = TransportHarness()
        wall.send(.load([.local(), .local()]))
        XCTAssertEqual(wall.advance(by: .seconds(20)), [])
        XCTAssertEqual(wall.advance(by: .seconds(1)).last, .prerollsEnded(late: [0, 1]))
    }

    func testAWallOfLateTilesStartsAndTheFirstReadyJoinsItPlaying() {
        var wall = TransportHarness()
        wall.send(.load([.local()]))
        wall.advance(by: .seconds(21))
        wall.send(.wallLoaded)
        XCTAssertEqual(wall.send(.play).published, [.playing])
        wall.advance(by: .seconds(2))
        wall.send(.tilePrerolled(0, leadIn: .zero))
        let joined = wall.send(.tileJoined(0, runningTime: nil))
        let running = MediaTime.seconds(2) - .milliseconds(5)
        XCTAssertEqual(joined.baseTimes[0], wall.now + .milliseconds(5), "it plays from where it stands, starting now")
        XCTAssertEqual(wall.transport.offset(ofTile: 0), running + .milliseconds(5))
    }

    /// A tile admitted where it stands while the wall is paused (a follower's playlist tile
    /// on a new item) starts with the others at the resume: no start margin between them.
    func testALateTileJoiningAPausedWallStartsWithItAtTheResume() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 60), .local(seconds: 60)])
        let play = wall.send(.play)
        let base = play.baseTimes[0]!
        wall.advance(by: .seconds(3))
        wall.send(.pause)
        let stoodAt = wall.transport.runningTime(at: wall.now)
        XCTAssertEqual(stoodAt, wall.now - base)
        wall.send(.tileReplaced(1, .local(seconds: 20)))
        XCTAssertEqual(wall.send(.tilePrerolled(1, leadIn: .zero)), [.join(1)])
        XCTAssertEqual(wall.send(.tileJoined(1, runningTime: nil)).tiles(setTo: .playing), [], "the wall stands")
        XCTAssertEqual(wall.transport.offset(ofTile: 1), stoodAt, "its frame is where the wall stands")
        wall.advance(by: .seconds(1))
        let resume = wall.send(.playShowingCurrentFrame(at: wall.now + .milliseconds(500)))
        XCTAssertEqual(resume.baseTimes[1], resume.baseTimes[0]! + stoodAt, "both start at the same instant")
        XCTAssertEqual(resume.baseTimes[0], wall.now + .milliseconds(500) - stoodAt)
    }

    func testALateTileThatFailsEndsAWallWithNothingElseToPlay() {
        var wall = TransportHarness()
        wall.send(.load([nil, .local()]))
        wall.advance(by: .seconds(21))
        wall.send(.wallLoaded)
        XCTAssertEqual(wall.send(.tileFailed(1)).published, [.ended])
    }

    func testATileThatDoesNotSettleWithinThePrerollTimeoutFailsAndTheSeekGoesOnWithout() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        wall.send(.seek(SeekRequest(target: .seconds(2))))
        XCTAssertEqual(wall.send(.tileSettled(0, position: nil)).seeks, [])
        XCTAssertEqual(wall.advance(by: .seconds(19)), [])
        let timedOut = wall.advance(by: .seconds(1))
        XCTAssertEqual(timedOut.first, .failTimedOut(1))
        XCTAssertEqual(timedOut.seeks.map(\.tile), [0])
        let done = wall.answer(timedOut)
        XCTAssertEqual(done.tiles(setTo: .playing), [0])
        XCTAssertEqual(wall.transport.takingPart, [0])
    }

    func testATileWhoseSeekNeverAnswersFailsAndTheWallPlaysOn() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        let begun = wall.send(.seek(SeekRequest(target: .seconds(2))))
        wall.send(.tileSettled(0, position: nil))
        let seeks = wall.send(.tileSettled(1, position: nil)).seeks
        wall.send(.play)
        wall.advance(by: .seconds(5))
        XCTAssertEqual(wall.send(.tileSeekDone(0, ticket: seeks[0].ticket, landedAt: .seconds(2))), [])
        let timedOut = wall.advance(by: .seconds(15))
        XCTAssertEqual(timedOut.first, .failTimedOut(1))
        XCTAssertEqual(timedOut.published, [.paused, .playing])
        XCTAssertNotNil(begun.settled)
    }

    func testATileThatDoesNotAnswerItsReArmFails() {
        var configuration = TransportConfiguration()
        configuration.groupLoop = true
        var wall = TransportHarness(configuration)
        wall.loadWall([.local(seconds: 10), .local(seconds: 6)])
        wall.send(.play)
        wall.advance(by: .seconds(6))
        wall.send(.tileEnded(1))
        XCTAssertEqual(wall.advance(by: .seconds(20)).first, .failTimedOut(1))
        XCTAssertEqual(wall.transport.takingPart, [0])
    }
}

/// A failed tile that tries its source again (`RecoveryPolicy`).
final class WallTransportRecoveryTests: XCTestCase {
    func testARetriedTileJoinsThePlayingWallWhereItIs() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 60), .local(seconds: 60)])
        wall.send(.play)
        wall.advance(by: .seconds(3))
        wall.send(.tileFailed(1))
        XCTAssertEqual(wall.transport.takingPart, [0])
        wall.advance(by: .seconds(2))
        XCTAssertEqual(wall.send(.tileRetrying(1)), [], "nothing moves while it reconnects")
        XCTAssertEqual(wall.transport.lateTiles, [1])
        XCTAssertEqual(wall.send(.tilePrerolled(1, leadIn: .zero)), [.join(1)], "ready again: it joins where the wall is")
        let runningTime = wall.transport.runningTime(at: wall.now) + .milliseconds(500)
        let joined = wall.send(.tileJoined(1, runningTime: runningTime))
        XCTAssertEqual(joined.baseTimes[1], wall.transport.baseTime.map { $0 + runningTime })
        XCTAssertEqual(joined.tiles(setTo: .playing), [1])
        XCTAssertEqual(wall.transport.takingPart, [0, 1])
    }

    func testAWallWhoseOnlyTileIsRetryingDoesNotEnd() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 60)])
        wall.send(.play)
        wall.send(.tileFailed(0))
        XCTAssertEqual(wall.transport.state, .ended, "nothing left to play")
        XCTAssertEqual(wall.send(.tileRetrying(0)).published, [.paused, .playing], "it plays again for the tile coming back")
        XCTAssertEqual(wall.send(.tilePrerolled(0, leadIn: .zero)), [.join(0)])
        XCTAssertEqual(wall.send(.tileJoined(0, runningTime: nil)).tiles(setTo: .playing), [0])
    }

    func testAWallThatEndedAtItsEndDoesNotStartForARetry() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 4), .local(seconds: 4)])
        wall.send(.play)
        wall.advance(by: .seconds(4))
        wall.send(.tileEnded(0))
        wall.send(.tileFailed(1))
        XCTAssertEqual(wall.transport.state, .ended)
        XCTAssertEqual(wall.send(.tileRetrying(1)).published, [], "the wall ended at its end, not for want of tiles")
    }

    func testOnlyAFailedTileIsRetried() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        XCTAssertEqual(wall.send(.tileRetrying(0)), [])
        XCTAssertEqual(wall.transport.takingPart, [0, 1], "a playing tile is left as it is")
    }
}

/// A tile given another source while the wall plays (`loadfile`).
final class WallTransportReplacingTests: XCTestCase {
    func testAReplacedTileLeavesTheGroupAndJoinsAgainWhenReady() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 60), .local(seconds: 60)])
        wall.send(.play)
        wall.advance(by: .seconds(2))
        wall.send(.tileReplaced(1, .local(seconds: 20)))
        XCTAssertEqual(wall.transport.takingPart, [0], "nothing waits for the tile while it opens its new source")
        XCTAssertEqual(wall.transport.state, .playing)
        XCTAssertEqual(wall.send(.tilePrerolled(1, leadIn: .zero)), [.join(1)])
        let joined = wall.send(.tileJoined(1, runningTime: wall.transport.runningTime(at: wall.now) + .milliseconds(500)))
        XCTAssertEqual(joined.tiles(setTo: .playing), [1])
        XCTAssertEqual(wall.transport.takingPart, [0, 1])
    }

    /// A paused wall's only tile given another source (a playlist's next item): the wall stays
    /// paused, does not end, and takes the tile back when it is ready.
    func testAPausedWallWhoseOnlyTileIsReplacedDoesNotEnd() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 60)])
        wall.send(.play)
        wall.advance(by: .seconds(2))
        wall.send(.pause)
        XCTAssertEqual(wall.transport.state, .paused)
        wall.send(.tileReplaced(0, .local(seconds: 20)))
        XCTAssertEqual(wall.transport.state, .paused, "a change of source is no failure")
        XCTAssertEqual(wall.send(.tilePrerolled(0, leadIn: .zero)), [.join(0)])
        wall.send(.tileJoined(0, runningTime: wall.transport.runningTime(at: wall.now)))
        XCTAssertEqual(wall.transport.takingPart, [0])
        XCTAssertEqual(wall.transport.state, .paused)
        XCTAssertEqual(wall.send(.play).tiles(setTo: .playing), [0], "and plays when told")
    }
}

