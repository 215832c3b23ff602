/// Where a wall's media stands on its clock: the frame at `position` is shown at the clock's
/// `instant`, and the wall moves on from there at `rate` while it plays. What a leader tells
/// its followers (walls across machines) so they show the same frame at the same moment on
/// the shared network clock: AVFoundation's `setRate(_:time:atHostTime:)` as a value.
package struct WallTimeline: Sendable, Equatable {
    package var isPlaying: Bool
    package var position: MediaTime
    package var instant: MediaTime
    package var rate: Double
    /// Whether the wall wraps to its start at its end, as its group loop does.
    package var isLooping: Bool
    /// How long a pass of that loop is, when known: a clip's own length may say more (its
    /// sound running past its last frame), and a follower must wrap where the leader does.
    package var loopLength: MediaTime?
    /// Which clock `instant` is on: a name the leader's clock takes when it starts (a leader
    /// that restarts serves a new clock, from a new origin, under a new name); nil: not said.
    package var clock: String?
    /// Per tile, the place (from 0) in its playlist of the item it shows, nil for a tile without
    /// one; nil when no tile plays a playlist. `position` is the wall's, read from its other
    /// tiles; in a wall that is one playlist tile, it is within that tile's item.
    package var items: [Int?]?
    /// Per tile, the instant of the clock at which the item it shows started (its stream time
    /// at the start of its segment, in or out of view), nil for a tile without a playlist or
    /// whose item is not placed yet; nil when no tile plays a playlist. Each item plays from its
    /// own start, not on the wall's position: a follower lines its items up on these.
    package var itemStarts: [MediaTime?]?
    /// The instant the playing wall will pause at, when its pause is scheduled ahead (a
    /// leader's: its followers pause at the same instant and stop on the same frame).
    package var pauseAt: MediaTime?

    package init(isPlaying: Bool, position: MediaTime, instant: MediaTime, rate: Double = 1, isLooping: Bool = false,
                loopLength: MediaTime? = nil, clock: String? = nil, items: [Int?]? = nil, itemStarts: [MediaTime?]? = nil, pauseAt: MediaTime? = nil) {
        self.isPlaying = isPlaying
        self.pauseAt = isPlaying ? pauseAt : nil
        self.items = items
        self.itemStarts = itemStarts
        self.isLooping = isLooping
        self.loopLength = isLooping ? loopLength : nil
        self.position = position
        self.instant = instant
        self.rate = rate
        self.clock = clock
    }

    /// The position shown at `instant` (where it stands, when it does not play).
    package func position(at instant: MediaTime) -> MediaTime {
        guard isPlaying, rate != 0 else { return position }
        return position + (instant - self.instant) * rate
    }

    /// `position` brought into a loop of `loopLength` (or of `length`, when the timeline does
    /// not say its own): where a looping wall stands at a position past its end (unchanged
    /// when it does not loop, or no length is known).
    package func wrapped(_ position: MediaTime, length: MediaTime?) -> MediaTime {
        guard isLooping, let length = loopLength ?? length else { return position }
        return position.wrapped(into: length)
    }

    /// The instant `position` is shown at, while it plays (nil when it does not).
    package func instant(showing position: MediaTime) -> MediaTime? {
        guard isPlaying, rate != 0 else { return nil }
        return instant + (position - self.position) * (1 / rate)
    }
}
