import Foundation
internal import GStreamerKit
import VideoWallCore

/// A still image as a playlist item: a one-frame Matroska clip whose single frame lasts the
/// item's duration (`imagefreeze` with a frame rate of one per duration, JPEG at quality 95).
/// playbin plays it like any video: the frame is shown for exactly that long on the wall's
/// clock, and the gapless switch hands over to the next item at its end, with no image-specific
/// timer. Made once per image, size, change time and duration, in a cache folder; blocking, so
/// called off the main thread.
enum StillClip {
    /// `~/.cache/videowall/stills` (`MediaCache`).
    static var directory: String { get throws { try MediaCache.directory("stills") } }

    /// The longest a still may take to be turned into a clip.
    static let timeout = 20.0

    /// The clip for `image` shown for `duration` (at least a millisecond, at most a day): one
    /// frame, or with `tenPerSecond` the same picture ten times a second (for a tile with sound,
    /// where playbin3's gapless switch sometimes hung after a one-frame item: with GStreamer
    /// 1.22, 4 runs in 22 against none in 22).
    static func make(image: String, duration: MediaTime, tenPerSecond: Bool = false) throws -> String {
        let milliseconds = min(max(duration.nanoseconds / 1_000_000, 1), 86_400_000)
        let frames = tenPerSecond ? max(1, (milliseconds + 50) / 100) : 1
        let path = try directory + "/" + MediaCache.key(try MediaCache.stamp(of: image) + "\u{0}\(milliseconds)" + (tenPerSecond ? "\u{0}10" : "")) + ".mkv"
        return try MediaCache.file(path) { partial in
            let divisor = gcd(1000 * frames, milliseconds)
            let pipeline = try Pipeline.parse("filesrc name=image ! decodebin ! videoconvert ! imagefreeze num-buffers=\(frames) ! "
                + "video/x-raw,framerate=\(1000 * frames / divisor)/\(milliseconds / divisor) ! jpegenc quality=95 ! matroskamux ! filesink name=clip")
            try pipeline.child(named: "image")?.set("location", image)
            try pipeline.child(named: "clip")?.set("location", partial)
            try pipeline.runToEnd(timeout: timeout, what: "reading the image")
        }
    }

    /// A clip of one colour lasting `duration`: what a playlist tile shows while nothing of
    /// its list is scheduled (its region's background), looked at again at its end. Ten frames
    /// a second rather than one frame: playbin prepares the next items as far ahead as its
    /// queues hold, and one-frame clips would let it decide many seconds ahead.
    static func blank(color: RGBColor, duration: MediaTime) throws -> String {
        let frames = max(1, Int(duration.seconds * 10))
        let argb = String(format: "0xff%02x%02x%02x", color.red, color.green, color.blue)
        let path = try directory + "/blank-" + MediaCache.key("\(argb)\u{0}\(frames)") + ".mkv"
        return try MediaCache.file(path) { partial in
            // Raw RGB (a few kilobytes a frame at 64x36): a JPEG's YUV would shift the colour, and
            // the picture must match the region's own background around it.
            let pipeline = try Pipeline.parse("videotestsrc pattern=solid-color foreground-color=\(argb) num-buffers=\(frames) ! "
                + "video/x-raw,format=RGB,width=64,height=36,framerate=10/1 ! matroskamux ! filesink name=clip")
            try pipeline.child(named: "clip")?.set("location", partial)
            try pipeline.runToEnd(timeout: timeout, what: "making a blank clip")
        }
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}
