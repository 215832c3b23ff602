internal import CGStreamer

/// One owned `appsrc` (`GstAppSrc`): the program hands the pipeline its buffers.
///
/// Set up for a file-writing pipeline: time-stamped buffers (`format=time`) and `block=true`,
/// so `push` waits while the queue is full instead of buffering a whole clip in memory.
/// Push from a worker thread: a blocked push returns (with an error) only once the pipeline
/// is set to NULL, so whoever waits on the bus must do that on error.
public final class AppSource: Element, @unchecked Sendable {
    /// `gst_element_factory_make("appsrc")`, with `caps` as the stream's format.
    public init(caps: Caps, name: String? = nil) throws(GStreamerError) {
        try super.init(factory: "appsrc", name: name)
        try configure(caps: caps)
    }

    /// Takes a new reference to an `appsrc` found in a parsed pipeline (`gst_bin_get_by_name`)
    /// and sets it up the same way; `caps` replaces any caps the description gave it.
    public init(_ element: Element, caps: Caps? = nil) throws(GStreamerError) {
        guard vw_is_app_src(element.pointer) != 0 else {
            throw GStreamerError(domain: "GStreamerKit", message: "\(element.name) is a \(element.typeName), not an appsrc")
        }
        super.init(raw: element.pointer, transfer: .none)
        try configure(caps: caps)
    }

    private func configure(caps: Caps?) throws(GStreamerError) {
        do {
            if let caps { try set("caps", caps: caps) }
            try setFromString("format", "time")
            try set("block", true)
        } catch {
            throw GStreamerError(domain: "GStreamerKit", message: error.description)
        }
    }

    private var appSource: UnsafeMutablePointer<GstAppSrc> { vw_app_src(pointer) }

    /// The bytes of one raw video frame in the caps set on this source (`GstVideoInfo.size`
    /// from `gst_video_info_from_caps`), nil when the caps are not fixed raw video.
    public var videoFrameSize: Int? {
        guard let caps = try? capsProperty("caps") else { return nil }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps.caps) != 0 else { return nil }
        return Int(info.size)
    }

    /// Copies `bytes` into a new buffer (`gst_buffer_new_allocate` + `gst_buffer_fill`),
    /// stamps it (`GST_BUFFER_PTS`, `GST_BUFFER_DURATION`) and queues it
    /// (`gst_app_src_push_buffer`, which takes the buffer). Blocks while the queue is full.
    /// Throws when the source no longer accepts data: flushing (the pipeline is stopping),
    /// after end of stream, or on a downstream error.
    public func push(_ bytes: [UInt8], presentationTime: ClockTime, duration: ClockTime? = nil) throws(GStreamerError) {
        guard let buffer = gst_buffer_new_allocate(nil, gsize(bytes.count), nil) else {
            throw GStreamerError(domain: "GStreamerKit", message: "cannot allocate a buffer of \(bytes.count) bytes")
        }
        let copied = bytes.withUnsafeBytes { gst_buffer_fill(buffer, 0, $0.baseAddress, gsize($0.count)) }
        guard copied == gsize(bytes.count) else {
            vw_buffer_unref(buffer)
            throw GStreamerError(domain: "GStreamerKit", message: "copied \(copied) of \(bytes.count) bytes into a buffer")
        }
        vw_buffer_set_pts(buffer, GstClockTime(presentationTime.nanoseconds))
        vw_buffer_set_duration(buffer, duration.raw)
        let flow = gst_app_src_push_buffer(appSource, buffer)
        guard flow == GST_FLOW_OK else {
            throw GStreamerError(domain: "GStreamerKit", code: Int(flow.rawValue),
                                 message: "\(name) refused a buffer: \(String(cString: gst_flow_get_name(flow)))")
        }
    }

    /// `gst_app_src_end_of_stream`: no more buffers; EOS reaches the bus once all queued
    /// buffers have gone through.
    public func endOfStream() throws(GStreamerError) {
        let flow = gst_app_src_end_of_stream(appSource)
        guard flow == GST_FLOW_OK else {
            throw GStreamerError(domain: "GStreamerKit", code: Int(flow.rawValue),
                                 message: "\(name) refused end of stream: \(String(cString: gst_flow_get_name(flow)))")
        }
    }
}
