import VideoWallCore
/// Which part of a picture a tile shows when zoomed: a rectangle of the source in fractions of
/// its width and height (0 to 1), so tiles of different resolutions that share one `ZoomView`
/// show the same part of the picture. Scale 1 is the whole picture (fit); scale 4 shows a
/// quarter of its width and height. The rectangle always stays inside the picture.
public struct ZoomView: Sendable, Equatable {
    /// The part shown, in fractions of the source.
    public private(set) var visible = Rect(x: 0, y: 0, width: 1, height: 1)

    /// How far in: 1 is the whole picture.
    public var scale: Double { 1 / visible.width }
    public var isZoomed: Bool { visible.width < 1 }

    /// The deepest zoom: a 64th of the picture's width (a 3840-pixel source's 60 pixels).
    public static let maximumScale = 64.0

    public init() {}

    /// Zooms by `factor` (above 1: in) about a point of the tile's picture at `x`, `y` (fractions
    /// of the picture as shown): the part of the source under that point stays under it.
    public mutating func zoom(by factor: Double, aboutX x: Double, y: Double) {
        guard factor.isFinite, factor > 0, x.isFinite, y.isFinite else { return }
        let px = min(max(x, 0), 1), py = min(max(y, 0), 1)
        let sourceX = visible.x + px * visible.width, sourceY = visible.y + py * visible.height
        let size = 1 / min(max(scale * factor, 1), Self.maximumScale)
        visible = Self.clamped(Rect(x: sourceX - px * size, y: sourceY - py * size, width: size, height: size))
    }

    /// Sets the scale, keeping the middle of what is shown where it is.
    public mutating func setScale(_ newScale: Double) {
        guard newScale.isFinite, newScale > 0 else { return }
        let middleX = visible.x + visible.width / 2, middleY = visible.y + visible.height / 2
        let size = 1 / min(max(newScale, 1), Self.maximumScale)
        visible = Self.clamped(Rect(x: middleX - size / 2, y: middleY - size / 2, width: size, height: size))
    }

    /// Moves what is shown by a drag of `dx`, `dy` (fractions of the picture as shown): the
    /// picture follows the pointer.
    public mutating func pan(byX dx: Double, y dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        visible = Self.clamped(Rect(x: visible.x - dx * visible.width, y: visible.y - dy * visible.height,
                                    width: visible.width, height: visible.height))
    }

    /// One source pixel on one screen pixel, for a source `sourceWidth` pixels wide shown (at
    /// fit) `shownWidth` pixels wide; a source smaller than its picture stays at fit.
    public mutating func showSourcePixels(sourceWidth: Int, shownWidth: Int) {
        guard sourceWidth > 0, shownWidth > 0 else { return }
        setScale(Double(sourceWidth) / Double(shownWidth))
    }

    public mutating func reset() { visible = Rect(x: 0, y: 0, width: 1, height: 1) }

    /// The crop that shows this part of a `width` x `height` source, in whole source pixels
    /// (what `videocrop` takes): left, right, top, bottom.
    public func crop(width: Int, height: Int) -> (left: Int, right: Int, top: Int, bottom: Int) {
        guard isZoomed else { return (0, 0, 0, 0) }
        return Self.crop(showing: visible, width: width, height: height)
    }

    /// The crop that shows `visible` (fractions of the source, each held to 0 to 1) of a `width` x
    /// `height` source, in whole source pixels, never less than one pixel left: left, right,
    /// top, bottom.
    public static func crop(showing visible: Rect, width: Int, height: Int) -> (left: Int, right: Int, top: Int, bottom: Int) {
        guard width > 0, height > 0, visible.x.isFinite, visible.y.isFinite, visible.width.isFinite, visible.height.isFinite else { return (0, 0, 0, 0) }
        func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
        let visible = Rect(x: unit(visible.x), y: unit(visible.y), width: unit(visible.width), height: unit(visible.height))
        let left = Int((visible.x * Double(width)).rounded()), top = Int((visible.y * Double(height)).rounded())
        let shownWidth = max(1, Int((visible.width * Double(width)).rounded()))
        let shownHeight = max(1, Int((visible.height * Double(height)).rounded()))
        let right = max(0, width - min(width, left + shownWidth)), bottom = max(0, height - min(height, top + shownHeight))
        return (min(left, width - 1), right, min(top, height - 1), bottom)
    }

    private static func clamped(_ rect: Rect) -> Rect {
        let width = min(max(rect.width, 1 / maximumScale), 1), height = min(max(rect.height, 1 / maximumScale), 1)
        return Rect(x: min(max(rect.x, 0), 1 - width), y: min(max(rect.y, 0), 1 - height), width: width, height: height)
    }
}
