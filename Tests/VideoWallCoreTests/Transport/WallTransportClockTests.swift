import XCTest
@testable import VideoWallCore

final class WallTransportClockTests: XCTestCase {
    func testALostClockIsTakenAgainAndTheGroupReBasedWhereItWas() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        wall.advance(by: .seconds(3))
        let effects = wall.send(.clockLost(1))
        let running = MediaTime.seconds(3) - .milliseconds(5)
        XCTAssertEqual(effects, [.decodeEveryFrame, .setState([0, 1], .paused), .useClock(1),
                                 .setBaseTime(0, wall.now + .milliseconds(5) - running),
                                 .setBaseTime(1, wall.now + .milliseconds(5) - running),
                                 .setState([0, 1], .playing)])
        XCTAssertEqual(wall.transport.state, .playing)
    }

    func testALostClockWhilePausedWaitsForTheNextPlay() {
        var wall = TransportHarness()
        wall.loadWall([.local()])
        XCTAssertEqual(wall.send(.clockLost(0)), [])
    }

    /// Ticks every 100 ms while the wall plays, each with how far the pictures got.
    private func tick(_ wall: inout TransportHarness, count: Int, reached: (MediaTime) -> MediaTime?) -> [TransportEffect] {
        var effects: [TransportEffect] = []
        for _ in 0..<count {
            wall.advance(by: .milliseconds(100))
            effects += wall.send(.suspensionTick(reached: reached(wall.transport.runningTime(at: wall.now))))
        }
        return effects
    }

    func testAfterTheProcessStoodStillTheWallGoesOnFromTheFramesItHadReached() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        XCTAssertEqual(tick(&wall, count: 10) { $0 }, [])
        let reached = wall.transport.runningTime(at: wall.now)
        // Stopped for 5 s: the next tick comes 5.1 s after the last, the pictures where they were.
        wall.advance(by: .milliseconds(5100))
        let effects = wall.send(.suspensionTick(reached: reached))
        XCTAssertEqual(effects.last, .warnStoodStill(.seconds(5)))
        XCTAssertEqual(effects.baseTimes[0], wall.now + .milliseconds(5) - reached)
        XCTAssertEqual(wall.transport.suspendedTime, .seconds(5))
        XCTAssertEqual(wall.transport.state, .playing)
    }

    func testAMainThreadThatAloneStoodStillIsLeftAlone() {
        var wall = TransportHarness()
        wall.loadWall([.local()])
        wall.send(.play)
        _ = tick(&wall, count: 3) { $0 }
        wall.advance(by: .seconds(2))
        // The streaming threads went on: the pictures kept up with the clock.
        XCTAssertEqual(wall.send(.suspensionTick(reached: wall.transport.runningTime(at: wall.now))), [])
        XCTAssertEqual(wall.transport.suspendedTime, .zero)
    }
}
