import XCTest
@testable import VideoWallCore

/// A pause at an instant ahead (a leader of walls across machines, and its followers): the wall
/// plays until the instant, pauses there, and a play, pause or seek meanwhile acts at once.
final class WallTransportScheduledPauseTests: XCTestCase {
    private func playingWall() -> TransportHarness {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.play)
        wall.advance(by: .seconds(2))
        return wall
    }

    func testTheWallPlaysUntilTheInstantAndPausesThere() {
        var wall = playingWall()
        let instant = wall.now + .milliseconds(500)
        let scheduled = wall.send(.schedulePause(at: instant))
        XCTAssertEqual(scheduled.tiles(setTo: .paused), [], "not yet")
        XCTAssertEqual(wall.transport.state, .playing)
        XCTAssertEqual(wall.transport.scheduledPause, instant)
        XCTAssertFalse(wall.transport.intendsToPlay, "a toggle now plays on")
        XCTAssertEqual(wall.advance(by: .milliseconds(499)).tiles(setTo: .paused), [])
        let due = wall.advance(by: .milliseconds(1))
        XCTAssertEqual(due.tiles(setTo: .paused), [0, 1])
        XCTAssertEqual(due.published, [.paused])
        XCTAssertNil(wall.transport.scheduledPause)
        XCTAssertEqual(wall.transport.runningTime(at: wall.now + .seconds(3)), wall.transport.runningTime(at: instant), "stands where it was at the instant")
    }

    func testAPlayMeanwhileKeepsItPlaying() {
        var wall = playingWall()
        wall.send(.schedulePause(at: wall.now + .milliseconds(500)))
        XCTAssertEqual(wall.send(.play).tiles(setTo: .paused), [])
        XCTAssertTrue(wall.transport.intendsToPlay)
        XCTAssertEqual(wall.advance(by: .seconds(1)).tiles(setTo: .paused), [], "the pause was called off")
        XCTAssertEqual(wall.transport.state, .playing)
    }

    func testAPauseOrASeekMeanwhilePausesAtOnce() {
        var wall = playingWall()
        wall.send(.schedulePause(at: wall.now + .milliseconds(500)))
        XCTAssertEqual(wall.send(.pause).tiles(setTo: .paused), [0, 1])
        XCTAssertEqual(wall.transport.state, .paused)
        XCTAssertEqual(wall.advance(by: .seconds(1)), [], "nothing more at the instant")

        var seeking = playingWall()
        seeking.send(.schedulePause(at: seeking.now + .milliseconds(500)))
        let effects = seeking.send(.seek(SeekRequest(target: .seconds(1), precision: .accurate, rate: nil)))
        XCTAssertEqual(effects.tiles(setTo: .paused), [0, 1])
        XCTAssertFalse(seeking.transport.intendsToPlay, "the seek ends paused")
    }

    func testAnInstantPastOrAWallNotPlayingPausesAtOnce() {
        var wall = playingWall()
        XCTAssertEqual(wall.send(.schedulePause(at: wall.now - .milliseconds(1))).tiles(setTo: .paused), [0, 1])
        XCTAssertNil(wall.transport.scheduledPause)
        var loading = TransportHarness()
        loading.send(.load([.local()]))
        loading.send(.play)
        loading.send(.schedulePause(at: loading.now + .seconds(1)))
        XCTAssertFalse(loading.transport.intendsToPlay, "a loading wall will not start")
        XCTAssertNil(loading.transport.scheduledPause)
    }
}
