/// Where a wall's media stands on its clock: the frame at `position` is shown at the clock's
/// `instant`, and the wall moves on from there at `rate` while it plays. What a leader tells
/// its followers (walls across machines) so they show the same frame at the same moment on
/// the shared network clock: AVFoundation's `setRate(_:time:atHostTime:)` as a value.
public struct WallTimeline: Sendable, Equatable {
    public var isPlaying: Bool
    public var position: MediaTime
    public var instant: MediaTime
    public var rate: Double

    public init(isPlaying: Bool, position: MediaTime, instant: MediaTime, rate: Double = 1) {
        self.isPlaying = isPlaying
        self.position = position
        self.instant = instant
        self.rate = rate
    }

    /// The position shown at `instant` (where it stands, when it does not play).
    public func position(at instant: MediaTime) -> MediaTime {
        guard isPlaying, rate != 0 else { return position }
        return position + (instant - self.instant) * rate
    }

    /// The instant `position` is shown at, while it plays (nil when it does not).
    public func instant(showing position: MediaTime) -> MediaTime? {
        guard isPlaying, rate != 0 else { return nil }
        return instant + (position - self.position) * (1 / rate)
    }
}

extension WallTimeline {
    /// The timeline as a leader's control port sends it (`wall-timeline`): nanoseconds as
    /// numbers, exact up to 2^53 ns (104 days of a clock's time).
    public var json: JSONValue {
        .object(["playing": .bool(isPlaying), "position": .number(Double(position.nanoseconds)),
                 "instant": .number(Double(instant.nanoseconds)), "rate": .number(rate)])
    }

    /// A timeline as a leader's control port sends it (`wall-timeline`: `playing`, and
    /// `position`, `instant` in nanoseconds, `rate`), every number range-checked; nil when
    /// anything is missing or out of range.
    public init?(json: JSONValue) {
        guard case .object(let fields) = json, case .bool(let playing)? = fields["playing"],
              let position = fields["position"]?.doubleValue, let instant = fields["instant"]?.doubleValue,
              let rate = fields["rate"]?.doubleValue,
              position.isFinite, (0...Self.largestTime).contains(position), instant.isFinite, (0...Self.largestTime).contains(instant),
              rate.isFinite, WallProperty.speedRange.contains(rate) else { return nil }
        self.init(isPlaying: playing, position: MediaTime(nanoseconds: Int64(position)), instant: MediaTime(nanoseconds: Int64(instant)), rate: rate)
    }

    /// A clock's time or a position beyond this (in nanoseconds, 2^62: 146 years) is not taken.
    static let largestTime = 4.6e18
}
