import XCTest
@testable import VideoWallCore

final class WallTransportSeekTests: XCTestCase {
    func testAGroupSeekPausesSettlesSeeksEveryTileThenStandsPaused() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        let begun = wall.send(.seek(SeekRequest(target: .seconds(3))))
        XCTAssertEqual(begun.published, [.seeking])
        XCTAssertEqual(begun.settled, [0, 1])
        XCTAssertEqual(begun.seeks, [], "no tile is sought before every tile has settled")
        XCTAssertTrue(wall.transport.isSeeking)
        XCTAssertEqual(wall.transport.seekPosition, .seconds(3))

        let first = wall.send(.tileSettled(0, position: .zero))
        XCTAssertEqual(first.seeks, [])
        let seeks = wall.send(.tileSettled(1, position: .zero)).seeks
        XCTAssertEqual(seeks.map(\.tile), [0, 1])
        XCTAssertEqual(seeks.map(\.precision), [.accurate, .accurate])
        XCTAssertEqual(seeks.map(\.target), [.seconds(3), .seconds(3)])

        XCTAssertEqual(wall.send(.tileSeekDone(0, ticket: seeks[0].ticket, landedAt: .seconds(3))).published, [])
        let done = wall.send(.tileSeekDone(1, ticket: seeks[1].ticket, landedAt: .seconds(3)))
        XCTAssertEqual(done.published, [.paused])
        XCTAssertFalse(wall.transport.isSeeking)
        XCTAssertEqual(wall.transport.pausedRunningTime, .zero, "after a flush every running time restarts at 0")
    }

    func testPlayAskedForDuringASeekPlaysWhenItEnds() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        let begun = wall.send(.seek(SeekRequest(target: .seconds(3))))
        XCTAssertEqual(wall.send(.play), [], "the tiles are not started in the middle of a seek")
        XCTAssertTrue(wall.transport.intendsToPlay)
        wall.advance(by: .milliseconds(150))
        let done = wall.answer(begun)
        XCTAssertEqual(done.published, [.paused, .playing])
        XCTAssertEqual(done.tiles(setTo: .playing), [0, 1])
        XCTAssertEqual(done.baseTimes[1], wall.now + .milliseconds(5))
    }

    func testPauseAskedForDuringASeekOfAPlayingWallLeavesItPaused() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        wall.advance(by: .seconds(1))
        let begun = wall.send(.seek(SeekRequest(target: .seconds(5))))
        XCTAssertEqual(begun.tiles(setTo: .paused), [0, 1])
        XCTAssertTrue(wall.transport.intendsToPlay, "a playing wall plays on after a seek")
        XCTAssertEqual(wall.send(.pause), [])
        XCTAssertFalse(wall.transport.intendsToPlay)
        let done = wall.answer(begun)
        XCTAssertEqual(done.published, [.paused])
        XCTAssertEqual(done.tiles(setTo: .playing), [])
    }

    func testAKeyFrameSeekSendsTheLongestTileToItsKeyFrameAndTheOthersAccuratelyWhereItLanded() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 10, frame: 40), .local(seconds: 30, frame: 20), .local(seconds: 20)])
        let begun = wall.send(.seek(SeekRequest(target: .seconds(5), precision: .keyFrame)))
        wall.send(.tileSettled(0, position: .seconds(1)))
        wall.send(.tileSettled(1, position: .seconds(1)))
        let leader = wall.send(.tileSettled(2, position: .seconds(1))).seeks
        XCTAssertNotNil(begun.settled)
        // Forward: the key frame at or after the target, with half a frame of slack.
        XCTAssertEqual(leader, [TileSeek(tile: 1, ticket: leader.first?.ticket ?? -1, target: .seconds(5) - .milliseconds(10),
                                         precision: .keyFrame(snapAfter: true), rate: 1)])

        let followers = wall.send(.tileSeekDone(1, ticket: leader[0].ticket, landedAt: .seconds(6))).seeks
        XCTAssertEqual(followers.map(\.tile), [0, 2])
        XCTAssertEqual(followers.map(\.precision), [.accurate, .accurate])
        // The leader's frame, nudged past container rounding (a quarter frame, at most 1 ms).
        XCTAssertEqual(followers.map(\.target), [.seconds(6) + .milliseconds(1), .seconds(6) + .milliseconds(1)])
        XCTAssertEqual(wall.transport.seekPosition, .seconds(6))
    }

    func testAKeyFrameSeekBackwardsTakesTheKeyFrameBefore() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 10), .local(seconds: 30)])
        wall.send(.seek(SeekRequest(target: .seconds(2), precision: .keyFrame)))
        wall.send(.tileSettled(0, position: .seconds(8)))
        let leader = wall.send(.tileSettled(1, position: .seconds(8))).seeks
        XCTAssertEqual(leader.map(\.precision), [.keyFrame(snapAfter: false)])
        XCTAssertEqual(leader.map(\.target), [.seconds(2)])
    }

    func testALeaderThatFailsLeavesTheFollowersGoingToTheTarget() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 10), .local(seconds: 30)])
        wall.send(.seek(SeekRequest(target: .seconds(4), precision: .keyFrame)))
        wall.send(.tileSettled(0, position: .zero))
        XCTAssertEqual(wall.send(.tileSettled(1, position: .zero)).seeks.map(\.tile), [1])
        let followers = wall.send(.tileFailed(1)).seeks
        XCTAssertEqual(followers.map(\.tile), [0])
        XCTAssertEqual(followers.map(\.target), [.seconds(4)])
    }

    func testATileAskedForATimePastItsEndGoesToItsLastFrame() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 4, frame: 40), .local(seconds: 10)])
        let seeks = wall.answer(wall.send(.seek(SeekRequest(target: .seconds(7))))).seeks
        XCTAssertEqual(seeks.first { $0.tile == 0 }?.target, .seconds(4) - .milliseconds(40))
        XCTAssertEqual(seeks.first { $0.tile == 1 }?.target, .seconds(7))
    }

    func testASpeedChangeIsASeekThatKeepsItsRate() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        let done = wall.answer(wall.send(.seek(SeekRequest(target: .seconds(1), rate: 2))))
        XCTAssertEqual(done.seeks.map(\.rate), [2, 2])
        XCTAssertEqual(wall.transport.rate, 2)
        XCTAssertEqual(wall.answer(wall.send(.seek(SeekRequest(target: .seconds(3))))).seeks.map(\.rate), [2, 2])
    }

    func testATileThatCannotSeekIsLeftOutAndItsBaseTimeMovesBackByWhereTheWallStood() {
        var wall = TransportHarness()
        var live = TileProfile.local()
        live.isSeekable = false
        wall.loadWall([.local(), live])
        wall.send(.play)
        wall.advance(by: .seconds(3))
        wall.send(.pause)
        let standing = wall.transport.pausedRunningTime
        let done = wall.answer(wall.send(.seek(SeekRequest(target: .seconds(1)))))
        XCTAssertEqual(done.seeks.map(\.tile), [0])
        XCTAssertTrue(done.contains(.warnSeekRefused(1)))
        XCTAssertEqual(wall.transport.offset(ofTile: 1), .zero - standing)
        XCTAssertEqual(wall.send(.play).baseTimes[1], wall.now + .milliseconds(5) - standing)
    }

    func testAnAnswerToAnEarlierSeekIsNotTakenForTheRunningOne() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        let first = wall.answer(wall.send(.seek(SeekRequest(target: .seconds(1))))).seeks
        wall.send(.seek(SeekRequest(target: .seconds(5))))
        wall.send(.tileSettled(0, position: nil))
        let seeks = wall.send(.tileSettled(1, position: nil)).seeks
        XCTAssertEqual(wall.send(.tileSeekDone(0, ticket: first[0].ticket, landedAt: .seconds(1))), [])
        XCTAssertEqual(wall.send(.tileSeekDone(1, ticket: first[1].ticket, landedAt: .seconds(1))), [])
        XCTAssertTrue(wall.transport.isSeeking)
        wall.send(.tileSeekDone(0, ticket: seeks[0].ticket, landedAt: .seconds(5)))
        XCTAssertEqual(wall.send(.tileSeekDone(1, ticket: seeks[1].ticket, landedAt: .seconds(5))).published, [.paused])
    }
}
