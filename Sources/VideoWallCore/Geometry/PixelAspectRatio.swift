/// The shape of one stored pixel (width over height), as in GStreamer's `pixel-aspect-ratio` caps field.
/// Anamorphic and SD broadcast video stores non-square pixels that must be widened for display.
public struct PixelAspectRatio: Hashable, Sendable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int

    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public static let square = PixelAspectRatio(numerator: 1, denominator: 1)

    /// Caps sometimes carry 0/1 or nonsense; treating those as square is what players conventionally do.
    public var value: Double {
        guard numerator > 0, denominator > 0 else { return 1 }
        return Double(numerator) / Double(denominator)
    }

    public var description: String { "\(numerator):\(denominator)" }
}
