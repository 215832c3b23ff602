import XCTest
@testable import VideoWallCore

final class WallTransportBufferingTests: XCTestCase {
    func testANetworkTileShortOfDataHoldsTheGroupAndTheGroupGoesOnWhereItStoodWhenItIsFull() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .network()])
        wall.send(.play)
        wall.advance(by: .seconds(2))
        let hold = wall.send(.tileBuffering(1, percent: 40))
        XCTAssertEqual(hold.published, [.buffering])
        XCTAssertEqual(hold.tiles(setTo: .paused), [0, 1], "the local tile waits too")
        XCTAssertTrue(wall.transport.intendsToPlay)

        wall.advance(by: .seconds(1))
        XCTAssertEqual(wall.send(.tileBuffering(1, percent: 90)), [])
        let release = wall.send(.tileBuffering(1, percent: 100))
        XCTAssertEqual(release.published, [.playing])
        XCTAssertEqual(release.tiles(setTo: .playing), [0, 1])
        XCTAssertEqual(release.baseTimes[0], wall.now + .milliseconds(5) - (.seconds(2) - .milliseconds(5)),
                       "the three seconds are not skipped: it goes on from where it held")
    }

    func testTheGroupDoesNotStartWhileATileTakingPartIsShortOfData() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .network()])
        // The network tile prerolled on its first frame with its buffer a third full.
        XCTAssertEqual(wall.send(.tileBuffering(1, percent: 30)), [], "a paused wall has nothing to hold")
        let play = wall.send(.play)
        XCTAssertEqual(play.published, [.buffering])
        XCTAssertEqual(play.tiles(setTo: .playing), [], "no tile runs ahead of one still on its first frame")
        XCTAssertEqual(play.baseTimes, [:])
        XCTAssertTrue(wall.transport.intendsToPlay)

        let start = wall.send(.tileBuffering(1, percent: 100))
        XCTAssertEqual(start.tiles(setTo: .playing), [0, 1])
        XCTAssertEqual(start.baseTimes[0], wall.now + .milliseconds(5))
    }

    func testAFailedTileReleasesTheHold() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .network(), .network()])
        wall.send(.play)
        wall.send(.tileBuffering(1, percent: 10))
        XCTAssertEqual(wall.transport.state, .buffering)
        let release = wall.send(.tileFailed(1))
        XCTAssertEqual(release.published, [.playing])
        XCTAssertEqual(release.tiles(setTo: .playing), [0, 2], "the failed tile is left out")
    }

    /// A local file, or a live stream (which cannot be waited for): the engine says it does not buffer.
    func testATileThatDoesNotBufferDoesNotHoldTheGroup() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        XCTAssertEqual(wall.send(.tileBuffering(1, percent: 10)), [])
        XCTAssertEqual(wall.transport.state, .playing)
    }

    func testPauseWhileHoldingStaysPausedWhenTheDataComes() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .network()])
        wall.send(.play)
        wall.send(.tileBuffering(1, percent: 10))
        XCTAssertEqual(wall.send(.pause).published, [.paused])
        XCTAssertFalse(wall.transport.intendsToPlay)
        XCTAssertEqual(wall.send(.tileBuffering(1, percent: 100)), [])
    }

    func testASeekEndingWhileATileIsShortOfDataWaitsForIt() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .network()])
        wall.send(.play)
        let begun = wall.send(.seek(SeekRequest(target: .seconds(4))))
        wall.send(.tileBuffering(1, percent: 0))
        let done = wall.answer(begun)
        XCTAssertEqual(done.published, [.paused, .buffering])
        XCTAssertEqual(done.tiles(setTo: .playing), [])
        XCTAssertEqual(wall.send(.tileBuffering(1, percent: 100)).published, [.playing])
    }
}
