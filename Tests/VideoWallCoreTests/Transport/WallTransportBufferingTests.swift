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

    /// With a buffering hold, a tile whose data does not come holds the group that long at
    /// most, then leaves it and the others play on; it joins again once its buffer is full,
    /// and running dry after that it leaves at once, holding no one.
    func testATileShortOfDataPastTheHoldLeavesAndComesBackWhenFull() {
        var configuration = TransportConfiguration()
        configuration.bufferingHold = .seconds(5)
        var wall = TransportHarness(configuration)
        wall.loadWall([.local(), .network()])
        wall.send(.play)
        wall.advance(by: .seconds(2))
        XCTAssertEqual(wall.send(.tileBuffering(1, percent: 20)).published, [.buffering])
        XCTAssertEqual(wall.advance(by: .milliseconds(4900)), [], "held for the hold's length")
        let over = wall.advance(by: .milliseconds(100))
        XCTAssertTrue(over.contains(.leftShortOfData(1, waited: .seconds(5))), "\(over)")
        XCTAssertEqual(over.published, [.playing])
        XCTAssertEqual(over.tiles(setTo: .playing), [0], "the others play on without it")
        XCTAssertTrue(wall.transport.isLate(1))

        XCTAssertFalse(wall.send(.tileBuffering(1, percent: 80)).contains(.join(1)))
        XCTAssertTrue(wall.send(.tileBuffering(1, percent: 100)).contains(.join(1)), "full again: it joins")
        let joined = wall.send(.tileJoined(1, runningTime: .seconds(8)))
        XCTAssertEqual(joined.tiles(setTo: .playing), [1])
        XCTAssertFalse(wall.transport.isLate(1))

        let again = wall.send(.tileBuffering(1, percent: 30))
        XCTAssertEqual(again.published, [], "the group is not held a second time")
        XCTAssertTrue(again.contains(.leftShortOfData(1, waited: nil)), "\(again)")
        XCTAssertTrue(wall.transport.isLate(1))
        XCTAssertEqual(wall.transport.state, .playing)
    }

    /// The data that comes within the hold releases the group as before, and the hold's timer goes.
    func testDataWithinTheHoldReleasesTheGroupAndCancelsTheHold() {
        var configuration = TransportConfiguration()
        configuration.bufferingHold = .seconds(5)
        var wall = TransportHarness(configuration)
        wall.loadWall([.local(), .network()])
        wall.send(.play)
        wall.send(.tileBuffering(1, percent: 20))
        wall.advance(by: .seconds(3))
        let release = wall.send(.tileBuffering(1, percent: 100))
        XCTAssertEqual(release.published, [.playing])
        XCTAssertTrue(release.contains(.cancelTimer(.bufferingHold)))
        XCTAssertEqual(wall.advance(by: .seconds(10)).filter { if case .leftShortOfData = $0 { true } else { false } }, [])
    }
}
