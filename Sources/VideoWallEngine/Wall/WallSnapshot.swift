import VideoWallCore

/// The wall's whole observable state at one moment, as one value: what a front-end shows and
/// what `WallEvent.changed` carries, so a client reads no property of the wall beside it.
public struct WallSnapshot: Equatable, Sendable {
    public var transport: TransportState
    /// Whether the wall is paused as asked: true from a pause on, also while it then seeks or
    /// buffers (mpv's `pause`); a wall told to play that still seeks is not paused.
    public var isPaused: Bool
    /// Where the wall stands (nil before its first frame).
    public var position: MediaTime?
    /// The longest tile's length (nil while unknown, or live).
    public var duration: MediaTime?
    public var rate: Double
    public var isLooping: Bool
    public var abLoopA: MediaTime?
    public var abLoopB: MediaTime?
    /// 0 to 1.3.
    public var volume: Double
    public var isMuted: Bool
    /// The machine cannot keep up now (the slowest tile's figure), or nil.
    public var overload: OverloadMeter.Figure?
    /// One per source given, in that order.
    public var tiles: [TileStatus]
}

extension Wall {
    /// The wall as it stands now.
    public var snapshot: WallSnapshot {
        WallSnapshot(transport: transport, isPaused: !intendsToPlay, position: position, duration: duration, rate: rate, isLooping: isLooping,
                     abLoopA: abLoopA, abLoopB: abLoopB, volume: volume, isMuted: isMuted, overload: overload, tiles: tiles)
    }
}
