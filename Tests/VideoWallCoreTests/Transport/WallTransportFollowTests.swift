import XCTest
@testable import VideoWallCore

/// Playing on another wall's timeline (a follower of a wall across machines): the frame where
/// the wall stands is shown at the instant asked, with no start margin of its own.
final class WallTransportFollowTests: XCTestCase {
    func testTheCurrentFrameIsShownAtTheInstantAsked() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()], leadIns: [1: .milliseconds(125)])
        let instant = wall.now + .milliseconds(300)
        let effects = wall.send(.playShowingCurrentFrame(at: instant))
        XCTAssertEqual(effects.baseTimes, [0: instant, 1: instant - .milliseconds(125)], "running time 0 at the instant")
        XCTAssertEqual(effects.tiles(setTo: .playing), [0, 1])
        XCTAssertEqual(effects.published, [.playing])
    }

    func testAfterAPauseTheRunningTimeWhereItStoodIsReachedAtTheInstant() {
        var wall = TransportHarness()
        wall.loadWall([.local()])
        wall.send(.play)
        wall.advance(by: .seconds(2))
        wall.send(.pause)
        let stood = wall.transport.pausedRunningTime
        wall.advance(by: .seconds(5))
        // An instant already past: the wall starts that far in, as a late tile joins.
        let instant = wall.now - .milliseconds(40)
        let effects = wall.send(.playShowingCurrentFrame(at: instant))
        XCTAssertEqual(effects.baseTimes[0], instant - stood)
        XCTAssertEqual(wall.transport.runningTime(at: instant), stood)
    }

    func testWhileLoadingItPlaysAsPlayDoes() {
        var wall = TransportHarness()
        wall.send(.load([.local()]))
        XCTAssertEqual(wall.send(.playShowingCurrentFrame(at: wall.now + .seconds(1))), [], "nothing to start yet")
        XCTAssertTrue(wall.transport.intendsToPlay)
        wall.send(.tilePrerolled(0, leadIn: .zero))
        let loaded = wall.send(.wallLoaded)
        XCTAssertEqual(loaded.baseTimes[0], wall.now + .milliseconds(5), "the ordinary start margin")
    }

    /// A follower lines a playlist tile's items up on its leader's: that tile's base time
    /// moves, the tile paused and started again around it; the other tiles play on untouched.
    func testAShiftMovesOneTilesBaseTime() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        guard let base = wall.transport.baseTime else { return XCTFail("it plays") }
        wall.advance(by: .seconds(3))
        let effects = wall.send(.shiftTile(1, by: .milliseconds(-5)))
        XCTAssertEqual(effects, [.setPipelineState(1, .paused), .setBaseTime(1, base - .milliseconds(5)), .setPipelineState(1, .playing)])
        XCTAssertEqual(wall.transport.offset(ofTile: 1), .milliseconds(-5))
        XCTAssertEqual(wall.transport.offset(ofTile: 0), .zero)
        XCTAssertEqual(wall.transport.baseTime, base, "the wall's own base time stays")
        // A later start keeps the tile where it was moved.
        wall.send(.pause)
        let resumed = wall.send(.play)
        guard let newBase = wall.transport.baseTime else { return XCTFail("it plays again") }
        XCTAssertEqual(resumed.baseTimes, [0: newBase, 1: newBase - .milliseconds(5)])
        wall.send(.pause)
        XCTAssertEqual(wall.send(.shiftTile(1, by: .milliseconds(5))), [], "a paused wall has no base time to move")
        XCTAssertEqual(wall.send(.shiftTile(7, by: .milliseconds(5))), [], "no tile 7")
    }
}
