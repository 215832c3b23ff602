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
        skipped += missing
        return missing
    }

    /// A new segment begins: the next frame's timestamp says nothing about frames lost.
    public mutating func segmentStarted() {
        last = nil
    }
}
