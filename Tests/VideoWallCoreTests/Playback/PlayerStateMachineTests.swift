import XCTest
@testable import VideoWallCore

final class PlayerStateMachineTests: XCTestCase {
    private static let inputs: [PlayerInput] = [
        .load, .loaded, .play, .pause, .bufferingStarted, .bufferingFinished, .reachedEnd, .restarted, .failed("boom"), .reset,
    ]

    /// For every state and input: the state reached when the intent is pause, and when it is play
    /// (nil = input ignored, state unchanged). Every (state, input) pair must be listed.
    private static let table: [(PlayerState, PlayerInput, PlayerState?, PlayerState?)] = [
        (.idle, .load, .loading, .loading), (.idle, .loaded, nil, nil), (.idle, .play, nil, nil),
        (.idle, .pause, nil, nil), (.idle, .bufferingStarted, nil, nil), (.idle, .bufferingFinished, nil, nil),
        (.idle, .reachedEnd, nil, nil), (.idle, .restarted, nil, nil), (.idle, .failed("boom"), .failed, .failed),
        (.idle, .reset, nil, nil),

        (.loading, .load, nil, nil), (.loading, .loaded, .ready, .ready), (.loading, .play, nil, nil),
        (.loading, .pause, nil, nil), (.loading, .bufferingStarted, nil, nil), (.loading, .bufferingFinished, nil, nil),
        (.loading, .reachedEnd, nil, nil), (.loading, .restarted, nil, nil), (.loading, .failed("boom"), .failed, .failed),
        (.loading, .reset, .idle, .idle),

        (.ready, .load, nil, nil), (.ready, .loaded, nil, nil), (.ready, .play, .playing, .playing),
        (.ready, .pause, nil, nil), (.ready, .bufferingStarted, .buffering, .buffering), (.ready, .bufferingFinished, nil, nil),
        (.ready, .reachedEnd, nil, nil), (.ready, .restarted, nil, nil), (.ready, .failed("boom"), .failed, .failed),
        (.ready, .reset, .idle, .idle),

        (.playing, .load, nil, nil), (.playing, .loaded, nil, nil), (.playing, .play, nil, nil),
        (.playing, .pause, .paused, .paused), (.playing, .bufferingStarted, .buffering, .buffering),
        (.playing, .bufferingFinished, nil, nil), (.playing, .reachedEnd, .ended, .ended), (.playing, .restarted, nil, nil),
        (.playing, .failed("boom"), .failed, .failed), (.playing, .reset, .idle, .idle),

        (.paused, .load, nil, nil), (.paused, .loaded, nil, nil), (.paused, .play, .playing, .playing),
        (.paused, .pause, nil, nil), (.paused, .bufferingStarted, .buffering, .buffering),
        (.paused, .bufferingFinished, nil, nil), (.paused, .reachedEnd, .ended, .ended), (.paused, .restarted, nil, nil),
        (.paused, .failed("boom"), .failed, .failed), (.paused, .reset, .idle, .idle),

        (.buffering, .load, nil, nil), (.buffering, .loaded, nil, nil), (.buffering, .play, nil, nil),
        (.buffering, .pause, nil, nil), (.buffering, .bufferingStarted, nil, nil),
        (.buffering, .bufferingFinished, .paused, .playing), (.buffering, .reachedEnd, .ended, .ended),
        (.buffering, .restarted, nil, nil), (.buffering, .failed("boom"), .failed, .failed), (.buffering, .reset, .idle, .idle),

        (.ended, .load, nil, nil), (.ended, .loaded, nil, nil), (.ended, .play, .playing, .playing),
        (.ended, .pause, nil, nil), (.ended, .bufferingStarted, nil, nil), (.ended, .bufferingFinished, nil, nil),
        (.ended, .reachedEnd, nil, nil), (.ended, .restarted, .paused, .playing), (.ended, .failed("boom"), .failed, .failed),
        (.ended, .reset, .idle, .idle),

        (.failed, .load, nil, nil), (.failed, .loaded, nil, nil), (.failed, .play, nil, nil),
        (.failed, .pause, nil, nil), (.failed, .bufferingStarted, nil, nil), (.failed, .bufferingFinished, nil, nil),
        (.failed, .reachedEnd, nil, nil), (.failed, .restarted, nil, nil), (.failed, .failed("boom"), nil, nil),
        (.failed, .reset, .idle, .idle),
    ]

    func testTableIsExhaustive() {
        XCTAssertEqual(Self.table.count, PlayerState.allCases.count * Self.inputs.count)
        for state in PlayerState.allCases {
            for input in Self.inputs {
                XCTAssertEqual(Self.table.filter { $0.0 == state && $0.1 == input }.count, 1, "\(state) \(input)")
            }
        }
    }

    func testEveryTransition() {
        for (state, input, whenPaused, whenPlaying) in Self.table {
            for wantsToPlay in [false, true] {
                var machine = PlayerStateMachine(state: state, wantsToPlay: wantsToPlay)
                let expected = wantsToPlay ? whenPlaying : whenPaused
                let label = "\(state) + \(input), wantsToPlay \(wantsToPlay)"
                XCTAssertEqual(machine.handle(input), expected, label)
                XCTAssertEqual(machine.state, expected ?? state, label)

                // Intent: play/pause set it (except when failed), reset clears it, nothing else touches it.
                let expectedIntent: Bool = switch input {
                case .play where state != .failed: true
                case .pause where state != .failed: false
                case .reset: false
                default: wantsToPlay
                }
                XCTAssertEqual(machine.wantsToPlay, expectedIntent, "intent after \(label)")
            }
        }
    }

    func testPlayPressedWhileLoadingIsRememberedAcrossReady() {
        var machine = PlayerStateMachine()
        XCTAssertEqual(machine.handle(.load), .loading)
        XCTAssertNil(machine.handle(.play))
        XCTAssertEqual(machine.state, .loading)
        XCTAssertEqual(machine.handle(.loaded), .ready)
        XCTAssertTrue(machine.wantsToPlay, "engine applies the intent after ready")
        XCTAssertEqual(machine.handle(.play), .playing)
    }

    func testBufferingResumesToLatestIntent() {
        var machine = PlayerStateMachine(state: .playing, wantsToPlay: true)
        XCTAssertEqual(machine.handle(.bufferingStarted), .buffering)
        XCTAssertNil(machine.handle(.pause))
        XCTAssertEqual(machine.handle(.bufferingFinished), .paused)
        XCTAssertEqual(machine.handle(.play), .playing)
        XCTAssertEqual(machine.handle(.reachedEnd), .ended)
        XCTAssertEqual(machine.handle(.restarted), .playing, "looping keeps playing")
    }

    func testFailureIsTerminalUntilReset() {
        var machine = PlayerStateMachine(state: .playing, wantsToPlay: true)
        XCTAssertEqual(machine.handle(.failed("no decoder for video/x-h265")), .failed)
        XCTAssertEqual(machine.failureReason, "no decoder for video/x-h265")
        XCTAssertNil(machine.handle(.failed("later")))
        XCTAssertEqual(machine.failureReason, "no decoder for video/x-h265", "first reason is kept")
        XCTAssertNil(machine.handle(.play))
        XCTAssertEqual(machine.handle(.reset), .idle)
        XCTAssertNil(machine.failureReason)
        XCTAssertFalse(machine.wantsToPlay)
    }
}
