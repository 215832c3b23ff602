internal import CGStreamer

/// `GstState`.
public enum ElementState: Int, Sendable, CustomStringConvertible {
    case voidPending = 0, null, ready, paused, playing

    init(_ raw: GstState) { self = ElementState(rawValue: Int(raw.rawValue)) ?? .voidPending }
    var raw: GstState { GstState(rawValue: UInt32(rawValue)) }
    public var description: String { ["void-pending", "null", "ready", "paused", "playing"][rawValue] }
}

/// `GstStateChangeReturn`.
public enum StateChangeResult: Sendable {
    case success, async, noPreroll, failure
    init(_ raw: GstStateChangeReturn) {
        switch raw {
        case GST_STATE_CHANGE_SUCCESS: self = .success
        case GST_STATE_CHANGE_ASYNC: self = .async
        case GST_STATE_CHANGE_NO_PREROLL: self = .noPreroll
        default: self = .failure
        }
    }
}

/// One owned `GstElement`.
public class Element: ObjectReference, @unchecked Sendable {
    /// `gst_element_factory_make`; the floating result is sunk so this owner holds it.
    public init(factory: String, name: String? = nil) throws(GStreamerError) {
        try GStreamer.initialize()
        guard let raw = gst_element_factory_make(factory, name) else {
            throw GStreamerError(domain: "GStreamerKit", message: "GStreamer element '\(factory)' is not installed")
        }
        super.init(pointer: UnsafeMutableRawPointer(raw), transfer: .full)
    }

    /// Wraps a pointer from C with the stated transfer.
    init(raw: UnsafeMutableRawPointer, transfer: Transfer) {
        super.init(pointer: raw, transfer: transfer)
    }

    var element: UnsafeMutablePointer<GstElement> { vw_element(pointer) }

    /// `gst_object_get_name`.
    public var name: String {
        guard let c = gst_object_get_name(vw_gst_object(pointer)) else { return "" }
        defer { g_free(c) }
        return String(cString: c)
    }

    /// The factory name ("playbin", "fakesink"), or the type name for elements made otherwise.
    public var factoryName: String {
        // GST_OBJECT_NAME of the factory (gst_plugin_feature_get_name is a macro).
        guard let factory = gst_element_get_factory(element),
              let c = gst_object_get_name(vw_gst_object(UnsafeMutableRawPointer(factory)))
        else { return typeName }
        defer { g_free(c) }
        return String(cString: c)
    }

    /// The factory's classification ("Codec/Demuxer", "Codec/Decoder/Video"):
    /// `gst_element_factory_get_metadata` with `GST_ELEMENT_METADATA_KLASS`; empty when none.
    public var classification: String {
        guard let factory = gst_element_get_factory(element),
              let c = gst_element_factory_get_metadata(factory, "klass") else { return "" }
        return String(cString: c)
    }

    /// `gst_element_set_state`.
    @discardableResult
    public func setState(_ state: ElementState) -> StateChangeResult {
        StateChangeResult(gst_element_set_state(element, state.raw))
    }

    /// `gst_element_get_state` waiting up to `timeout` for a state change to complete (a
    /// preroll): whether it did. Blocks: only on a worker thread (see PLATFORM-NOTES).
    public func waitForStateChange(timeout: ClockTime) -> Bool {
        gst_element_get_state(element, nil, nil, GstClockTime(timeout.nanoseconds)) == GST_STATE_CHANGE_SUCCESS
    }

    /// `gst_element_get_state` without waiting: the current and pending state.
    /// Never blocks: waiting for a state change on the main thread can deadlock (see PLATFORM-NOTES).
    public var currentState: (current: ElementState, pending: ElementState) {
        var current = GST_STATE_NULL, pending = GST_STATE_VOID_PENDING
        gst_element_get_state(element, &current, &pending, 0)
        return (ElementState(current), ElementState(pending))
    }

    /// `gst_element_link`.
    public func link(to next: Element) throws(GStreamerError) {
        guard gst_element_link(element, next.element) != 0 else {
            throw GStreamerError(domain: "GStreamerKit", message: "cannot link \(name) to \(next.name)")
        }
    }

    /// `gst_element_get_static_pad`.
    public func staticPad(_ name: String) -> Pad? {
        gst_element_get_static_pad(element, name).map { Pad(raw: UnsafeMutableRawPointer($0), transfer: .full) }
    }

    /// `gst_element_query_position` in time.
    public func queryPosition() -> ClockTime? {
        var position: gint64 = -1
        guard gst_element_query_position(element, GST_FORMAT_TIME, &position) != 0 else { return nil }
        return ClockTime(signed: Int(position))
    }

    /// `gst_element_query_duration` in time.
    public func queryDuration() -> ClockTime? {
        var duration: gint64 = -1
        guard gst_element_query_duration(element, GST_FORMAT_TIME, &duration) != 0 else { return nil }
        return ClockTime(signed: Int(duration))
    }

