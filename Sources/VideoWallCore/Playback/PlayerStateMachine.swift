/// A pure model of one player's state, so the rules are testable without GStreamer.
///
/// Besides the state it keeps the *intent* (`wantsToPlay`): what the user last asked for. Intent
/// survives states where it cannot be acted on, so a `play` pressed while loading or buffering is
/// not lost:
/// - `loaded` always goes to `ready` (prerolled, paused on the first frame). The engine then checks
///   `wantsToPlay` and sends `play` if so; keeping the two steps apart means "ready" is always
///   observed once, which is when the engine aligns all tiles before starting them together.
/// - buffering resumes to playing or paused according to the intent at the time buffering ends.
/// - `restarted` after `ended` does the same.
/// `failed` is terminal: only `reset` (back to `idle`, intent cleared) leaves it.
package struct PlayerStateMachine: Sendable, Equatable {
    package private(set) var state: PlayerState
    package private(set) var wantsToPlay: Bool
    /// Why the player failed; set only while `state == .failed`.
    package private(set) var failureReason: String?

    package init(state: PlayerState = .idle, wantsToPlay: Bool = false) {
        self.state = state
        self.wantsToPlay = wantsToPlay
    }

    /// Applies an input. Returns the new state when it changed, nil when the state stayed the same
    /// (ignored input, or an intent merely remembered).
    @discardableResult
    package mutating func handle(_ input: PlayerInput) -> PlayerState? {
        if state == .failed {
            guard input == .reset else { return nil }
        }
        let next: PlayerState? = switch input {
        case .reset:
            resetting()
        case .failed(let reason):
            failing(reason)
        case .load:
            state == .idle ? .loading : nil
        case .loaded:
            state == .loading ? .ready : nil
        case .play:
            playing()
        case .pause:
            pausing()
        case .bufferingStarted:
            [.ready, .playing, .paused].contains(state) ? .buffering : nil
        case .bufferingFinished:
            state == .buffering ? resumeState : nil
        case .reachedEnd:
            [.playing, .paused, .buffering].contains(state) ? .ended : nil
        case .restarted:
            state == .ended ? resumeState : nil
        }
        guard let next, next != state else { return nil }
        state = next
        return next
    }

    private var resumeState: PlayerState { wantsToPlay ? .playing : .paused }

    private mutating func resetting() -> PlayerState {
        wantsToPlay = false
        failureReason = nil
        return .idle
    }

    private mutating func failing(_ reason: String) -> PlayerState {
        failureReason = reason
        return .failed
    }

    private mutating func playing() -> PlayerState? {
        wantsToPlay = true
        return [.ready, .paused, .ended].contains(state) ? .playing : nil
    }

    private mutating func pausing() -> PlayerState? {
        wantsToPlay = false
        return state == .playing ? .paused : nil
    }
}
