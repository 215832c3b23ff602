internal import CGStreamer

/// One owned `appsink` (`GstAppSink`): the program pulls the pipeline's output.
public final class AppSink: Element, @unchecked Sendable {
    /// `gst_element_factory_make("appsink")`.
    public init(name: String? = nil) throws(GStreamerError) {
        try super.init(factory: "appsink", name: name)
    }

    /// Takes a new reference to an `appsink` found in a parsed pipeline (`gst_bin_get_by_name`).
    public init(_ element: Element) throws(GStreamerError) {
        guard vw_is_app_sink(element.pointer) != 0 else {
            throw GStreamerError(domain: "GStreamerKit", message: "\(element.name) is a \(element.typeName), not an appsink")
        }
        super.init(raw: element.pointer, transfer: .none)
    }

    private var appSink: UnsafeMutablePointer<GstAppSink> { vw_app_sink(pointer) }

    /// `gst_app_sink_try_pull_sample`: the next sample, waiting at most `timeout` (nil: until
    /// one comes). Nil at end of stream, when the pipeline stops, or on timeout; tell them
    /// apart with `isEndOfStream`. Blocks: call it from a worker or test thread.
    public func pullSample(timeout: ClockTime? = nil) -> Sample? {
        gst_app_sink_try_pull_sample(appSink, timeout.raw).map { Sample(detachingPulled: $0) }
    }

    /// `gst_app_sink_is_eos`.
    public var isEndOfStream: Bool { gst_app_sink_is_eos(appSink) != 0 }
}
