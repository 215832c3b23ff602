/// Tells when the machine cannot keep up: over the last few seconds of play, some tile showed
/// clearly fewer frames than were due (the rest were dropped, at the sink or before it).
///
/// Pure, on instants it is given: the engine samples every tile's cumulative counts about once
/// a second while the wall plays and calls `reset` whenever play stops or jumps (pause, seek),
/// so a paused second is never taken for a slow one.
public struct OverloadMeter: Sendable {
    /// Cumulative frame counts of one tile.
    package struct Counts: Sendable, Equatable {
        package var shown: UInt64
        package var dropped: UInt64
        package init(shown: UInt64, dropped: UInt64) {
            self.shown = shown
            self.dropped = dropped
        }
    }

    /// What the worst tile managed over the window.
    public struct Figure: Sendable, Equatable {
        public var shownPerSecond: Double
        public var duePerSecond: Double
        /// The slowest tile (from 0), when the meter drew the figure from the tiles' counts.
        package var tile: Int?
        /// What holds that tile back, once the wall has looked (`OverloadCause.of`).
        package var cause: OverloadCause?
        public init(shownPerSecond: Double, duePerSecond: Double) {
            self.shownPerSecond = shownPerSecond
            self.duePerSecond = duePerSecond
        }
        public var shownFraction: Double { duePerSecond > 0 ? shownPerSecond / duePerSecond : 1 }
    }

    /// How much play the verdict looks back on.
    package let window: MediaTime
    /// Overloaded once the worst tile shows less than this share of its due frames...
    package let enterBelow: Double
    /// ...and no longer once every tile shows more than this share again.
    package let leaveAbove: Double
    /// The figure while overloaded, nil while the machine keeps up.
    package private(set) var overload: Figure?
    /// The worst figure seen since the meter was made.
    package private(set) var worst: Figure?
    /// Play spent overloaded (from the start of the window that first said so).
    package private(set) var overloadedTime: MediaTime = .zero
    private var samples: [(time: MediaTime, counts: [Counts])] = []

    package init(window: MediaTime = .milliseconds(2000), enterBelow: Double = 0.9, leaveAbove: Double = 0.97) {
        self.window = window
        self.enterBelow = enterBelow
        self.leaveAbove = leaveAbove
    }

    /// Takes every tile's counts at `time`. Returns true when the verdict changed.
    @discardableResult
    package mutating func sample(_ counts: [Counts], at time: MediaTime) -> Bool {
        if let previous = samples.last, previous.counts.count != counts.count || time <= previous.time {
            samples.removeAll()  // another set of tiles, or a clock that went back: start over
        }
        if overload != nil, let previous = samples.last { overloadedTime += time - previous.time }
        samples.append((time, counts))
        while samples.count > 2, time - samples[1].time >= window { samples.removeFirst() }
        guard let first = samples.first, time - first.time >= window, var figure = worstFigure(from: first, to: (time, counts)) else { return false }
        let was = overload
        // The same tile still the slowest: what holds it back is still known.
        if was?.tile == figure.tile { figure.cause = was?.cause }
        if figure.shownFraction < enterBelow || (overload != nil && figure.shownFraction <= leaveAbove) {
            // The verdict covers the whole window it was drawn from.
            if was == nil { overloadedTime += time - first.time }
            overload = figure
            if worst.map({ figure.shownFraction < $0.shownFraction }) ?? true { worst = figure }
        } else {
            overload = nil
        }
        return (was == nil) != (overload == nil)
    }

    /// Starts the window again and keeps the verdict until the new window is full (a trial of
    /// every frame after key frames only: the frames left out before say nothing about it).
    package mutating func restartWindow() {
        samples.removeAll()
    }

    /// Says what holds the slowest tile back, on the figure now and on the worst one so far.
    package mutating func name(_ cause: OverloadCause) {
        overload?.cause = cause
        if worst?.tile == overload?.tile, worst?.shownPerSecond == overload?.shownPerSecond { worst?.cause = cause }
    }

    /// Play stopped or jumped: what came before says nothing about what follows.
    /// Returns true when this ends an overload.
    @discardableResult
    package mutating func reset() -> Bool {
        samples.removeAll()
        let was = overload != nil
        overload = nil
        return was
    }

    private func worstFigure(from start: (time: MediaTime, counts: [Counts]), to end: (time: MediaTime, counts: [Counts])) -> Figure? {
        let seconds = (end.time - start.time).seconds
        guard seconds > 0 else { return nil }
        var worst: Figure?
        for (tile, (before, after)) in zip(start.counts, end.counts).enumerated() {
            // Counters that went back belong to a tile that was replaced: it has no figure yet.
            guard after.shown >= before.shown, after.dropped >= before.dropped else { continue }
            let shown = Double(after.shown - before.shown), dropped = Double(after.dropped - before.dropped)
            // A tile that had nothing due (holding its last frame, a still picture) is not slow.
            guard shown + dropped >= 1 else { continue }
            var figure = Figure(shownPerSecond: shown / seconds, duePerSecond: (shown + dropped) / seconds)
            figure.tile = tile
            if worst.map({ figure.shownFraction < $0.shownFraction }) ?? true { worst = figure }
        }
        return worst
    }
}
