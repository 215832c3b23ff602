/// A summary of measurements (e.g. inter-tile frame offsets, in milliseconds).
///
/// Percentiles use the nearest-rank method: the p-th percentile of n sorted values is the value at
/// rank ceil(p/100 x n), 1-based. It always returns a value that was actually measured (no
/// interpolation), which is what one wants when quoting a worst case like p99.
package struct Percentiles: Sendable, Codable, Equatable {
    package var count: Int
    package var p50: Double
    package var p99: Double
    package var max: Double
    package var min: Double
    package var mean: Double

    package init(count: Int, p50: Double, p99: Double, max: Double, min: Double, mean: Double) {
        self.count = count
        self.p50 = p50
        self.p99 = p99
        self.max = max
        self.min = min
        self.mean = mean
    }

    /// nil when there are no finite values; NaN and infinities are ignored, since one bad sample
    /// would otherwise poison the mean and the sort.
    package static func of(_ values: [Double]) -> Percentiles? {
        let sorted = values.filter(\.isFinite).sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        return Percentiles(count: sorted.count,
                           p50: nearestRank(50, in: sorted),
                           p99: nearestRank(99, in: sorted),
                           max: last,
                           min: first,
                           mean: sorted.reduce(0, +) / Double(sorted.count))
    }

    /// The nearest-rank percentile of non-empty, sorted `values`.
    package static func nearestRank(_ percent: Double, in sorted: [Double]) -> Double {
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}

package enum Spread {
    /// max - min of the finite samples, nil when there are none. For simultaneous per-tile
    /// positions this is how far apart the tiles are.
    package static func ofSamples(_ values: [Double]) -> Double? {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return nil }
        return high - low
    }
}

/// The least-squares slope of `values` over `times` (value units per time unit): how fast a
/// quantity such as resident memory grows, with the noise of single samples averaged out.
/// nil with fewer than two distinct times.
package enum Trend {
    package static func slope(times: [Double], values: [Double]) -> Double? {
        guard times.count == values.count, times.count >= 2 else { return nil }
        let n = Double(times.count)
        let meanT = times.reduce(0, +) / n
        let meanV = values.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (t, v) in zip(times, values) {
            covariance += (t - meanT) * (v - meanV)
            variance += (t - meanT) * (t - meanT)
        }
        return variance > 0 ? covariance / variance : nil
    }
}
