internal import CGStreamer

/// One owned `GstSample`: a buffer with its caps, as a sink's `last-sample` gives it.
public final class Sample: @unchecked Sendable {
    let sample: OpaquePointer

    init(taking raw: OpaquePointer) { sample = raw }

    /// Takes a sample pulled from an appsink as a sample of its own: a new `GstSample` with
    /// the same buffer, caps and segment (`gst_sample_new`), and the pulled one released.
    /// appsink (1.22) reuses one GstSample for every pull and sets new caps on it in place;
    /// while a pulled sample is still held, that object is shared, `gst_sample_set_caps`
    /// refuses ("gst_sample_is_writable" critical) and later samples keep the old caps.
    init(detachingPulled raw: OpaquePointer) {
        sample = gst_sample_new(gst_sample_get_buffer(raw), gst_sample_get_caps(raw), gst_sample_get_segment(raw), nil)
        vw_sample_unref(raw)
    }
    deinit { vw_sample_unref(sample) }

    private var buffer: UnsafeMutablePointer<GstBuffer>? { gst_sample_get_buffer(sample) }

    /// `GST_BUFFER_PTS`, nil when the buffer has none.
    public var presentationTime: ClockTime? { buffer.flatMap { ClockTime(raw: vw_buffer_pts($0)) } }

    /// The buffer's stream time (its position in the media): `gst_segment_to_stream_time` of
    /// its PTS in the sample's segment; nil without a PTS or outside the segment.
    public var streamTime: ClockTime? {
        guard let buffer, let segment = gst_sample_get_segment(sample) else { return nil }
        let pts = vw_buffer_pts(buffer)
        guard pts != GstClockTime.max else { return nil }
        guard segment.pointee.format == GST_FORMAT_TIME else { return ClockTime(raw: pts) }
        return ClockTime(raw: gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts))
    }

    /// The buffer's running time (when it is due, from the pipeline's base time):
    /// `gst_segment_to_running_time` of its PTS in the sample's segment; nil without a PTS or
    /// outside the segment.
    public var runningTime: ClockTime? {
        guard let buffer, let segment = gst_sample_get_segment(sample), segment.pointee.format == GST_FORMAT_TIME else { return nil }
        let pts = vw_buffer_pts(buffer)
        guard pts != GstClockTime.max else { return nil }
        return ClockTime(raw: gst_segment_to_running_time(segment, GST_FORMAT_TIME, pts))
    }

    /// `GST_BUFFER_DURATION`.
    public var duration: ClockTime? { buffer.flatMap { ClockTime(raw: vw_buffer_duration($0)) } }

    /// `gst_sample_get_caps`.
    public var caps: Caps? {
        gst_sample_get_caps(sample).map { Caps(raw: $0, transfer: .none) }
    }

    /// Copies the buffer's bytes (`gst_buffer_extract_dup`), for reading pixels.
    public func bytes() -> [UInt8] {
        guard let buffer else { return [] }
        let size = gst_buffer_get_size(buffer)
        var out = [UInt8](repeating: 0, count: Int(size))
        out.withUnsafeMutableBytes { _ = gst_buffer_extract(buffer, 0, $0.baseAddress, size) }
        return out
    }
}

extension Element {
    /// A sink's `last-sample` property (needs `enable-last-sample`), nil before the first buffer.
    public func lastSample() throws(PropertyError) -> Sample? {
        let spec = try propertySpec("last-sample")
        var value = GValue()
        g_value_init(&value, vw_param_value_type(spec))
        defer { g_value_unset(&value) }
        g_object_get_property(gobject, "last-sample", &value)
        // g_value_dup_boxed gives us our own reference to the sample (transfer full).
        guard let boxed = g_value_dup_boxed(&value) else { return nil }
        return Sample(taking: OpaquePointer(boxed))
    }
}

/// What a base sink counted (`stats` property of GstBaseSink).
public struct SinkStatistics: Sendable, Equatable {
    public var rendered: UInt64
    public var dropped: UInt64

    public init(rendered: UInt64, dropped: UInt64) {
        self.rendered = rendered
        self.dropped = dropped
    }
}

extension Element {
    /// Reads GstBaseSink's `stats` structure ("rendered", "dropped"); throws when this element
    /// is not a base sink.
    public func sinkStatistics() throws(PropertyError) -> SinkStatistics {
        let spec = try propertySpec("stats")
        var value = GValue()
        g_value_init(&value, vw_param_value_type(spec))
        defer { g_value_unset(&value) }
        g_object_get_property(gobject, "stats", &value)
        guard let structure = g_value_get_boxed(&value)?.assumingMemoryBound(to: GstStructure.self) else {
            throw PropertyError(object: typeName, property: "stats", reason: "is empty")
        }
        var rendered: guint64 = 0, dropped: guint64 = 0
        guard gst_structure_get_uint64(structure, "rendered", &rendered) != 0,
              gst_structure_get_uint64(structure, "dropped", &dropped) != 0 else {
            throw PropertyError(object: typeName, property: "stats", reason: "has no rendered/dropped counts")
        }
        return SinkStatistics(rendered: UInt64(rendered), dropped: UInt64(dropped))
    }
}
