import Foundation

/// Something drawn over the video from the layout (`overlays:`): a clock, a line of text, a
/// ticker or an image (a logo), placed over the whole wall or over one region, in fractions of
/// that area.
package struct LayoutOverlay: Sendable, Equatable {
    package enum Content: Sendable, Equatable {
        /// The time now, written with a Unicode date pattern (`HH:mm`, `EEE d MMM HH:mm:ss`) in
        /// `timeZone` (an IANA name; nil: the machine's own).
        case clock(format: String, timeZone: String?)
        case text(String)
        /// A PNG or JPEG file.
        case image(path: String)
        /// Text scrolling from right to left across the area, `speed` of its width a second:
        /// the words given, or a file's first line(s) read again every `refreshMinutes`.
        case ticker(text: String?, source: String?, refreshMinutes: Int, speed: Double)
    }

    package var content: Content
    /// The region it is placed over (0-based), or nil: the whole wall.
    package var region: Int?
    /// The screen of the layout's canvas it is drawn on (`screen:`), or nil: every screen.
    package var screen: String?
    /// Its top left corner, in fractions of the area.
    package var x: Double
    package var y: Double
    /// A text's line height, or an image's height, in fractions of the area's height.
    package var size: Double
    package var color: RGBColor
    /// A box behind a text (nil: none, the text is outlined instead so it reads on any picture).
    package var background: RGBColor?
    package var opacity: Double

    package init(content: Content, region: Int? = nil, x: Double = 0.02, y: Double = 0.02, size: Double = 0.06,
                 color: RGBColor = RGBColor(red: 255, green: 255, blue: 255), background: RGBColor? = nil, opacity: Double = 1) {
        self.content = content
        self.region = region
        self.x = x
        self.y = y
        self.size = size
        self.color = color
        self.background = background
        self.opacity = opacity
    }
}

/// What a clock overlay shows at an instant.
package enum OverlayClock {
    /// `date` written with `format` (a Unicode date pattern) in `timeZone` (nil: the machine's),
    /// in the POSIX locale, so a wall of several machines shows the same text.
    package static func text(at date: Date, format: String, timeZone: TimeZone?) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone ?? .current
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// The seconds from `date` to the next whole second: when the text can next change.
    package static func untilNextSecond(after date: Date) -> Double {
        let seconds = date.timeIntervalSince1970
        return max(0.001, seconds.rounded(.down) + 1 - seconds)
    }
}

/// What a ticker shows of its file: the text as one line, bounded.
package enum TickerText {
    /// `data` (a file's first bytes) as one line of at most `LayoutLimits.maximumTickerLength`
    /// characters: invalid UTF-8 replaced, lines joined with a bullet, control characters
    /// and surrounding blanks dropped; nil when nothing is left.
    package static func line(from data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.filter { $0.properties.generalCategory != .control }))
                .trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        return String(lines.joined(separator: "  •  ").prefix(LayoutLimits.maximumTickerLength))
    }

    /// How far a ticker has moved at `elapsed` seconds: its text starts at the area's right
    /// edge and leaves at the left, then comes back from the right; `x` is its left edge
    /// from the area's left, in pixels.
    package static func x(elapsed: Double, speed: Double, areaWidth: Int, textWidth: Int) -> Int {
        let width = Double(max(1, areaWidth)), lap = width + Double(max(1, textWidth))
        let travelled = (elapsed * speed * width).truncatingRemainder(dividingBy: lap)
        return Int((width - travelled).rounded(.down))
    }

    /// The bytes of a ticker file read at most.
    package static let maximumFileBytes = 16 * 1024
}
