internal import CGStreamer

/// One owned `GstClock`.
public final class Clock: ObjectReference, @unchecked Sendable {
    init(raw: UnsafeMutableRawPointer, transfer: Transfer) { super.init(pointer: raw, transfer: transfer) }

    /// `gst_system_clock_obtain`: the process-wide monotonic system clock.
    public static func system() throws(GStreamerError) -> Clock {
        try GStreamer.initialize()
        return Clock(raw: UnsafeMutableRawPointer(gst_system_clock_obtain()), transfer: .full)
    }

    var clock: UnsafeMutablePointer<GstClock> { pointer.assumingMemoryBound(to: GstClock.self) }

    /// `gst_clock_get_time`.
    public var time: ClockTime { ClockTime(raw: gst_clock_get_time(clock)) ?? .zero }
}
