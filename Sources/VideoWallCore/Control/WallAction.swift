/// What a user or a program asks the whole wall to do, as a value. The window's keys, the JSON
/// IPC and MPRIS each translate their own protocol into these, and the engine applies them
/// (`Wall.send`), so each rule (a relative seek kept within the clips, the play/pause
/// toggle, the speed ladder) is written once.
public enum WallAction: Sendable, Equatable {
    case play
    case pause
    /// Pause a wall that plays (or will, once a seek or buffering is over), else play.
    case togglePause
    case seek(SeekIntent)
    /// Frames on (positive) or back (negative) from the frame shown, then paused.
    case step(frames: Int)
    /// A speed within `WallAction.rates` (0.01 to 16, the IPC's `speed` range).
    case setRate(Double)
    /// One step down (up) the speed ladder (`PlaybackRate`), as `[` and `]` move along it.
    case slower, faster
    case setLooping(Bool)
    case toggleLooping
    /// mpv's `l`: set A, then B (the wall loops between them), then clear.
    case cycleABLoop
    case setMuted(Bool)
    case toggleMute
    /// The wall's volume, 0 to 1.3 (mpv's 0 to 130 %).
    case setVolume(Double)
    /// The one tile heard, the others muted (nil mutes all): the `1`-`4` keys.
    case setAudible(tile: Int?)
    /// One tile's own sound, the others as they are: its level (its region's `volume:`, 0 to
    /// 1.3, under the wall's volume) and whether it is muted; nil leaves either as it is.
    case setTileSound(tile: Int, volume: Double?, muted: Bool?)
    /// The A-B loop's points (nil: unset); the wall loops while both are set, A before B.
    case setABLoop(a: MediaTime?, b: MediaTime?)
    /// A tile's offset from the wall (positive: it shows media that much earlier), within
    /// `TileOffset.largest`.
    case setOffset(tile: Int, to: TileOffset)
    /// A tile's offset moved by so much (frames by the tile's own frame duration).
    case shiftOffset(tile: Int, by: TileOffset)
    /// A seek bar is grabbed: the wall pauses and remembers whether it played; throttled
    /// seeks follow the drag.
    case beginScrub
    /// The seek bar is let go: the last throttled seek runs now and the wall plays again if it
    /// played when the drag began.
    case endScrub

    public static let rates: ClosedRange<Double> = 0.01...16
    public static let volumes: ClosedRange<Double> = 0...1.3
}

/// A seek as asked: a time or a percentage, from the start or from where the wall is, and how
/// precisely it should land. `throttled`: one of a stream of seeks (a drag, a held key); the
/// wall goes to the last one at most twice a second.
public struct SeekIntent: Sendable, Equatable {
    public enum Reference: String, Sendable {
        case relative, absolute
        case absolutePercent = "absolute-percent"
        case relativePercent = "relative-percent"
    }

    /// Seconds, or percent of the wall's length.
    public var target: Double
    public var reference: Reference
    /// Nil: mpv's default, exact for an absolute seek and to a key frame for a relative one.
    public var precision: SeekPrecision?
    public var throttled: Bool

    public init(target: Double, reference: Reference = .relative, precision: SeekPrecision? = nil, throttled: Bool = false) {
        self.target = target
        self.reference = reference
        self.precision = precision
        self.throttled = throttled
    }

    /// The time to seek to on a wall at `position` whose clips last `duration`, kept within
    /// the clips; nil when a percentage is asked for and the length is not known.
    package func resolved(position: MediaTime, duration: MediaTime?) -> MediaTime? {
        let seconds: Double
        switch reference {
        case .absolute: seconds = target
        case .relative: seconds = position.seconds + target
        case .absolutePercent, .relativePercent:
            guard let duration else { return nil }
            let base = reference == .absolutePercent ? 0 : position.seconds
            seconds = base + duration.seconds * target / 100
        }
        guard seconds.isFinite else { return nil }
        var bounded = max(0, seconds)
        if let duration { bounded = min(bounded, duration.seconds) }
        return .seconds(bounded)
    }

    /// How precisely it lands: as asked, or mpv's default for the reference.
    package var effectivePrecision: SeekPrecision {
        precision ?? (reference == .absolute || reference == .absolutePercent ? .accurate : .keyFrame)
    }
}
