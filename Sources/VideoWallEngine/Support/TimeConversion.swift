import GStreamerKit
import VideoWallCore

// The engine speaks MediaTime (the core's type); GStreamerKit speaks ClockTime.
extension MediaTime {
    init(_ time: ClockTime) { self.init(nanoseconds: Int64(clamping: time.nanoseconds)) }
    var clockTime: ClockTime { ClockTime(nanoseconds: UInt64(max(0, nanoseconds))) }
}
