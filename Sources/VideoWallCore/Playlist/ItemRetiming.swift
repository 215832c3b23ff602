/// How a playlist item's own in and out points and speed reshape the segment it plays in, so
/// they apply from its first frame with no seek: the item's segment starts at its in point
/// (earlier frames are not shown), stops at its out point, and runs at the wall's rate times
/// the item's speed. Items follow one another gaplessly on one running time, which GStreamer
/// counts as if each item had played whole at the wall's rate: each reshaped item moves the
/// ones after it by what it changed (`correction`), so the next item's first frame still comes
/// one frame after the last one shown.
///
/// Fed, in order, what passes the tile's video path: each item's segment as GStreamer made it,
/// and each frame. Pure: the engine's probe calls it on the streaming thread.
package struct ItemRetiming: Sendable {
    package struct Segment: Equatable, Sendable {
        package var start: MediaTime
        /// Nil: to the end of the stream.
        package var stop: MediaTime?
        /// The stream time of `start`: where the segment starts in the media.
        package var time: MediaTime
        /// The running time of `start`.
        package var base: MediaTime
        package var rate: Double

        package init(start: MediaTime, stop: MediaTime? = nil, time: MediaTime, base: MediaTime, rate: Double = 1) {
            self.start = start
            self.stop = stop
            self.time = time
            self.base = base
            self.rate = rate
        }
    }

    package struct Shape: Equatable, Sendable {
        /// Where in the media the item starts and ends (stream time); nil: its start, its end.
        package var inPoint: MediaTime?
        package var outPoint: MediaTime?
        package var speed: Double

        package init(inPoint: MediaTime? = nil, outPoint: MediaTime? = nil, speed: Double = 1) {
            self.inPoint = inPoint
            self.outPoint = outPoint
            self.speed = speed
        }

        package var isWhole: Bool { inPoint == nil && outPoint == nil && speed == 1 }
    }

    /// How much earlier (positive) every later item plays than GStreamer placed it.
    package private(set) var correction = MediaTime.zero
    private var current: (original: Segment, shaped: Segment)?
    /// The end of the last frame of the current item, and of the last one inside its shape.
    private var lastEnd: MediaTime?
    private var lastEndShown: MediaTime?

    package init() {}

    /// The tile starts afresh (a new pipeline start, or a flushing seek): GStreamer's running
    /// time no longer counts the items before.
    package mutating func restart() {
        correction = .zero
        current = nil
        lastEnd = nil
        lastEndShown = nil
    }

    /// A frame of the current item passed (its PTS and duration): whether it is shown. A frame
    /// that starts before the in point or at the out point is not (a sink would show one that
    /// only overlaps the segment, a frame early).
    package mutating func frame(at presentationTime: MediaTime, duration: MediaTime?) -> Bool {
        let end = presentationTime + (duration ?? .zero)
        lastEnd = max(lastEnd ?? end, end)
        guard let (original, shaped) = current else { return true }
        if shaped.start != original.start, presentationTime < shaped.start { return false }
        if let stop = shaped.stop, stop != original.stop, presentationTime >= stop { return false }
        let shownEnd = min(end, shaped.stop ?? end)
        lastEndShown = max(lastEndShown ?? shownEnd, shownEnd)
        return true
    }

    /// The next item's segment as GStreamer made it: the segment to play it in.
    package mutating func itemStarts(_ original: Segment, shape: Shape) -> Segment {
        if let (before, shaped) = current {
            // GStreamer's running time after the item (as played whole) less the one it took.
            let placed = ((lastEnd ?? before.start) - before.start) * (1 / abs(before.rate))
            let took = (max(lastEndShown ?? shaped.start, shaped.start) - shaped.start) * (1 / abs(shaped.rate))
            correction = correction + placed - took
        }
        var shaped = original
        shaped.base = max(.zero, original.base - correction)
        if let inPoint = shape.inPoint, inPoint > original.time {
            shaped.start = original.start + (inPoint - original.time)
            shaped.time = inPoint
        }
        if let outPoint = shape.outPoint {
            let stop = original.start + (outPoint - original.time)
            let kept = max(stop, shaped.start)
            shaped.stop = original.stop.map { min($0, kept) } ?? kept
        }
        shaped.rate = original.rate * shape.speed
        current = (original, shaped)
        lastEnd = nil
        lastEndShown = nil
        return shaped
    }
}
