internal import CGStreamer

extension AppSink {
    /// Calls `handler` with every sample as the sink renders it: appsink's "new-sample"
    /// signal (`GstFlowReturn (*)(GstAppSink *, gpointer)`) with `emit-signals` on, pulling the
    /// sample with `gst_app_sink_pull_sample`. Runs on the streaming thread, at the sample's
    /// presentation time when the sink syncs to the clock.
    public func onNewSample(_ handler: @escaping @Sendable (Sample) -> Void) throws(PropertyError) -> SignalConnection {
        try set("emit-signals", true)
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> GstFlowReturn
        let trampoline: CFunction = { sink, data in
            guard let sink, let data, let raw = gst_app_sink_pull_sample(vw_app_sink(sink)) else { return GST_FLOW_OK }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Sample>).body(Sample(detachingPulled: raw))
            return GST_FLOW_OK
        }
        return connect("new-sample", box: ClosureBox<Sample>(handler), callback: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Calls `handler` with every preroll sample: appsink's "new-preroll" signal
    /// (`GstFlowReturn (*)(GstAppSink *, gpointer)`) with `emit-signals` on, pulling the sample
    /// with `gst_app_sink_pull_preroll`. A paused pipeline delivers the frame of a flushing
    /// seek (or a frame step done as one) only this way, never as a "new-sample". Runs on the
    /// streaming thread, as soon as the sink prerolls, without waiting for the clock.
    public func onNewPreroll(_ handler: @escaping @Sendable (Sample) -> Void) throws(PropertyError) -> SignalConnection {
        try set("emit-signals", true)
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> GstFlowReturn
        let trampoline: CFunction = { sink, data in
            guard let sink, let data, let raw = gst_app_sink_pull_preroll(vw_app_sink(sink)) else { return GST_FLOW_OK }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Sample>).body(Sample(detachingPulled: raw))
            return GST_FLOW_OK
        }
        return connect("new-preroll", box: ClosureBox<Sample>(handler), callback: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// A raw video frame mapped for reading: its size and row stride come from the sample's own
/// caps, so a reader can never pair a frame with another frame's geometry.
public struct MappedVideoFrame {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var bytes: UnsafeRawBufferPointer
}

extension Sample {
    /// `gst_video_frame_map` for reading; `body` must not keep the bytes.
    /// Nil when the sample is not raw video.
    public func withMappedVideoFrame<Result>(_ body: (MappedVideoFrame) -> Result) -> Result? {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return nil }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return nil }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return nil }
        defer { gst_video_frame_unmap(&frame) }
        let stride = Int(frame.info.stride.0)
        let height = Int(frame.info.height)
        let bytes = UnsafeRawBufferPointer(start: frame.data.0, count: stride * height)
        return body(MappedVideoFrame(width: Int(frame.info.width), height: height, stride: stride, bytes: bytes))
    }
}
