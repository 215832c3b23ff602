internal import CGStreamer
import Foundation

/// One owned `GstPad`.
public final class Pad: ObjectReference, @unchecked Sendable {
    init(raw: UnsafeMutableRawPointer, transfer: Transfer) { super.init(pointer: raw, transfer: transfer) }

    var pad: UnsafeMutablePointer<GstPad> { pointer.assumingMemoryBound(to: GstPad.self) }

    /// Tells pads apart (their address) without handing out the pointer.
    public var identity: UInt { UInt(bitPattern: pointer) }

    /// `gst_object_get_name`: a demuxer names its pads after their streams (`video_0_0041`).
    public var name: String {
        guard let raw = gst_object_get_name(UnsafeMutableRawPointer(pad).assumingMemoryBound(to: GstObject.self)) else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    /// `gst_pad_get_current_caps`.
    public var currentCaps: Caps? {
        gst_pad_get_current_caps(pad).map { Caps(raw: $0, transfer: .full) }
    }

    /// `gst_pad_get_offset` / `gst_pad_set_offset`: shifts the running time of buffers
    /// passing this pad, in nanoseconds.
    public var offset: Int64 {
        get { Int64(gst_pad_get_offset(pad)) }
        set { gst_pad_set_offset(pad, gint64(newValue)) }
    }

    /// `gst_pad_is_linked`.
    public var isLinked: Bool { gst_pad_is_linked(pad) != 0 }

    /// `gst_pad_get_peer`.
    public var peer: Pad? { gst_pad_get_peer(pad).map { Pad(raw: UnsafeMutableRawPointer($0), transfer: .full) } }
}

/// What a buffer probe sees of a buffer passing a pad.
public struct PassingBuffer: Sendable {
    public var presentationTime: ClockTime?
    /// Its DTS (`GST_BUFFER_DTS`); only from a plain `onBuffer`. AVI and elementary streams
    /// give most frames this alone.
    public var decodingTime: ClockTime? = nil
    public var duration: ClockTime?
    /// The running time of its PTS in the pad's segment; only from `onBuffer(withRunningTime: true)`.
    public var runningTime: ClockTime? = nil
    /// Whether it cannot be decoded alone (GST_BUFFER_FLAG_DELTA_UNIT); only from a plain
    /// `onBuffer`.
    public var isDeltaUnit = false
}

/// A buffer as it reaches a playing sink (`Pad.onBufferDue`): when the sink will release it,
/// on its clock, and the frame it prerolled with before, if any, with its due time.
public struct DueBuffer: Sendable {
    public var presentationTime: ClockTime?
    public var due: ClockTime?
    /// The sink's clock as the buffer arrived; nil without a clock.
    public var clockNow: ClockTime?
    public var prerolled: (presentationTime: ClockTime?, due: ClockTime?)?
}

/// `onBufferDue`'s handler and the frame a sink prerolled with, kept until the next one.
final class DueProbeState: @unchecked Sendable {
    let handler: @Sendable (DueBuffer) -> Void
    private let lock = NSLock()
    private var prerolled: GstClockTime?

    init(_ handler: @escaping @Sendable (DueBuffer) -> Void) { self.handler = handler }

    func holdPrerolled(_ pts: GstClockTime) { lock.lock(); prerolled = pts; lock.unlock() }

    func takePrerolled() -> GstClockTime? {
        lock.lock(); defer { lock.unlock() }
        let taken = prerolled
        prerolled = nil
        return taken
    }
}

/// What a downstream event probe sees of an event passing a pad.
public enum PassingEvent: Sendable {
    case flushStart, flushStop, streamStart, segment, endOfStream
    /// Any other event (caps, tags, gaps, ...).
    case other
}

/// The token for a pad probe (`gst_pad_add_probe`): `remove()` or dropping it runs
/// `gst_pad_remove_probe`. The Swift closure travels as `user_data` and is released by the
/// probe's destroy-notify.
public final class PadProbe: @unchecked Sendable {
    private let pad: Pad
    private var probeID: gulong

    init(pad: Pad, probeID: gulong) {
        self.pad = pad
        self.probeID = probeID
    }

    public func remove() {
        guard probeID != 0 else { return }
        gst_pad_remove_probe(pad.pad, probeID)
        probeID = 0
    }

    /// Whether the pad still belongs to an element (`gst_object_get_parent`): a pad whose
    /// element was disposed (a decoder playbin replaced) is kept alive only by this probe.
    public var padHasElement: Bool { pad.hasParent }

