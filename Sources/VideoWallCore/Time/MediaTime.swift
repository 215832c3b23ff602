/// A point or span on a media timeline, in nanoseconds (GStreamer's unit, so conversions are lossless).
///
/// "No time" (unknown duration, no position yet) is `Optional<MediaTime>.none`, never a sentinel value.
public struct MediaTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Rounds to the nearest nanosecond; non-finite input gives zero and out-of-range input saturates,
    /// so a bad value from a UI slider cannot trap.
    public static func seconds(_ seconds: Double) -> MediaTime {
        MediaTime(nanoseconds: saturatingNanoseconds(seconds * 1e9))
    }

    public static func milliseconds(_ milliseconds: Int64) -> MediaTime {
        MediaTime(nanoseconds: milliseconds.multipliedReportingOverflow(by: 1_000_000).partialValue)
    }

    public static func nanoseconds(_ nanoseconds: Int64) -> MediaTime { MediaTime(nanoseconds: nanoseconds) }

    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public static let zero = MediaTime(nanoseconds: 0)

    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        MediaTime(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        MediaTime(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }

    public static prefix func - (time: MediaTime) -> MediaTime {
        MediaTime(nanoseconds: 0 &- time.nanoseconds)
    }

    public static func += (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs + rhs }
    public static func -= (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs - rhs }

    /// Scales a span (e.g. by a playback rate), rounding to the nearest nanosecond.
    public static func * (time: MediaTime, factor: Double) -> MediaTime {
        MediaTime(nanoseconds: saturatingNanoseconds(Double(time.nanoseconds) * factor))
    }

    /// Signed, with millisecond precision: enough for logs, which is where descriptions end up.
    public var description: String {
        nanoseconds < 0 ? "-" + TimeFormatting.precise(-self) : TimeFormatting.precise(self)
    }

    private static func saturatingNanoseconds(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        let rounded = value.rounded()
        if rounded >= 9.2e18 { return Int64.max }
        if rounded <= -9.2e18 { return Int64.min }
        return Int64(rounded)
    }
}

extension MediaTime {
    /// Where this time falls in a loop of `length` (0 up to `length`, a time before 0 counted
    /// back from the end); itself when `length` is not positive.
    package func wrapped(into length: MediaTime) -> MediaTime {
        guard length > .zero else { return self }
        let remainder = nanoseconds % length.nanoseconds
        return MediaTime(nanoseconds: remainder < 0 ? remainder + length.nanoseconds : remainder)
    }

    /// How far apart two times a loop of `length` apart count as: this difference with whole
    /// loops set aside, either way round (0 up to half a loop), as a magnitude.
    package func distance(inLoopOf length: MediaTime) -> MediaTime {
        let magnitude = MediaTime(nanoseconds: nanoseconds == .min ? .max : abs(nanoseconds))
        guard length > .zero else { return magnitude }
        let remainder = magnitude.wrapped(into: length)
        return min(remainder, length - remainder)
    }
}
