// The library's API gives timeouts and intervals as Swift's `Duration`; media positions are
// `MediaTime`. Each is converted once, where the engine takes it in.
extension Duration {
    /// The duration in seconds, for the timers and deadlines that count in them.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension MediaTime {
    /// The same length of time, to the nanosecond (below it, towards zero); a duration past
    /// what 64-bit nanoseconds hold (about 292 years) is clamped.
    package init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, tooLong) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, stillTooLong) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        self.init(nanoseconds: tooLong || stillTooLong ? (seconds < 0 ? .min : .max) : sum)
    }
}

extension MediaTime {
    /// The same length of time as a `Duration`, for an interval the library's API gives.
    package var duration: Duration { .nanoseconds(nanoseconds) }
}
