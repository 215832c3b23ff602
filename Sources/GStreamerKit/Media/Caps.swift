internal import CGStreamer

/// One owned `GstCaps` (a mini-object: `gst_caps_ref`/`gst_caps_unref`).
public final class Caps: @unchecked Sendable, CustomStringConvertible {
    let caps: UnsafeMutablePointer<GstCaps>

    init(raw: UnsafeMutablePointer<GstCaps>, transfer: Transfer) {
        caps = transfer == .full ? raw : vw_caps_ref(raw)
    }

    deinit { vw_caps_unref(caps) }

    /// `gst_caps_from_string`.
    public init(_ string: String) throws(GStreamerError) {
        try GStreamer.initialize()
        guard let raw = gst_caps_from_string(string) else {
            throw GStreamerError(domain: "GStreamerKit", message: "invalid caps '\(string)'")
        }
        caps = raw
    }

    /// `gst_caps_to_string`.
    public var description: String {
        guard let c = gst_caps_to_string(caps) else { return "" }
        defer { g_free(c) }
        return String(cString: c)
    }

    /// The first structure's name ("video/x-raw", "video/x-h264").
    public var mediaType: String? {
        guard gst_caps_get_size(caps) > 0, let s = gst_caps_get_structure(caps, 0) else { return nil }
        return String(cString: gst_structure_get_name(s))
    }

    /// `gst_pb_utils_get_codec_description`: "H.264 (High Profile)", "VP9".
    public var codecDescription: String? {
        guard let c = gst_pb_utils_get_codec_description(caps) else { return nil }
        defer { g_free(c) }
        return String(cString: c)
    }

    /// The first structure's `width` and `height` fields (`gst_structure_get_int`), for encoded
    /// video too (a decoder's input caps), nil when either is missing.
    public var pictureSize: (width: Int, height: Int)? {
        guard gst_caps_get_size(caps) > 0, let s = gst_caps_get_structure(caps, 0) else { return nil }
        var width: gint = 0, height: gint = 0
        guard gst_structure_get_int(s, "width", &width) != 0, gst_structure_get_int(s, "height", &height) != 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// `gst_video_info_from_caps`: raw video geometry, nil for non-video or unfixed caps.
    public var videoFormat: VideoFormat? {
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return nil }
        return VideoFormat(width: Int(info.width), height: Int(info.height),
                           pixelAspect: (Int(info.par_n), Int(max(1, info.par_d))),
                           frameRate: info.fps_d > 0 && info.fps_n > 0 ? (Int(info.fps_n), Int(info.fps_d)) : nil)
    }
}

/// The geometry a video pad negotiated.
public struct VideoFormat: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixelAspect: (numerator: Int, denominator: Int)
    public var frameRate: (numerator: Int, denominator: Int)?

    public init(width: Int, height: Int, pixelAspect: (Int, Int), frameRate: (Int, Int)?) {
        self.width = width; self.height = height
        self.pixelAspect = (pixelAspect.0, pixelAspect.1)
        self.frameRate = frameRate.map { (numerator: $0.0, denominator: $0.1) }
    }

    public static func == (a: VideoFormat, b: VideoFormat) -> Bool {
        a.width == b.width && a.height == b.height && a.pixelAspect == b.pixelAspect
            && a.frameRate?.numerator == b.frameRate?.numerator && a.frameRate?.denominator == b.frameRate?.denominator
    }
}
