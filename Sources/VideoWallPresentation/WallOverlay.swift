import Foundation
import VideoWallCore

/// An overlay the window draws (a layout's `overlays:` entry, `LayoutOverlay`), as the window
/// sees it: what it shows now, and where, in the pixels of the area it is placed over.
public struct WallOverlay: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case clock(format: String, timeZone: String?)
        case text(String)
        case image(path: String)
        /// Words scrolling right to left, `speed` of the area's width a second: given, or read
        /// from `source` (a file's path, or an http or https address) every `refreshMinutes`
        /// (`tickerSource`, `tickerLine(from:)`).
        case ticker(text: String?, source: String?, refreshMinutes: Int, speed: Double)
    }

    public var content: Content
    /// The region it is placed over (0-based), or nil: the whole wall.
    public var region: Int?
    /// The screen of the canvas it is drawn on, or nil: every screen.
    public var screen: String?
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
            case .ticker(let text, let source, let refresh, let speed): content = .ticker(text: text, source: source, refreshMinutes: refresh, speed: speed)
            }
            var shown = WallOverlay(content: content, region: overlay.region, x: overlay.x, y: overlay.y, size: overlay.size,
                                    color: overlay.color, background: overlay.background, opacity: overlay.opacity)
            shown.screen = overlay.screen
            return shown
        }
    }

    /// The text it shows at `date` (a clock's time, a text's or a ticker's words); nil for an
    /// image, and for a ticker whose file has not been read yet.
    public func text(at date: Date) -> String? {
        switch content {
        case .clock(let format, let timeZone): return OverlayClock.text(at: date, format: format, timeZone: timeZone.flatMap(TimeZone.init(identifier:)))
        case .text(let text): return text
        case .ticker(let text, _, _, _): return text
        case .image: return nil
        }
    }

    /// Whether it scrolls across its area (a ticker).
    public var scrolls: Bool {
        if case .ticker = content { return true }
        return false
    }

    /// A ticker's left edge at `elapsed` seconds of scrolling, from the area's left, in pixels.
    public func tickerX(elapsed: Double, areaWidth: Int, textWidth: Int) -> Int {
        guard case .ticker(_, _, _, let speed) = content else { return 0 }
        return TickerText.x(elapsed: elapsed, speed: speed, areaWidth: areaWidth, textWidth: textWidth)
    }

    /// Where a ticker's words come from, and how often they are read again, in seconds.
    public var tickerSource: (location: String, isAddress: Bool, every: Double)? {
        guard case .ticker(_, let source?, let minutes, _) = content else { return nil }
        let lowered = source.lowercased()
        return (source, lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), Double(minutes) * 60)
    }

    /// The words a ticker shows of its file's first bytes (one line, bounded); nil when none.
    public static func tickerLine(from data: Data) -> String? { TickerText.line(from: data) }

    /// The bytes of a ticker file read at most.
    public static let tickerFileBytes = TickerText.maximumFileBytes

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
