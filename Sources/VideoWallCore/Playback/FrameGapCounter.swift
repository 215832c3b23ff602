/// Counts the frames a tile never presented because something upstream of its sink skipped
/// them: a decoder or a converter acting on quality-of-service events drops late frames before
/// they reach the sink, so the sink's own `dropped` count misses them. They show as gaps between
/// the timestamps of consecutive frames of one segment.
///
/// Pure: the engine feeds it every frame that reaches the sink and every new segment (a seek, a
/// loop's pass), where timestamps may jump without any frame being lost.
public struct FrameGapCounter: Sendable {
    /// Frames skipped so far, in all segments.
    public private(set) var skipped = 0
    private var last: (start: MediaTime, duration: MediaTime)?
    /// Gaps in the media itself (a segment the server did not have) announced and not yet met.
    private var announcedGaps = 0
    /// The smallest gap, in frames, taken for an announced one. A machine that falls behind
    /// loses a frame or two at a time; a missing segment is a second or more.
    public static let announcedGapFrames = 3

    public init() {}

    /// A frame reached the sink. Returns how many frames were missing right before it.
    /// A frame without a duration is taken to last as long as the previous one did.
    @discardableResult
    public mutating func frameArrived(at start: MediaTime, duration: MediaTime?) -> Int {
        defer { last = (start, duration ?? last?.duration ?? .zero) }
        guard let last, last.duration > .zero else { return 0 }
        // Playing backwards the timestamps fall: the gap is measured the other way.
        let distance = start >= last.start ? start - last.start : last.start - start
        let periods = Int((Double(distance.nanoseconds) / Double(last.duration.nanoseconds)).rounded())
        let missing = max(0, periods - 1)
        if announcedGaps > 0, missing >= Self.announcedGapFrames {
            announcedGaps -= 1
            lastAnnouncedGapEnd = start
            return 0
        }
        skipped += missing
        return missing
    }

    /// Whether a gap was announced and not yet met: the stream has a hole ahead.
    public var awaitsAnnouncedGap: Bool { announcedGaps > 0 }
    /// The timestamp of the frame after the last announced gap met (the gap is met when
    /// that frame arrives, which may be well before it is due).
    public private(set) var lastAnnouncedGapEnd: MediaTime?

    /// The stream will jump over media that does not exist (a skipped segment, announced when
    /// its fetch fails, while frames from before it are still on their way): the next gap of
    /// `announcedGapFrames` or more is not frames lost.
    public mutating func gapAnnounced() {
        announcedGaps += 1
    }

    /// A new segment begins: the next frame's timestamp says nothing about frames lost.
    /// Announced gaps are kept: a fetcher announces a gap as soon as it meets it, which may
    /// be before the flush of a seek, and a seek that fetches it again announces it again.
    public mutating func segmentStarted() {
        last = nil
    }
}
