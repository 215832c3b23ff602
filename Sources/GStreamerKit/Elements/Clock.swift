internal import CGStreamer

/// One owned `GstClock`.
public class Clock: ObjectReference, @unchecked Sendable {
    init(raw: UnsafeMutableRawPointer, transfer: Transfer) { super.init(pointer: raw, transfer: transfer) }

    /// `gst_system_clock_obtain`: the process-wide monotonic system clock.
    public static func system() throws(GStreamerError) -> Clock {
        try GStreamer.initialize()
        return Clock(raw: UnsafeMutableRawPointer(gst_system_clock_obtain()), transfer: .full)
    }

    /// A monotonic system clock of its own (`g_object_new(GST_TYPE_SYSTEM_CLOCK)`, not the
    /// shared one) set by `gst_clock_set_calibration` to read zero now: a clock whose origin is
    /// this moment, counting at the monotonic clock's rate.
    public static func monotonicFromNow() throws(GStreamerError) -> Clock {
        try GStreamer.initialize()
        guard let raw = g_object_new_with_properties(gst_system_clock_get_type(), 0, nil, nil) else {
            throw GStreamerError(domain: "GStreamerKit", message: "cannot make a system clock")
        }
        let clock = Clock(raw: raw, transfer: .full)
        gst_clock_set_calibration(clock.clock, gst_clock_get_internal_time(clock.clock), 0, 1, 1)
        return clock
    }

    var clock: UnsafeMutablePointer<GstClock> { pointer.assumingMemoryBound(to: GstClock.self) }

    /// `gst_clock_get_time`.
    public var time: ClockTime { ClockTime(raw: gst_clock_get_time(clock)) ?? .zero }
}
