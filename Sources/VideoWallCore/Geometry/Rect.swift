/// A rectangle in fractional units: layout regions (fractions of the window) or sub-pixel geometry.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var size: Size { Size(width: width, height: height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest whole-pixel rectangle that contains this one (like CGRect.integral), so nothing
    /// drawn inside the fractional rectangle is clipped.
    public var integral: PixelRect {
        let left = Int(x.rounded(.down))
        let top = Int(y.rounded(.down))
        let right = Int(maxX.rounded(.up))
        let bottom = Int(maxY.rounded(.up))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Half-open on the far edges so adjacent rectangles never both contain a point on their shared edge.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The overlap, or nil when the rectangles do not overlap with positive area.
    public func intersection(_ other: Rect) -> Rect? {
        let left = Swift.max(x, other.x)
        let top = Swift.max(y, other.y)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
