import VideoWallCore

/// How fast resident memory grows over a soak, per hour, or that the soak was too short to
/// tell. A figure is given only when the samples span at least `minimumSpan` seconds.
package struct MemoryGrowth: Sendable, Equatable {
    /// Least-squares slope in MiB per hour; nil when the soak was too short to tell.
    package var megabytesPerHour: Double?
    /// The figure in words ("+6.0 MB per hour"), or why there is none.
    package var summary: String

    /// Four minutes between the first and the last sample. Single readings of resident memory
    /// scatter by about ±2 MB (buffer pools and allocator arenas filling and emptying), and a
    /// short run is mostly the start-up climb. Extrapolated to an hour, that scatter alone gives
    /// a slope of about 3000/T MB per hour over T seconds of samples (least squares over twenty
    /// readings): some 800 MB per hour over the 4 s of `--quick`, still ±50 over a minute, and
    /// about ±12 from four minutes on, below the 14 MB per hour creep the soak exists to catch
    /// (glibc's per-thread arenas, BENCHMARKS.md).
    package static let minimumSpan = 240.0

    package static func measure(times: [Double], residentMB: [Double]) -> MemoryGrowth {
        let span = (times.max() ?? 0) - (times.min() ?? 0)
        guard span >= minimumSpan else {
            return MemoryGrowth(megabytesPerHour: nil, summary: String(format: "too short to tell: %.0f s of samples, a trend needs %.0f min (a soak of 300 s or more)",
                                                                       span, minimumSpan / 60))
        }
        guard let slope = Trend.slope(times: times, values: residentMB) else {
            return MemoryGrowth(megabytesPerHour: nil, summary: "no trend: the samples have no spread in time")
        }
        let perHour = slope * 3600
        return MemoryGrowth(megabytesPerHour: perHour, summary: String(format: "%+.1f MB per hour", perHour))
    }
}
