import XCTest
@testable import VideoWallCore

final class WallTransportThrottleTests: XCTestCase {
    private func at(_ seconds: Double) -> SeekRequest { SeekRequest(target: .seconds(seconds), precision: .keyFrame) }

    private func targets(_ effects: [TransportEffect]) -> [MediaTime] { effects.seeks.map(\.target) }

    func testADragSendsOneSeekAtOnceAndHoldsTheLatestUntilTheIntervalHasPassed() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 30)])
        let first = wall.send(.requestSeek(at(1)))
        XCTAssertEqual(first.settled, [0], "the first request of a drag goes at once")
        wall.advance(by: .milliseconds(50))
        XCTAssertEqual(wall.send(.requestSeek(at(2))), [], "held while the first seek runs")
        XCTAssertEqual(wall.send(.requestSeek(at(3))), [])
        wall.advance(by: .milliseconds(50))
        wall.answer(first)
        XCTAssertEqual(wall.timers[.throttle], wall.now + .milliseconds(400), "due 500 ms after the first went")
        XCTAssertFalse(wall.transport.isIdle)

        XCTAssertEqual(wall.advance(by: .milliseconds(399)), [])
        let held = wall.advance(by: .milliseconds(1))
        XCTAssertEqual(held.settled, [0], "the held request goes when the interval has passed")
        XCTAssertEqual(targets(wall.answer(held)), [.seconds(3) - .milliseconds(20)], "the last request won")
        XCTAssertTrue(wall.transport.isIdle)
    }

    func testFinishingTheDragSendsTheHeldSeekAtOnceAndPlaysAfterIt() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 30)])
        wall.answer(wall.send(.requestSeek(at(1))))
        wall.advance(by: .milliseconds(100))
        XCTAssertEqual(wall.send(.requestSeek(at(7))), [.armTimer(.throttle, at: wall.now + .milliseconds(400))])
        let finish = wall.send(.finishSeeking(thenPlay: true))
        XCTAssertNil(wall.timers[.throttle])
        XCTAssertEqual(finish.settled, [0], "the held seek goes now, not at the interval")
        XCTAssertTrue(wall.transport.intendsToPlay)
        let done = wall.answer(finish)
        XCTAssertEqual(targets(done), [.seconds(7) - .milliseconds(20)])
        XCTAssertEqual(done.published, [.paused, .playing])
    }

    func testASeekAskedForDuringAnotherRunsWhenItEnds() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 30)])
        let first = wall.send(.seek(SeekRequest(target: .seconds(1))))
        XCTAssertEqual(wall.send(.seek(SeekRequest(target: .seconds(9)))), [])
        let after = wall.answer(first)
        // No drag seek went before, so the held one is due at once.
        XCTAssertEqual(targets(after), [.seconds(1), .seconds(9)])
        XCTAssertFalse(wall.transport.isSeeking)
    }

    func testASeekAskedForWhileLoadingRunsOnceTheWallIsLoaded() {
        var wall = TransportHarness()
        wall.send(.load([.local(seconds: 30)]))
        XCTAssertEqual(wall.send(.requestSeek(at(4))), [])
        wall.send(.tilePrerolled(0, leadIn: .zero))
        let loaded = wall.send(.wallLoaded)
        XCTAssertEqual(loaded.published, [.paused, .seeking])
        XCTAssertEqual(loaded.settled, [0])
    }

    /// Tiles brought onto one frame after a pause keep the wall's place; a user's seek asked
    /// for while that one is held replaces it, and moves the place.
    func testTheSeekBegunLastSaysWhetherItKeepsThePlace() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 30)])
        let aligning = wall.send(.requestSeek(SeekRequest(target: .seconds(1), keepsPlace: true)))
        XCTAssertEqual(aligning.settled, [0], "it goes at once")
        XCTAssertTrue(wall.transport.lastSeekKeptPlace)
        XCTAssertEqual(wall.send(.requestSeek(SeekRequest(target: .seconds(9)))), [], "held while the other runs")
        wall.answer(aligning)
        XCTAssertTrue(wall.transport.lastSeekKeptPlace, "the held seek has not begun")
        let held = wall.advance(by: .milliseconds(500))
        XCTAssertEqual(held.settled, [0])
        XCTAssertFalse(wall.transport.lastSeekKeptPlace, "the user's seek moves the place")
    }
}
