import VideoWallCore

/// How far a screen's whole picture is turned clockwise on its monitor (a layout screen's
/// `rotate:`): a portrait screen is a landscape monitor hung on its side, and its window draws
/// the screen's upright picture turned so that it reads upright once the monitor hangs there.
/// The screen is laid out in its own upright pixels; this maps them onto the window.
public enum ScreenTurn: Int, Sendable, CaseIterable {
    case none = 0, clockwise = 90, halfway = 180, counterclockwise = 270

    /// `degrees` clockwise: 0, 90, 180 or 270 (anything else: nil).
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    /// Whether the picture's width runs along the window's height.
    public var swapsSides: Bool { self == .clockwise || self == .counterclockwise }

    /// The size of the upright picture a window of `width` x `height` shows.
    public func uprightSize(ofWindowWidth width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// Where `rect` of the upright picture (of `upright` size) lands in the window.
    public func windowRect(of rect: PixelRect, upright: (width: Int, height: Int)) -> PixelRect {
        switch self {
        case .none:
            return rect
        case .clockwise:
            // The upright top-left corner goes to the window's top right.
            return PixelRect(x: upright.height - rect.y - rect.height, y: rect.x, width: rect.height, height: rect.width)
        case .halfway:
            return PixelRect(x: upright.width - rect.x - rect.width, y: upright.height - rect.y - rect.height, width: rect.width, height: rect.height)
        case .counterclockwise:
            return PixelRect(x: rect.y, y: upright.width - rect.x - rect.width, width: rect.height, height: rect.width)
        }
    }
}
