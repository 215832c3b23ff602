import VideoWallCore
/// What one screen shows of a picture placed on the canvas: the part of the picture under the
/// screen's lit area, as a rectangle of the screen's pixels and the matching rectangle of the
/// source's pixels (what the screen's pipeline crops and scales).
public struct CanvasPart: Hashable, Sendable {
    /// Where on the screen, in its pixels (rounded outwards to whole pixels).
    public var onScreen: PixelRect
    /// Which part of the source, in source pixels (fractional: the scaler takes sub-pixel crops).
    public var fromSource: Rect

    public init(onScreen: PixelRect, fromSource: Rect) {
        self.onScreen = onScreen
        self.fromSource = fromSource
    }

    /// The part of a picture of `source` size (display size, pixel shape counted) shown in
    /// `tile` (millimetres on the canvas, placed by `fit`) that falls on `screen`; nil when none
    /// of it does (it is off this screen, or only behind its bezels).
    public static func part(of source: Size, in tile: Rect, fit: FitMode, on screen: CanvasScreen) -> CanvasPart? {
        guard source.width > 0, source.height > 0, !tile.isEmpty, screen.pixelWidth > 0, screen.pixelHeight > 0 else { return nil }
        let picture = placed(source, in: tile, fit: fit)
        // Only what is inside the tile (a filled picture overflows it) and on the lit area.
        guard let inTile = picture.intersection(tile), let shown = inTile.intersection(screen.activeArea) else { return nil }
        // Millimetres to pixels is inexact in binary: an edge a hair off a whole pixel is on it,
        // else rounding outwards would add a pixel row to a part that fills its screen exactly.
        func snapped(_ value: Double) -> Double { abs(value - value.rounded()) < 1e-6 ? value.rounded() : value }
        let topLeft = screen.pixel(x: shown.x, y: shown.y), bottomRight = screen.pixel(x: shown.maxX, y: shown.maxY)
        let left = snapped(topLeft.x), top = snapped(topLeft.y)
        let onScreen = Rect(x: left, y: top, width: snapped(bottomRight.x) - left, height: snapped(bottomRight.y) - top).integral
        let scaleX = source.width / picture.width, scaleY = source.height / picture.height
        let fromSource = Rect(x: (shown.x - picture.x) * scaleX, y: (shown.y - picture.y) * scaleY,
                              width: shown.width * scaleX, height: shown.height * scaleY)
        return CanvasPart(onScreen: onScreen, fromSource: fromSource)
    }

    /// The picture's rectangle on the canvas: fitted inside the tile, covering it, or stretched.
    static func placed(_ source: Size, in tile: Rect, fit: FitMode) -> Rect {
        let tileIsWider = tile.width * source.height > source.width * tile.height
        let scale: Double
        switch fit {
        case .stretch: return tile
        case .fit: scale = tileIsWider ? tile.height / source.height : tile.width / source.width
        case .fill: scale = tileIsWider ? tile.width / source.width : tile.height / source.height
        }
        let width = source.width * scale, height = source.height * scale
        return Rect(x: tile.x + (tile.width - width) / 2, y: tile.y + (tile.height - height) / 2, width: width, height: height)
    }
}
