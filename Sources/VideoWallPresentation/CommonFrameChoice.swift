import VideoWallCore
/// Picks, for every tile of a playing wall, the frame to paint so that all tiles show the same
/// instant, also when the machine is too slow to present every frame and each tile drops
/// different ones.
///
/// Each tile offers the frames it has received and not yet passed, as spans of the shared
/// clock (when each is due, for how long). The wall cannot show an instant later than the one
/// the slowest tile has reached (the end of its newest frame), so the choice looks at the
/// instants where frames begin before that, newest first, and
/// takes the first one that every tile has a frame for. A tile that dropped a frame another
/// kept makes the wall skip that frame everywhere rather than show two different frames.
public enum CommonFrameChoice {
    public struct Frame: Sendable, Equatable {
        public var due: MediaTime
        public var duration: MediaTime
        public init(due: MediaTime, duration: MediaTime) {
            self.due = due
            self.duration = duration
        }

        var end: MediaTime { due + max(duration, .nanoseconds(1)) }

        /// Containers round timestamps (to the millisecond, or a 90 kHz tick), so a frame due a
        /// hair after an instant still covers it, and one that ends a hair after it does not:
        /// the next frame, due then, does. (Without the second half, an MP4 tile still on frame
        /// n beside an MPEG-TS copy already on n+1, due 11 µs earlier, was a common instant.)
        func covers(_ instant: MediaTime) -> Bool {
            let tail = duration > CommonFrameChoice.rounding * 2 ? CommonFrameChoice.rounding : .zero
            return due <= instant + CommonFrameChoice.rounding && instant + tail < end
        }
    }

    public struct Choice: Sendable, Equatable {
        /// The instant the wall shows.
        public var instant: MediaTime
        /// Per tile, the index of the frame to paint.
        public var frames: [Int]
    }

    static let rounding = MediaTime.milliseconds(1)

    /// `tiles[i]` holds tile i's frames in the order they arrived (rising due times); every
    /// tile must have at least one. Nil when there is no tile.
    public static func choose(_ tiles: [[Frame]]) -> Choice? {
        guard !tiles.isEmpty, tiles.allSatisfy({ !$0.isEmpty }) else { return nil }
        // The wall has reached no further than the end of the slowest tile's newest frame.
        let reached = tiles.map { $0.last!.end }.min()!
        let candidates = Set(tiles.flatMap { $0.map(\.due) }.filter { $0 < reached }).sorted(by: >)
        for instant in candidates {
            let picks = tiles.map { frames in frames.lastIndex { $0.covers(instant) } }
            if picks.allSatisfy({ $0 != nil }) { return Choice(instant: instant, frames: picks.map { $0! }) }
        }
        // No instant that every tile has: each shows its newest frame the slowest tile has reached.
        let slowest = tiles.map { $0.last!.due }.min()!
        return Choice(instant: slowest, frames: tiles.map { frames in frames.lastIndex { $0.due <= slowest + rounding } ?? 0 })
    }
}

