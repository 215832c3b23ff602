/// Tells whether a tile is inside a hole in its media: a stretch the source does not have (a
/// segment the server could not give, skipped by the fetcher), announced before the frames
/// ahead of it have been shown. While it waits for the frame after the hole, a tile that shows
/// nothing new is not stalled.
///
/// It does not count frames lost. A gap between the timestamps of two frames is normal input:
/// variable frame rates, AVI null frames, MPEG-4 N-VOPs, still stretches in a screencast. The
/// frames a tile did not show are counted where they are left out (the sink's late drops, the
/// key-frame filter), never guessed from timestamps.
///
/// Pure: the engine feeds it every frame that reaches the sink and every new segment (a seek, a
/// loop's pass), where timestamps may jump.
package struct MediaHoleTracker: Sendable {
    private var last: (start: MediaTime, duration: MediaTime)?
    /// Holes announced and not yet met.
    private var announcedHoles = 0
    /// The smallest jump, in frames, taken for an announced hole. A missing segment is a
    /// second or more; a frame or two apart is an ordinary stream.
    package static let holeFrames = 3

    package init() {}

    /// A frame reached the sink. Returns whether it is the first frame after an announced hole.
    /// A frame without a duration is taken to last as long as the previous one did.
    @discardableResult
    package mutating func frameArrived(at start: MediaTime, duration: MediaTime?) -> Bool {
        defer { last = (start, duration ?? last?.duration ?? .zero) }
        guard announcedHoles > 0, let last, last.duration > .zero else { return false }
        // Playing backwards the timestamps fall: the jump is measured the other way.
        let distance = start >= last.start ? start - last.start : last.start - start
        let periods = Int((Double(distance.nanoseconds) / Double(last.duration.nanoseconds)).rounded())
        guard periods - 1 >= Self.holeFrames else { return false }
        announcedHoles -= 1
        lastHoleEnd = start
        return true
    }

    /// Whether a hole was announced and not yet met: the stream has a hole ahead.
    package var awaitsAnnouncedHole: Bool { announcedHoles > 0 }
    /// The timestamp of the frame after the last announced hole met (the hole is met when
    /// that frame arrives, which may be well before it is due).
    package private(set) var lastHoleEnd: MediaTime?

    /// The stream will jump over media that does not exist (a skipped segment, announced when
    /// its fetch fails, while frames from before it are still on their way).
    package mutating func holeAnnounced() {
        announcedHoles += 1
    }

    /// A new segment begins: the next frame's timestamp says nothing about a hole.
    /// Announced holes are kept: a fetcher announces a hole as soon as it meets it, which may
    /// be before the flush of a seek, and a seek that fetches it again announces it again.
    package mutating func segmentStarted() {
        last = nil
    }
}
