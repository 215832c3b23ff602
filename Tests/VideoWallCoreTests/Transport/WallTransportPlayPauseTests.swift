import XCTest
@testable import VideoWallCore

final class WallTransportPlayPauseTests: XCTestCase {
    func testPlayStartsEveryTileOnOneBaseTimeAfterTheMargin() {
        var wall = TransportHarness()
        // Tile 1 is an MPEG-TS stream whose first frame sits 125 ms into its timeline.
        wall.loadWall([.local(), .local()], leadIns: [1: .milliseconds(125)])
        XCTAssertEqual(wall.transport.state, .paused)

        let effects = wall.send(.play)
        let base = wall.now + .milliseconds(5)
        XCTAssertEqual(effects.baseTimes, [0: base, 1: base - .milliseconds(125)])
        XCTAssertEqual(effects.tiles(setTo: .playing), [0, 1])
        XCTAssertEqual(effects.published, [.playing])
        XCTAssertTrue(wall.transport.intendsToPlay)
    }

    func testPauseKeepsTheRunningTimeAndPlayGoesOnFromThere() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        wall.advance(by: .seconds(2))
        let paused = wall.send(.pause)
        XCTAssertEqual(paused.tiles(setTo: .paused), [0, 1])
        XCTAssertEqual(paused.published, [.paused])
        XCTAssertEqual(wall.transport.pausedRunningTime, .seconds(2) - .milliseconds(5))

        wall.advance(by: .seconds(10))
        let resumed = wall.send(.play)
        // The running time at the new start is where it paused: base = now + margin - paused.
        XCTAssertEqual(resumed.baseTimes[0], wall.now + .milliseconds(5) - (.seconds(2) - .milliseconds(5)))
    }

    func testPlayAskedForWhileLoadingStartsTheWallOnceLoaded() {
        var wall = TransportHarness()
        wall.send(.load([.local(), .local()]))
        XCTAssertEqual(wall.send(.play), [], "nothing to start yet")
        XCTAssertTrue(wall.transport.intendsToPlay, "but it is remembered")
        wall.send(.tilePrerolled(0, leadIn: .zero))
        wall.send(.tilePrerolled(1, leadIn: .zero))
        let loaded = wall.send(.wallLoaded)
        XCTAssertEqual(loaded.tiles(setTo: .playing), [0, 1])
        XCTAssertEqual(loaded.published, [.paused, .playing])
    }

    func testPauseWhileLoadingUndoesAPlayAskedForAndPauseWhilePausedDoesNothing() {
        var wall = TransportHarness()
        wall.send(.load([.local()]))
        wall.send(.play)
        XCTAssertEqual(wall.send(.pause), [])
        XCTAssertFalse(wall.transport.intendsToPlay)
        wall.send(.tilePrerolled(0, leadIn: .zero))
        let loaded = wall.send(.wallLoaded)
        XCTAssertEqual(loaded.tiles(setTo: .playing), [], "a remote client paused it while it loaded")
        XCTAssertEqual(wall.transport.state, .paused)
        XCTAssertEqual(wall.send(.pause), [])
        XCTAssertFalse(wall.transport.intendsToPlay)
    }

    func testASeekAndPlayAskedForWhileLoadingSeekFirstThenPlay() {
        var wall = TransportHarness()
        wall.send(.load([.local(seconds: 10)]))
        wall.send(.play)
        wall.send(.requestSeek(SeekRequest(target: .seconds(3), precision: .accurate, rate: nil)))
        wall.send(.tilePrerolled(0, leadIn: .zero))
        let loaded = wall.send(.wallLoaded)
        XCTAssertEqual(loaded.tiles(setTo: .playing), [], "not before the seek")
        let done = wall.answer(loaded)
        XCTAssertEqual(done.seeks.map(\.target), [.seconds(3)])
        XCTAssertEqual(done.tiles(setTo: .playing), [0], "then it plays")
    }

    func testTheWallEndsWhenEveryTileEndedAndPlayStartsItAgainFromTheStart() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 4), .local(seconds: 10)])
        wall.send(.play)
        wall.advance(by: .seconds(4))
        XCTAssertEqual(wall.send(.tileEnded(0)).published, [], "one tile holding its last frame does not end the wall")
        wall.advance(by: .seconds(6))
        let ended = wall.send(.tileEnded(1))
        XCTAssertEqual(ended.published, [.ended])
        XCTAssertEqual(ended.tiles(setTo: .paused), [0, 1])
        XCTAssertFalse(wall.transport.intendsToPlay)

        let again = wall.send(.play)
        XCTAssertEqual(again.published, [.seeking])
        let done = wall.answer(again)
        XCTAssertEqual(done.seeks.map(\.target), [.zero, .zero])
        XCTAssertTrue(done.contains(.markRestarted(0)) && done.contains(.markRestarted(1)))
        XCTAssertEqual(done.published, [.paused, .playing])
        XCTAssertEqual(done.baseTimes[0], wall.now + .milliseconds(5), "from the start: running time 0 at the new base")
    }

    func testATileThatStopsAtItsEndGoesToReady() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 4, endOfStream: .stop), .local(seconds: 10)])
        wall.send(.play)
        wall.advance(by: .seconds(4))
        XCTAssertEqual(wall.send(.tileEnded(0)), [.setPipelineState(0, .ready)])
    }
}
