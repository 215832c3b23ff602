/// The picture a tile's stream negotiated: its size in stored pixels, the shape of those
/// pixels, and its frame rate when the stream gives one.
public struct MediaFormat: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixelAspect: PixelAspectRatio
    /// Frames per second; nil for a stream with no fixed rate (a still, a variable-rate source).
    public var frameRate: Double?

    public init(width: Int, height: Int, pixelAspect: PixelAspectRatio = .square, frameRate: Double? = nil) {
        self.width = width
        self.height = height
        self.pixelAspect = pixelAspect
        self.frameRate = frameRate
    }

    /// The size the picture is shown at once its pixels are made square.
    public var displaySize: Size { AspectFit.displaySize(width: width, height: height, pixelAspect: pixelAspect) }
}
