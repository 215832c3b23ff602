import Foundation

/// Something drawn over the video from the layout (`overlays:`): a clock, a line of text or an
/// image (a logo), placed over the whole wall or over one region, in fractions of that area.
package struct LayoutOverlay: Sendable, Equatable {
    package enum Content: Sendable, Equatable {
        /// The time now, written with a Unicode date pattern (`HH:mm`, `EEE d MMM HH:mm:ss`) in
        /// `timeZone` (an IANA name; nil: the machine's own).
        case clock(format: String, timeZone: String?)
        case text(String)
        /// A PNG or JPEG file.
        case image(path: String)
    }

    package var content: Content
    /// The region it is placed over (0-based), or nil: the whole wall.
    package var region: Int?
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
