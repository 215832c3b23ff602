/// Placement of a picture inside a region, in whole pixels.
public enum AspectFit {
    /// The size to show a `width` x `height` frame at once its pixel shape is taken into account.
    /// Only ever enlarges one dimension (wide pixels widen, tall pixels heighten) so no stored
    /// detail is thrown away: 720x576 at 16:15 gives 768x576, at 64:45 gives 1024x576.
    package static func displaySize(width: Int, height: Int, pixelAspect: PixelAspectRatio) -> Size {
        let par = pixelAspect.value
        let w = Double(width)
        let h = Double(height)
        if par >= 1 {
            return Size(width: (w * par).rounded(), height: h)
        }
        return Size(width: w, height: (h / par).rounded())
    }

    /// Where to put a picture of display size `media` in `region`.
    ///
    /// - fit: the largest rectangle of the media's shape inside the region, centred. Size is rounded
    ///   to the nearest pixel, then the offset is the floor of half the slack, so the result never
    ///   leaves the region and is at least 1x1 (a 1-pixel sliver is better than a vanished tile).
    /// - fill: the smallest rectangle of the media's shape covering the region, centred the same way.
    ///   It extends past the region; the caller clips (see `visibleRect`).
    /// - stretch: the region itself.
    ///
    /// An unknown or degenerate media size (caps not negotiated yet) is treated as the region's own shape.
    /// An empty region gives an empty rectangle at the region's origin.
    public static func videoRect(media: Size, in region: PixelRect, mode: FitMode) -> PixelRect {
        guard !region.isEmpty else {
            return PixelRect(x: region.x, y: region.y, width: 0, height: 0)
        }
        guard mode != .stretch, let mediaAspect = media.aspectRatio else { return region }
        let regionWidth = Double(region.width)
        let regionHeight = Double(region.height)
        // Compare shapes exactly where possible so the limiting side matches the region to the pixel.
        let mediaIsWider = media.width * regionHeight >= media.height * regionWidth
        var width: Int
        var height: Int
        switch (mode, mediaIsWider) {
        case (.fit, true), (.fill, false):
            width = region.width
            height = pixels(regionWidth / mediaAspect)
        default:
            height = region.height
            width = pixels(regionHeight * mediaAspect)
        }
        if mode == .fit {
            width = min(max(width, 1), region.width)
            height = min(max(height, 1), region.height)
        } else {
            width = max(width, region.width)
            height = max(height, region.height)
        }
        return PixelRect(x: region.x + floorHalf(region.width - width),
                         y: region.y + floorHalf(region.height - height),
                         width: width, height: height)
    }

    /// The part of a placed picture that is actually on screen in its region (empty when none is).
    package static func visibleRect(video: PixelRect, region: PixelRect) -> PixelRect {
        video.intersection(region) ?? PixelRect(x: region.x, y: region.y, width: 0, height: 0)
    }

    /// A length in whole pixels. A stream's size and pixel aspect are the file's to choose, and
    /// an extreme aspect in `fill` mode gives lengths past what an Int holds (a trap); no screen
    /// needs more than 2^30 pixels, so longer ones are held there.
    private static func pixels(_ length: Double) -> Int {
        guard length.isFinite else { return 1 }
        return Int(min(max(length.rounded(), 0), Double(1 << 30)))
    }

    /// Floor division by two; Swift's `/` truncates toward zero, which would bias negative (fill) offsets.
    private static func floorHalf(_ value: Int) -> Int {
        value >= 0 ? value / 2 : -((-value + 1) / 2)
    }
}