    deinit { remove() }
}

extension Pad {
    /// Whether the pad belongs to an element (`gst_object_get_parent`).
    public var hasParent: Bool {
        guard let parent = gst_object_get_parent(vw_gst_object(pointer)) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(parent))
        return true
    }

    /// The element the pad belongs to (`gst_object_get_parent`), nil when none.
    public var parentElement: Element? {
        guard let parent = gst_object_get_parent(vw_gst_object(pointer)) else { return nil }
        return Element(raw: UnsafeMutableRawPointer(parent), transfer: .full)
    }
}

extension Pad {
    /// A buffer probe (`GST_PAD_PROBE_TYPE_BUFFER`) that lets every buffer through unchanged.
    /// The handler runs on the streaming thread that pushes the buffer, before the pad's
    /// element sees it (for a sink, before its clock wait): it must be quick and thread-safe.
    /// `withRunningTime` also gives each buffer's running time (`runningTime(of:)`), at the
    /// cost of a look at the pad's segment per buffer.
    public func onBuffer(withRunningTime: Bool = false, _ handler: @escaping @Sendable (PassingBuffer) -> Void) -> PadProbe {
        let plain: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let buffer = vw_probe_info_buffer(info) else { return GST_PAD_PROBE_OK }
            let passing = PassingBuffer(presentationTime: ClockTime(raw: vw_buffer_pts(buffer)),
                                        decodingTime: ClockTime(raw: vw_buffer_dts(buffer)),
                                        duration: ClockTime(raw: vw_buffer_duration(buffer)),
                                        isDeltaUnit: vw_buffer_is_delta_unit(buffer) != 0)
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<PassingBuffer>).body(passing)
            return GST_PAD_PROBE_OK
        }
        let timed: GstPadProbeCallback = { pad, info, data in
            guard let pad, let info, let data, let buffer = vw_probe_info_buffer(info) else { return GST_PAD_PROBE_OK }
            let pts = vw_buffer_pts(buffer)
            let passing = PassingBuffer(presentationTime: ClockTime(raw: pts), duration: ClockTime(raw: vw_buffer_duration(buffer)),
                                        runningTime: ClockTime(raw: vw_pad_running_time(pad, pts)))
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<PassingBuffer>).body(passing)
            return GST_PAD_PROBE_OK
        }
        return addProbe(GST_PAD_PROBE_TYPE_BUFFER, box: ClosureBox<PassingBuffer>(handler), callback: withRunningTime ? timed : plain)
    }

    /// On a sink's own sink pad: each buffer's PTS, the instant of the sink's clock it will be
    /// released at (`vw_base_sink_due_time`: base time + running time + latency), and the
    /// clock's time as it arrives (`gst_clock_get_time`). A frame that arrives while the sink
    /// prerolls is released only when it plays, on a base time not set yet: it is reported with
    /// the next frame (`prerolled`), its due time read then. Same thread rules as `onBuffer`.
    public func onBufferDue(_ handler: @escaping @Sendable (DueBuffer) -> Void) -> PadProbe {
        let callback: GstPadProbeCallback = { pad, info, data in
            guard let pad, let info, let data, let buffer = vw_probe_info_buffer(info),
                  let sink = gst_pad_get_parent_element(pad) else { return GST_PAD_PROBE_OK }
            defer { gst_object_unref(UnsafeMutableRawPointer(sink)) }
            let state = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! DueProbeState
            guard g_type_check_instance_is_a(UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GTypeInstance.self), gst_base_sink_get_type()) != 0 else {
                return GST_PAD_PROBE_OK
            }
            let pts = vw_buffer_pts(buffer)
            var now: GstClockTime = GstClockTime.max
            if let clock = gst_element_get_clock(sink) {
                now = gst_clock_get_time(clock)
                gst_object_unref(UnsafeMutableRawPointer(clock))
            }
            func due(_ pts: GstClockTime) -> ClockTime? { pts == GstClockTime.max ? nil : ClockTime(raw: vw_base_sink_due_time(sink, pts)) }
            if vw_element_current_state(sink).rawValue < GST_STATE_PLAYING.rawValue {
                state.holdPrerolled(pts)
                return GST_PAD_PROBE_OK
            }
            let prerolled = state.takePrerolled().map { (presentationTime: ClockTime(raw: $0), due: due($0)) }
            state.handler(DueBuffer(presentationTime: ClockTime(raw: pts), due: due(pts), clockNow: ClockTime(raw: now), prerolled: prerolled))
            return GST_PAD_PROBE_OK
        }
        return addProbe(GST_PAD_PROBE_TYPE_BUFFER, box: DueProbeState(handler), callback: callback)
    }

    /// A buffer probe that also hands over the buffer's bytes (`gst_buffer_map`, read only),
    /// valid during the call only. Same thread rules as `onBuffer`.
    public func onBufferBytes(_ handler: @escaping @Sendable (PassingBuffer, UnsafeRawBufferPointer) -> Void) -> PadProbe {
        typealias Arguments = (PassingBuffer, UnsafeRawBufferPointer)
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let buffer = vw_probe_info_buffer(info) else { return GST_PAD_PROBE_OK }
            let passing = PassingBuffer(presentationTime: ClockTime(raw: vw_buffer_pts(buffer)),
                                        duration: ClockTime(raw: vw_buffer_duration(buffer)))
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return GST_PAD_PROBE_OK }
            defer { gst_buffer_unmap(buffer, &map) }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Arguments>)
                .body((passing, UnsafeRawBufferPointer(start: map.data, count: Int(map.size))))
            return GST_PAD_PROBE_OK
        }
        return addProbe(GST_PAD_PROBE_TYPE_BUFFER, box: ClosureBox<Arguments> { handler($0.0, $0.1) }, callback: callback)
    }

    /// A probe on downstream events, flushes included (`GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM |
    /// GST_PAD_PROBE_TYPE_EVENT_FLUSH`; the first leaves flushes out). The handler runs before
    /// the pad's element handles the event, on the thread that sends it: the streaming thread
    /// for serialized events such as SEGMENT, the flushing thread for FLUSH_START.
    public func onDownstreamEvent(_ handler: @escaping @Sendable (PassingEvent) -> Void) -> PadProbe {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let event = vw_probe_info_event(info) else { return GST_PAD_PROBE_OK }
            let passing: PassingEvent
            switch vw_event_type(event) {
            case GST_EVENT_FLUSH_START: passing = .flushStart
            case GST_EVENT_FLUSH_STOP: passing = .flushStop
            case GST_EVENT_STREAM_START: passing = .streamStart
            case GST_EVENT_SEGMENT: passing = .segment
            case GST_EVENT_EOS: passing = .endOfStream
            default: passing = .other
            }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<PassingEvent>).body(passing)
            return GST_PAD_PROBE_OK
        }
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue)
        return addProbe(mask, box: ClosureBox<PassingEvent>(handler), callback: callback)
    }

    /// A probe on CAPS events (`GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM`, `gst_event_parse_caps`):
    /// `handler` sees each format the stream announces, on the streaming thread, in order with
    /// the buffers that follow it, before the pad's element is told. Unlike `notify::caps`, it
    /// also sees caps sent again and caps a proxy pad (a ghost pad) passes on without storing.
    public func onCaps(_ handler: @escaping @Sendable (Caps) -> Void) -> PadProbe {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let event = vw_probe_info_event(info), vw_event_type(event) == GST_EVENT_CAPS else { return GST_PAD_PROBE_OK }
            var raw: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &raw)
            // The event owns the caps: take a reference of our own.
            guard let raw else { return GST_PAD_PROBE_OK }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Caps>).body(Caps(raw: raw, transfer: .none))
            return GST_PAD_PROBE_OK
        }
        return addProbe(GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, box: ClosureBox<Caps>(handler), callback: callback)
    }

    /// A downstream TIME segment as it passes: where it starts in the media, its rate, and
    /// `base`, the running time its start is played at.
    public struct PassingSegment: Sendable, Equatable {
        public var start: ClockTime
        public var rate: Double
        public var base: ClockTime
        /// Where the segment ends (a seek's stop); nil: at the end of the stream.
        public var stop: ClockTime? = nil
        /// The stream time of `start` (its position in the media).
        public var time: ClockTime = .zero

        public init(start: ClockTime, rate: Double, base: ClockTime, stop: ClockTime? = nil, time: ClockTime = .zero) {
            self.start = start
            self.rate = rate
            self.base = base
            self.stop = stop
            self.time = time
        }
    }

    /// What `retimingSegments`' handler decides for what passes.
    public enum StreamVerdict: Sendable {
        /// Let it pass as it is.
        case pass
        /// Drop it (a buffer only).
        case drop
        /// Replace it by this segment (a segment only).
        case replace(PassingSegment)
    }

    /// What `rebasingSegments` shows its handler, in the order the pad carries it.
    public enum StreamItem: Sendable {
        case flush
        case segment(PassingSegment)
        case buffer(PassingBuffer)
    }

    /// Calls `handler` on the streaming thread with every flush, TIME segment and buffer
    /// passing downstream. A segment is replaced by a copy with the base the handler returns
    /// (`vw_probe_info_replace_segment`), or left as it is when it returns nil.
    public func rebasingSegments(_ handler: @escaping @Sendable (StreamItem) -> ClockTime?) -> PadProbe {
        retimingSegments { item in
            guard let base = handler(item), case .segment(var segment) = item else { return .pass }
            segment.base = base
            return .replace(segment)
        }
    }

    /// As `rebasingSegments`, but the handler may replace a segment by a whole new one (start,
    /// stop, stream time, rate, base), or drop a buffer (`GST_PAD_PROBE_DROP`).
    public func retimingSegments(_ handler: @escaping @Sendable (StreamItem) -> StreamVerdict) -> PadProbe {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            let body = (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ReturningClosureBox<StreamItem, StreamVerdict>).body
            // GST_PAD_PROBE_INFO_BUFFER is a plain cast: ask the probe type what the data is.
            if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0, let buffer = vw_probe_info_buffer(info) {
                let verdict = body(.buffer(PassingBuffer(presentationTime: ClockTime(raw: vw_buffer_pts(buffer)),
                                                         duration: ClockTime(raw: vw_buffer_duration(buffer)))))
                if case .drop = verdict { return GST_PAD_PROBE_DROP }
                return GST_PAD_PROBE_OK
            }
            guard let event = vw_probe_info_event(info) else { return GST_PAD_PROBE_OK }
            switch vw_event_type(event) {
            case GST_EVENT_FLUSH_STOP:
                _ = body(.flush)
            case GST_EVENT_SEGMENT:
                var raw: UnsafePointer<GstSegment>?
                gst_event_parse_segment(event, &raw)
                guard let segment = raw?.pointee, segment.format == GST_FORMAT_TIME else { break }
                let passing = PassingSegment(start: ClockTime(nanoseconds: UInt64(segment.start)), rate: segment.rate,
                                             base: ClockTime(nanoseconds: UInt64(segment.base)), stop: ClockTime(raw: segment.stop),
                                             time: ClockTime(nanoseconds: UInt64(segment.time)))
                if case .replace(let replacement) = body(.segment(passing)), replacement != passing {
                    vw_probe_info_replace_segment(info, guint64(replacement.start.nanoseconds),
                                                  replacement.stop.map { guint64($0.nanoseconds) } ?? guint64.max,
                                                  guint64(replacement.time.nanoseconds), guint64(replacement.base.nanoseconds), replacement.rate)
                }
            default:
                break
            }
            return GST_PAD_PROBE_OK
        }
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
                                   | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue)
        return addProbe(mask, box: ReturningClosureBox<StreamItem, StreamVerdict>(handler), callback: callback)
    }

    /// A buffer about to enter an element, with what a filter in front of it needs to know.
    public struct EnteringBuffer: Sendable {
        /// Whether a decoder can start from it (no `GST_BUFFER_FLAG_DELTA_UNIT`).
        public var isKeyFrame: Bool
        /// Its presentation time, nil when it has none.
        public var presentationTime: ClockTime?
    }

    /// A buffer probe on this sink pad whose `handler` decides, on the streaming thread,
    /// whether each buffer goes on into the pad's element or is dropped (`GST_PAD_PROBE_DROP`).
    public func filteringBuffers(_ handler: @escaping @Sendable (EnteringBuffer) -> Bool) -> PadProbe {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let buffer = vw_probe_info_buffer(info) else { return GST_PAD_PROBE_OK }
            let entering = EnteringBuffer(isKeyFrame: vw_buffer_is_delta_unit(buffer) == 0, presentationTime: ClockTime(raw: vw_buffer_pts(buffer)))
            let body = (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ReturningClosureBox<EnteringBuffer, Bool>).body
            return body(entering) ? GST_PAD_PROBE_OK : GST_PAD_PROBE_DROP
        }
        return addProbe(GST_PAD_PROBE_TYPE_BUFFER, box: ReturningClosureBox<EnteringBuffer, Bool>(handler), callback: callback)
    }

    /// `gst_pad_add_probe` with a Swift closure box as `user_data`, released by the
    /// destroy-notify when the probe goes. GStreamer calls that with the pad's lock held, so a
    /// handler must not own the last reference to the pad's element: capture it weakly.
    private func addProbe(_ mask: GstPadProbeType, box: AnyObject, callback: GstPadProbeCallback) -> PadProbe {
        let release: GDestroyNotify = { data in
            if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
        }
        let data = Unmanaged.passRetained(box).toOpaque()
        let id = gst_pad_add_probe(pad, mask, callback, data, release)
        return PadProbe(pad: self, probeID: id)
    }
}
