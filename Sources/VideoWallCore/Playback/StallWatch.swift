/// Notices a tile that stops producing frames while the wall plays, without an error or an end
/// of stream (a server that keeps the connection open and sends nothing, a decoder that hangs),
/// and one that waits for data far longer than a network hiccup: a kiosk must not hold a black
/// or frozen tile, or the whole wall, for ever. Fed a sample per tile every second or so, on
/// any clock; pure, so its rules are tested on a hand-advanced one.
public struct StallWatch: Sendable {
    package enum Verdict: Sendable, Equatable {
        /// Playing, and no new frame for this long.
        case noNewFrame(for: Duration)
        /// Waiting for data (buffering) for this long.
        case bufferingTooLong(for: Duration)

        package var text: String {
            switch self {
            case .noNewFrame(let time): return "stalled: no new frame for \(Self.seconds(time)) s"
            case .bufferingTooLong(let time): return "stalled: waiting for data for \(Self.seconds(time)) s"
            }
        }

        private static func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }
    }

    /// How long a playing tile may go without a new frame.
    public var frameLimit: Duration
    /// How long a tile may wait for data while the wall plays.
    public var bufferingLimit: Duration

    private struct Track: Sendable {
        var frames: UInt64
        var progressAt: MediaTime
        var bufferingSince: MediaTime?
        /// Whether the last look saw it playing (time counts from the first look that does).
        var watching = false
    }
    private var tracks: [Int: Track] = [:]

    public init(frameLimit: Duration = .seconds(5), bufferingLimit: Duration = .seconds(20)) {
        self.frameLimit = frameLimit
        self.bufferingLimit = bufferingLimit
    }

    /// One look at `tile` at `now`: the frames it rendered so far and its state, while the wall
    /// plays or not. A verdict once a limit is passed; the tile is then watched afresh.
    /// `waitsByDesign`: the tile shows no new frame on purpose, and the count starts when its
    /// next frame is due. Either it ended its pass and holds its last frame until the group
    /// loop wraps (a tile shorter than the wall's longest, re-armed for the wrap: it is told to
    /// play, on a base time that lies at the wrap; the README: a shorter tile holds its last
    /// frame), or it is joining the wall: sought ahead and refilling its buffer, or admitted
    /// and waiting for the moment its first frame is due. A recovering tile on a slow link
    /// takes seconds to join, and was once called stalled just as it was about to show.
    package mutating func observe(tile: Int, at now: MediaTime, framesRendered: UInt64, state: PlayerState,
                                 wallPlays: Bool, waitsByDesign: Bool = false) -> Verdict? {
        var track = tracks[tile] ?? Track(frames: framesRendered, progressAt: now)
        defer { tracks[tile] = track }
        // Only time spent playing counts: a paused wall, a tile that ended, holds or loads
        // starts the count again.
        guard wallPlays, !waitsByDesign, state == .playing || state == .buffering else {
            track = Track(frames: framesRendered, progressAt: now)
            return nil
        }
        if framesRendered != track.frames || !track.watching {
            track = Track(frames: framesRendered, progressAt: now, watching: true)
            if state == .buffering { track.bufferingSince = now }
            return nil
        }
        if state == .buffering {
            let since = track.bufferingSince ?? now
            track.bufferingSince = since
            guard now - since >= MediaTime(bufferingLimit) else { return nil }
            track = Track(frames: framesRendered, progressAt: now, watching: true)
            return .bufferingTooLong(for: (now - since).duration)
        }
        track.bufferingSince = nil
        guard now - track.progressAt >= MediaTime(frameLimit) else { return nil }
        let stalled = now - track.progressAt
        track = Track(frames: framesRendered, progressAt: now, watching: true)
        return .noNewFrame(for: stalled.duration)
    }

    /// Stops watching a tile (it failed, the wall was loaded again).
    package mutating func forget(tile: Int) {
        tracks[tile] = nil
    }

    /// Starts every count again: the process stood still, and no tile could show a frame.
    package mutating func forgetAll() {
        tracks.removeAll()
    }
}
