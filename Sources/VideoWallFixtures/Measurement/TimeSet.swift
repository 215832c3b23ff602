/// A set of instants on a file's timeline (seconds), as sorted, disjoint closed intervals: the
/// times at which a tile may have been showing what a capture saw. Tiles shown in sync have
/// sets that meet: one instant that every tile's picture fits.
package struct TimeSet: Sendable, Equatable {
    package private(set) var intervals: [ClosedRange<Double>]
    /// How far the best matching frame was from the capture (`PictureSignature.distance`).
    package var bestDistance: Float

    package init(intervals: [ClosedRange<Double>], bestDistance: Float = 0) {
        self.bestDistance = bestDistance
        var merged: [ClosedRange<Double>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, interval.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, interval.upperBound)
            } else {
                merged.append(interval)
            }
        }
        self.intervals = merged
    }

    package var isEmpty: Bool { intervals.isEmpty }

    /// The total length (infinite when the set runs on for good).
    package var length: Double { intervals.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) } }

    /// Every interval grown by `slack` on each side.
    package func widened(by slack: Double) -> TimeSet {
        TimeSet(intervals: intervals.map { ($0.lowerBound - slack)...($0.upperBound + slack) }, bestDistance: bestDistance)
    }

    /// The instants in both sets.
    package func intersection(_ other: TimeSet) -> TimeSet {
        var result: [ClosedRange<Double>] = []
        var i = 0, j = 0
        while i < intervals.count, j < other.intervals.count {
            let a = intervals[i], b = other.intervals[j]
            let low = max(a.lowerBound, b.lowerBound), high = min(a.upperBound, b.upperBound)
            if low <= high { result.append(low...high) }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return TimeSet(intervals: result, bestDistance: max(bestDistance, other.bestDistance))
    }

    /// The set on a wall that goes round every `period` seconds: each interval cut at the
    /// period (a tile's last frame is held until the wrap, not for good) and repeated one
    /// period earlier and later, so the instants just before a wrap meet those just after it
    /// (a capture at the wrap may find one tile already on its next pass).
    package func repeating(every period: Double) -> TimeSet {
        guard period > 0 else { return self }
        let cut = intervals.compactMap { interval -> ClosedRange<Double>? in
            guard interval.lowerBound <= period else { return nil }
            return interval.lowerBound...min(interval.upperBound, period)
        }
        return TimeSet(intervals: cut + cut.map { ($0.lowerBound - period)...($0.upperBound - period) }
                           + cut.map { ($0.lowerBound + period)...($0.upperBound + period) },
                       bestDistance: bestDistance)
    }

    /// The set moved `seconds` later.
    package func shifted(by seconds: Double) -> TimeSet {
        TimeSet(intervals: intervals.map { ($0.lowerBound + seconds)...($0.upperBound + seconds) }, bestDistance: bestDistance)
    }
}

extension TimeSet {
    /// The instants every set holds: empty when no one instant fits them all.
    package static func common(_ sets: [TimeSet]) -> TimeSet {
        guard let first = sets.first else { return TimeSet(intervals: []) }
        return sets.dropFirst().reduce(first) { $0.intersection($1) }
    }
}
