import VideoWallCore

/// What became of a failed network tile that tries its source again.
public enum TileRecoveryEvent: Sendable, Equatable {
    /// Attempt `attempt` (from 1) opens the source again `after` from now.
    case retrying(attempt: Int, after: Duration, reason: AssetError)
    /// The tile plays again, in sync with the wall, after `attempts` attempts.
    case recovered(attempts: Int)
    /// No attempt is left: the tile stays failed.
    case gaveUp(attempts: Int)
}
