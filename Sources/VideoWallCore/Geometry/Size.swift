/// A size in display units (pixels, or fractions of a window for layouts).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Width over height; nil for a degenerate size, where any aspect would be a guess.
    package var aspectRatio: Double? {
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        return width / height
    }
}
