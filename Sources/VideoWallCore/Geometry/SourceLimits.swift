/// The largest picture one tile plays. Every frame of a tile is decoded in full before it is
/// scaled to its region: a 7680x4320 source held 1.7 to 1.8 GB of frames in decoder pools and
/// queues for one tile. 4096x2304 (a 4K picture in 16:9, 9.4 Mpixel, about 36 MB per BGRx
/// frame) is far more than a quarter of any screen shows; past that a source is refused, before
/// its first frame is decoded, with one line that gives its size and the limit.
package enum SourceLimits {
    /// The longer side, in stored pixels.
    package static let maximumSide = 4096
    /// Stored pixels per frame: 4096x2304.
    package static let maximumPixels = 4096 * 2304

    /// Why a picture of `width` x `height` stored pixels is refused, or nil when a tile plays it.
    package static func refusal(width: Int, height: Int) -> String? {
        guard width > maximumSide || height > maximumSide || width * height > maximumPixels else { return nil }
        return "the picture is \(width)x\(height), larger than a tile plays (at most \(maximumSide) pixels a side "
            + "and 4096x2304 = \(maximumPixels) pixels)"
    }
}
