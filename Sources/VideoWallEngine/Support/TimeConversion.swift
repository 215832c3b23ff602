package import GStreamerKit
import VideoWallCore

// The engine speaks MediaTime (the core's type); GStreamerKit speaks ClockTime.
extension MediaTime {
    package init(_ time: ClockTime) { self.init(nanoseconds: Int64(clamping: time.nanoseconds)) }
    /// The same time for GStreamerKit; negative times become zero.
    package var clockTime: ClockTime { ClockTime(nanoseconds: UInt64(max(0, nanoseconds))) }
}
