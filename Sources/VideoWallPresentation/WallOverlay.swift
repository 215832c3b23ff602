import Foundation
import VideoWallCore

/// An overlay the window draws (a layout's `overlays:` entry, `LayoutOverlay`), as the window
/// sees it: what it shows now, and where, in the pixels of the area it is placed over.
public struct WallOverlay: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case clock(format: String, timeZone: String?)
        case text(String)
        case image(path: String)
    }

    public var content: Content
    /// The region it is placed over (0-based), or nil: the whole wall.
    public var region: Int?
    public var x: Double
    public var y: Double
    public var size: Double
    public var color: RGBColor
    public var background: RGBColor?
    public var opacity: Double

    /// The layout's overlays, in file order (later ones drawn on top).
    public static func overlays(of layout: Layout) -> [WallOverlay] {
        layout.overlays.map { overlay in
            let content: Content
            switch overlay.content {
            case .clock(let format, let timeZone): content = .clock(format: format, timeZone: timeZone)
            case .text(let text): content = .text(text)
            case .image(let path): content = .image(path: path)
            }
            return WallOverlay(content: content, region: overlay.region, x: overlay.x, y: overlay.y, size: overlay.size,
                               color: overlay.color, background: overlay.background, opacity: overlay.opacity)
        }
    }

    /// The text it shows at `date` (a clock's time, a text's words); nil for an image.
    public func text(at date: Date) -> String? {
        switch content {
        case .clock(let format, let timeZone): return OverlayClock.text(at: date, format: format, timeZone: timeZone.flatMap(TimeZone.init(identifier:)))
        case .text(let text): return text
        case .image: return nil
        }
    }

    /// Its top left corner and its line (or image) height, in pixels, over `area`.
    public func placement(in area: PixelRect) -> (x: Int, y: Int, lineHeight: Int) {
        (area.x + Int((x * Double(area.width)).rounded()), area.y + Int((y * Double(area.height)).rounded()),
         max(4, Int((size * Double(area.height)).rounded())))
    }

    /// The seconds until a clock's text can change (the next whole second), nil for others.
    public func secondsUntilChange(after date: Date) -> Double? {
        if case .clock = content { return OverlayClock.untilNextSecond(after: date) }
        return nil
    }
}
