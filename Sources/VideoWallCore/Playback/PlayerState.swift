/// Where one tile's player is in its life.
public enum PlayerState: String, Sendable, CaseIterable {
    case idle
    /// Opening and prerolling; the first frame is not there yet.
    case loading
    /// Prerolled: first frame shown, paused, can seek.
    case ready
    case playing
    case paused
    /// Waiting for data (network sources); resumes to playing or paused, see `PlayerStateMachine`.
    case buffering
    /// End of stream reached; the last frame is held unless the end-of-stream policy says otherwise.
    case ended
    /// Unrecoverable until `reset`.
    case failed
}

/// What happens to a player: commands (`load`, `play`, `pause`, `reset`) and pipeline reports (the rest).
package enum PlayerInput: Sendable, Equatable {
    case load
    case loaded
    case play
    case pause
    case bufferingStarted
    case bufferingFinished
    case reachedEnd
    /// Playback went back to an earlier point after the end (loop, or seek after end).
    case restarted
    case failed(String)
    case reset
}