    /// `gst_element_get_base_time`.
    public var baseTime: ClockTime? { ClockTime(raw: gst_element_get_base_time(element)) }

    /// `gst_element_set_base_time`.
    public func setBaseTime(_ time: ClockTime) { gst_element_set_base_time(element, GstClockTime(time.nanoseconds)) }

    /// `gst_element_set_start_time`; nil (`GST_CLOCK_TIME_NONE`) stops the pipeline from
    /// choosing its own base time, so a wall can give several pipelines one.
    public func setStartTime(_ time: ClockTime?) { gst_element_set_start_time(element, time.raw) }

    /// `gst_element_get_clock`.
    public var clock: Clock? {
        gst_element_get_clock(element).map { Clock(raw: UnsafeMutableRawPointer($0), transfer: .full) }
    }

    /// Posts CLOCK_LOST for `clock` from this element (`gst_message_new_clock_lost` +
    /// `gst_element_post_message`): what an element that provided the pipeline's clock (an
    /// audio sink) posts when it goes away. The application must choose a clock again.
    @discardableResult
    public func postClockLost(_ clock: Clock) -> Bool {
        guard let message = gst_message_new_clock_lost(vw_gst_object(pointer), clock.clock) else { return false }
        return gst_element_post_message(element, message) != 0
    }

    /// `gst_element_seek`: a time seek with explicit flags and rate.
    @discardableResult
    public func seek(rate: Double = 1.0, flags: SeekFlags, start: ClockTime, stop: ClockTime? = nil) -> Bool {
        gst_element_seek(element, rate, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
                         GST_SEEK_TYPE_SET, gint64(start.nanoseconds),
                         stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET,
                         stop.map { gint64($0.nanoseconds) } ?? -1) != 0
    }

    /// `gst_event_new_seek` sent with `gst_element_send_event`: like `seek`, but returns the
    /// event's seqnum (nil when refused), which every message the seek causes carries
    /// (ASYNC_DONE, SEGMENT_DONE), so a caller can tell which seek a message answers.
    /// `stop` nil: to the end of the stream (`GST_SEEK_TYPE_SET` with -1), so a stop an earlier
    /// seek set does not stay in the demuxer's segment.
    public func sendSeek(rate: Double = 1.0, flags: SeekFlags, start: ClockTime, stop: ClockTime? = nil) -> UInt32? {
        guard let event = gst_event_new_seek(rate, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
                                             GST_SEEK_TYPE_SET, gint64(start.nanoseconds),
                                             GST_SEEK_TYPE_SET, stop.map { gint64($0.nanoseconds) } ?? -1) else { return nil }
        let seqnum = gst_event_get_seqnum(event)
        return gst_element_send_event(element, event) != 0 ? UInt32(seqnum) : nil
    }

    /// `gst_element_seek` in bytes (GST_FORMAT_BYTES) from `offset` to the end: asks a source
    /// such as `souphttpsrc` to read from there.
    @discardableResult
    public func seek(toByte offset: UInt64, flags: SeekFlags) -> Bool {
        gst_element_seek(element, 1.0, GST_FORMAT_BYTES, GstSeekFlags(rawValue: flags.rawValue),
                         GST_SEEK_TYPE_SET, gint64(offset), GST_SEEK_TYPE_NONE, -1) != 0
    }

    /// `gst_element_send_event` with a frame `step` event (GST_FORMAT_BUFFERS).
    @discardableResult
    public func stepFrames(_ count: UInt64, rate: Double = 1.0) -> Bool {
        guard let event = gst_event_new_step(GST_FORMAT_BUFFERS, guint64(count), rate, 1, 0) else { return false }
        return gst_element_send_event(element, event) != 0
    }

    /// Reads an object property as an element (`video-sink`, `audio-sink`).
    public func elementProperty(_ name: String) throws(PropertyError) -> Element? {
        try objectPointer(name).map { Element(raw: $0, transfer: .full) }
    }
}

/// `GstSeekFlags`: intent as values, so callers can say accurate vs key-unit, and whether
/// to flush or queue a segment seek.
public struct SeekFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let flush = SeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue)
    public static let accurate = SeekFlags(rawValue: GST_SEEK_FLAG_ACCURATE.rawValue)
    public static let keyUnit = SeekFlags(rawValue: GST_SEEK_FLAG_KEY_UNIT.rawValue)
    public static let segment = SeekFlags(rawValue: GST_SEEK_FLAG_SEGMENT.rawValue)
    public static let snapBefore = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_BEFORE.rawValue)
    public static let snapAfter = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_AFTER.rawValue)
    public static let snapNearest = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
    public static let instantRateChange = SeekFlags(rawValue: GST_SEEK_FLAG_INSTANT_RATE_CHANGE.rawValue)
}
