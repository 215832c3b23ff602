internal import CGStreamer
import Foundation

/// One frame of a source at its stored resolution, taken by a pipeline of its own: a
/// `playbin` with video only into a `fakesink`, paused, sought accurately to the frame, and its
/// prerolled sample converted by `gst_video_convert_sample` (to a PNG, or to grey levels for
/// measuring). What a thumbnailer does; the wall's own pipelines, whose frames are scaled to
/// their tiles, are not touched. Blocks for up to `timeout`: call it from a worker thread,
/// never the main thread.
public enum FrameGrabber {
    /// A decoded frame as PNG bytes.
    public static func png(_ sample: Sample) -> Result<[UInt8], GStreamerError> {
        convert(sample, to: "image/png", what: "a PNG").flatMap { png in
            let bytes = png.bytes()
            return bytes.isEmpty ? .failure(GStreamerError(domain: "FrameGrabber", message: "an empty PNG")) : .success(bytes)
        }
    }

    /// A decoded frame scaled to `width` x `height` as a JPEG (a thumbnail): the scaling and
    /// the encoder are `gst_video_convert_sample`'s, on the calling thread.
    public static func jpeg(_ sample: Sample, width: Int, height: Int) -> Result<[UInt8], GStreamerError> {
        convert(sample, to: "image/jpeg,width=\(width),height=\(height),pixel-aspect-ratio=1/1", what: "a JPEG").flatMap { jpeg in
            let bytes = jpeg.bytes()
            return bytes.isEmpty ? .failure(GStreamerError(domain: "FrameGrabber", message: "an empty JPEG")) : .success(bytes)
        }
    }

    /// The decoded frame at `position`, as the decoder made it (its size, its format).
    /// `elementSetup` sees every element the playbin makes, before it is used (its
    /// "element-setup"), so the caller's rules for what a source may fetch hold here too.
    public static func frame(uri: String, at position: ClockTime, timeout: Double,
                             elementSetup: (@Sendable (Element) -> Void)? = nil) -> Result<Sample, GStreamerError> {
        let playbin: Element, sink: Element
        var setup: SignalConnection?
        defer { withExtendedLifetime(setup) {} }
        do {
            playbin = try Element(factory: "playbin")
            sink = try Element(factory: "fakesink")
            if let elementSetup { setup = playbin.onElementSetup(elementSetup) }
            try playbin.set("uri", uri)
            try playbin.setObject("video-sink", sink)
            // GstPlayFlags: video only (no sound device, no subtitles).
            try playbin.setFromString("flags", "video")
        } catch let error as GStreamerError {
            return .failure(error)
        } catch {
            return .failure(GStreamerError(domain: "FrameGrabber", message: "\(error)"))
        }
        defer { _ = playbin.setState(.null) }
        let deadline = Date().addingTimeInterval(timeout)
        _ = playbin.setState(.paused)
        if let failure = waitForPreroll(playbin, until: deadline) { return .failure(failure) }
        guard playbin.seek(flags: [.flush, .accurate], start: position) else {
            return .failure(GStreamerError(domain: "FrameGrabber", message: "the source cannot seek to \(position)"))
        }
        if let failure = waitForPreroll(playbin, until: deadline) { return .failure(failure) }
        return lastSample(playbin)
    }

    /// A frame's grey levels (`GRAY8`), scaled to `width` x `height` when given: one row after
    /// another, `stride` bytes apart.
    public static func grey(_ sample: Sample, width: Int? = nil, height: Int? = nil) -> Result<GreyFrame, GStreamerError> {
        var caps = "video/x-raw,format=GRAY8"
        if let width, let height { caps += ",width=\(width),height=\(height)" }
        return convert(sample, to: caps, what: "grey levels").flatMap { grey in
            grey.withMappedVideoFrame { GreyFrame(width: $0.width, height: $0.height, stride: $0.stride, pixels: Array($0.bytes)) }
                .map { .success($0) } ?? .failure(GStreamerError(domain: "FrameGrabber", message: "the grey frame could not be read"))
        }
    }

    /// `gst_element_get_state` until the pipeline has prerolled, or the error it posted.
    private static func waitForPreroll(_ element: Element, until deadline: Date) -> GStreamerError? {
        let remaining = max(0, deadline.timeIntervalSinceNow)
        let result = gst_element_get_state(element.element, nil, nil, GstClockTime(remaining * 1e9))
        switch result {
        case GST_STATE_CHANGE_SUCCESS, GST_STATE_CHANGE_NO_PREROLL: return nil
        case GST_STATE_CHANGE_ASYNC: return GStreamerError(domain: "FrameGrabber", message: "no frame within \(Int(remaining.rounded(.up))) s")
        default:
            let bus = Bus(raw: UnsafeMutableRawPointer(gst_element_get_bus(element.element)), transfer: .full)
            if let message = bus.pop(timeout: ClockTime(nanoseconds: 0), endOfStream: false), case .error(let error) = message.kind { return error }
            return GStreamerError(domain: "FrameGrabber", message: "the source could not be opened")
        }
    }

    /// playbin's "sample": the sink's last frame, at the decoder's size.
    private static func lastSample(_ playbin: Element) -> Result<Sample, GStreamerError> {
        var value = GValue()
        g_value_init(&value, gst_sample_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(playbin.gobject, "sample", &value)
        // g_value_dup_boxed: a reference of our own, which the Sample releases.
        guard let boxed = g_value_dup_boxed(&value) else {
            return .failure(GStreamerError(domain: "FrameGrabber", message: "no frame"))
        }
        return .success(Sample(taking: OpaquePointer(boxed)))
    }

    /// `gst_video_convert_sample` to `caps`.
    private static func convert(_ sample: Sample, to caps: String, what: String) -> Result<Sample, GStreamerError> {
        let target = gst_caps_from_string(caps)
        defer { if let target { vw_caps_unref(target) } }
        var error: UnsafeMutablePointer<GError>?
        guard let converted = gst_video_convert_sample(sample.sample, target, GstClockTime(5 * 1_000_000_000), &error) else {
            return .failure(GStreamerError(domain: "FrameGrabber", message: GStreamer.takeMessage(error) ?? "the frame could not be made \(what)"))
        }
        return .success(Sample(taking: converted))
    }
}

/// One frame's grey levels, from `FrameGrabber.grey`.
public struct GreyFrame: Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: [UInt8]
}
