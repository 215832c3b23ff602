/// One screen of a wall that spans several (walls across machines): where it hangs on the
/// shared canvas, in millimetres, and how many pixels its picture has. Its `frame` is the whole
/// screen, bezels included; the picture (`activeArea`) is inside the bezels, so the canvas
/// behind a bezel is never shown, and a picture crossing two screens lines up across the gap.
public struct CanvasScreen: Hashable, Sendable {
    /// The widths of the frame around the picture, in millimetres.
    public struct Bezels: Hashable, Sendable {
        public var left: Double, top: Double, right: Double, bottom: Double

        public init(left: Double = 0, top: Double = 0, right: Double = 0, bottom: Double = 0) {
            self.left = left; self.top = top; self.right = right; self.bottom = bottom
        }

        public init(all: Double) { self.init(left: all, top: all, right: all, bottom: all) }
    }

    public var name: String
    /// The whole screen on the canvas, in millimetres from the canvas's top left corner.
    public var frame: Rect
    public var bezels: Bezels
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The monitor of this machine that shows the screen (`monitor:`, numbered from 0 as GDK
    /// numbers them), when one process drives several monitors (`play --screens`).
    package var monitor: Int?
    /// How far the whole picture is turned clockwise on its monitor, in degrees (0, 90, 180 or
    /// 270; `rotate:`): a portrait screen is a landscape monitor mounted on its side, and what
    /// the screen's `pixels` describe is the picture as seen once the monitor hangs there.
    package var rotation = 0

    public init(name: String, frame: Rect, bezels: Bezels = Bezels(), pixelWidth: Int, pixelHeight: Int) {
        self.name = name
        self.frame = frame
        self.bezels = bezels
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The lit part of the screen on the canvas, in millimetres.
    public var activeArea: Rect {
        Rect(x: frame.x + bezels.left, y: frame.y + bezels.top,
             width: frame.width - bezels.left - bezels.right, height: frame.height - bezels.top - bezels.bottom)
    }

    /// A point of the canvas (millimetres) as a position on this screen, in pixels (fractional).
    public func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
        let area = activeArea
        return ((x - area.x) / area.width * Double(pixelWidth), (y - area.y) / area.height * Double(pixelHeight))
    }
}
