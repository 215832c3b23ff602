internal import CGStreamer

/// A GStreamer time in nanoseconds. "No time" (`GST_CLOCK_TIME_NONE`) is `nil` at every API
/// boundary of this layer, never a magic value.
public struct ClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: UInt64

    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }
    public static func seconds(_ s: Double) -> ClockTime { ClockTime(nanoseconds: UInt64(max(0, s) * 1e9)) }
    public static func milliseconds(_ ms: UInt64) -> ClockTime { ClockTime(nanoseconds: ms * 1_000_000) }
    public static let zero = ClockTime(nanoseconds: 0)

    public var seconds: Double { Double(nanoseconds) / 1e9 }
    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.nanoseconds < b.nanoseconds }
    public var description: String { String(format: "%.6fs", seconds) }

    /// Reads a raw `GstClockTime`, mapping `GST_CLOCK_TIME_NONE` to nil.
    init?(raw: GstClockTime) {
        if raw == GstClockTime.max { return nil }
        self.nanoseconds = UInt64(raw)
    }

    /// Reads a signed `gint64` time (queries, segments), mapping -1 and negatives to nil.
    init?(signed raw: Int) {
        if raw < 0 { return nil }
        self.nanoseconds = UInt64(raw)
    }
}

extension Optional where Wrapped == ClockTime {
    /// The raw `GstClockTime`, with nil as `GST_CLOCK_TIME_NONE`.
    var raw: GstClockTime { self.map { GstClockTime($0.nanoseconds) } ?? GstClockTime.max }
}

import Foundation
