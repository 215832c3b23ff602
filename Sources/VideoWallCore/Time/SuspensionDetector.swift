/// Tells when the whole process stood still: a main-loop timer due every `interval` fired far
/// later (SIGSTOP then SIGCONT, a paused virtual machine, heavy swapping). Pipelines on a
/// monotonic clock then find every frame late by that much and drop them until their decoders
/// catch up, seconds of nothing while the clock and the transport bar move on.
///
/// Pure, on instants it is given: the engine ticks it from a timer while the wall plays, and
/// resets it whenever the wall stops playing (a paused wall has nothing to be late for).
package struct SuspensionDetector: Sendable {
    /// Lateness of a tick beyond its interval that counts as standing still.
    package let threshold: MediaTime
    private var last: MediaTime?

    package init(threshold: MediaTime = .milliseconds(750)) {
        self.threshold = threshold
    }

    /// A timer tick at `now`, due `interval` after the previous one. Returns when the process
    /// stood still and for how long (beyond the interval), if it was longer than the threshold.
    package mutating func tick(at now: MediaTime, interval: MediaTime) -> (since: MediaTime, length: MediaTime)? {
        defer { last = now }
        guard let last else { return nil }
        let late = now - last - interval
        return late > threshold ? (last, late) : nil
    }

    /// The wall stopped playing: the next tick starts afresh.
    package mutating func reset() {
        last = nil
    }
}
