import GStreamerKit
import VideoWallCore

// The window reads GStreamer's values (frame times, caps) as the core's types. The engine has
// the same two conversions, at package level: the window is built against its public API.
extension MediaTime {
    /// `ClockTime` as a media time (times past Int64's range saturate).
    init(_ time: ClockTime) { self.init(nanoseconds: Int64(clamping: time.nanoseconds)) }
}

extension MediaFormat {
    /// The picture negotiated on a pad's caps (`gst_video_info_from_caps`).
    init(_ format: VideoFormat) {
        let rate = format.frameRate.flatMap { $0.numerator > 0 && $0.denominator > 0 ? Double($0.numerator) / Double($0.denominator) : nil }
        self.init(width: format.width, height: format.height,
                  pixelAspect: PixelAspectRatio(numerator: max(1, format.pixelAspect.numerator), denominator: max(1, format.pixelAspect.denominator)),
                  frameRate: rate)
    }
}
