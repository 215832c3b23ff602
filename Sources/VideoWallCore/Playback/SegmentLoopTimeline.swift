/// Running time across the passes of a loop made with segment seeks.
///
/// A looping tile plays local media as a SEGMENT seek and, at each SEGMENT_DONE, seeks again
/// to the start without flushing. The demuxer then starts each pass with a new segment whose
/// base (the running time its start plays at) GStreamer takes from the start of the previous
/// pass's last buffer, not its end: every pass would lose a frame, and audio and video would
/// each lose a different amount. This timeline gives every stream's new segment one base: the
/// previous pass's base plus how long that pass really lasted, from its start to the end of the
/// last buffer of any stream. It sees what leaves the demuxer, in the demuxer's own order: all
/// of a pass's buffers before any segment of the next, and a flush on every stream before the
/// first segment of a seek.
package struct SegmentLoopTimeline: Sendable {
    private struct Pass: Sendable {
        var start: MediaTime
        var base: MediaTime
        var rate: Double
        /// Where the pass's segment stops (an A-B loop's B); nil: at the end of the media.
        var stop: MediaTime? = nil
        /// The latest end (timestamp + duration) of any buffer of this pass, no later than its
        /// stop: a demuxer may push a little past a seek's stop, and the decoder drops it.
        var end: MediaTime?
    }

    /// Where on the stream's timeline a pass ends at the earliest: a tile a little shorter than
    /// its group holds its last frame until the group's wrap and starts its next pass with the
    /// others (`LoopPlan.heldPassLength`), whether its pass began at the start or where a seek
    /// put it. nil: each pass ends with its media.
    package var earliestPassEnd: MediaTime?

    private var passes: [Int: Pass] = [:]
    /// Which pass each stream is in; a stream that has not started one since the last flush is absent.
    private var streamPass: [UInt: Int] = [:]

    package init() {}

    /// A flushing seek: the passes so far are over, the next segments start a new run.
    package mutating func flushed() {
        passes.removeAll()
        streamPass.removeAll()
    }

    /// A TIME segment of `stream` leaves the demuxer. Returns the base to give it, or nil to
    /// keep its own (the first segment of a run, or a pass whose end is unknown).
    package mutating func segment(stream: UInt, start: MediaTime, base: MediaTime, rate: Double, stop: MediaTime? = nil) -> MediaTime? {
        guard let current = streamPass[stream] else {
            // The first pass of a run: every stream's first segment carries the seek's base.
            streamPass[stream] = passes.keys.min() ?? 0
            if passes.isEmpty { passes[0] = Pass(start: start, base: base, rate: rate, stop: stop) }
            return nil
        }
        let next = current + 1
        streamPass[stream] = next
        if let known = passes[next] { return known.base }
        guard let previous = passes[current], let end = previous.end, end > previous.start, previous.rate > 0 else {
            passes[next] = Pass(start: start, base: base, rate: rate, stop: stop)
            return nil
        }
        let length = max(end, earliestPassEnd ?? .zero) - previous.start
        let lasted = MediaTime(nanoseconds: Int64((Double(length.nanoseconds) / previous.rate).rounded()))
        let rebased = previous.base + lasted
        passes[next] = Pass(start: start, base: rebased, rate: rate, stop: stop)
        // Passes two behind are done with: keep the table small on a loop that runs for weeks.
        passes[current - 1] = nil
        return rebased
    }

    /// A buffer of `stream` leaves the demuxer.
    package mutating func buffer(stream: UInt, presentationTime: MediaTime, duration: MediaTime?) {
        guard let pass = streamPass[stream], var entry = passes[pass] else { return }
        var end = presentationTime + (duration ?? .zero)
        if let stop = entry.stop { end = min(end, stop) }
        if entry.end.map({ end > $0 }) ?? true { entry.end = end }
        passes[pass] = entry
    }
}
