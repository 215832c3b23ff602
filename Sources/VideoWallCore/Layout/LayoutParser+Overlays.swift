import Foundation
import Yams

/// `overlays:`: a list of clocks, texts and images drawn over the wall or a region.
extension LayoutParser {
    static let overlayKeys = ["clock", "text", "image", "ticker", "ticker-file", "ticker-url", "refresh", "speed", "timezone", "region", "screen", "x", "y", "size", "color",
                              "background", "opacity"]

    static func overlays(_ fields: YAMLFields, regionCount: Int, screens: [String], reader: YAMLFieldReader) throws(LayoutError) -> [LayoutOverlay] {
        guard let node = fields.node("overlays") else { return [] }
        guard case .sequence(let sequence) = node else {
            throw fields.fail("overlays", "'overlays' must be a list of overlays, got \(reader.describe(node))")
        }
        let items = Array(sequence)
        guard items.count <= LayoutLimits.maximumOverlays else {
            throw reader.error(at: items[LayoutLimits.maximumOverlays],
                               "'overlays' lists \(items.count) overlays but at most \(LayoutLimits.maximumOverlays) are allowed")
        }
        var overlays: [LayoutOverlay] = []
        for (index, item) in items.enumerated() {
            overlays.append(try overlay(item, number: index + 1, regionCount: regionCount, screens: screens, reader: reader))
        }
        return overlays
    }

    private static func overlay(_ node: Node, number: Int, regionCount: Int, screens: [String], reader: YAMLFieldReader) throws(LayoutError) -> LayoutOverlay {
        let prefix = "overlay \(number): "
        guard node.mapping != nil else {
            throw reader.error(at: node, "overlay \(number) must be a mapping with one of clock, text, image, ticker, ticker-file or ticker-url, got \(reader.describe(node))")
        }
        let fields = try reader.fields(of: node, allowed: overlayKeys, prefix: prefix)
        let kinds = ["clock", "text", "image", "ticker", "ticker-file", "ticker-url"].filter { fields.node($0) != nil }
        guard kinds.count == 1 else {
            throw reader.error(at: node, "overlay \(number) must have exactly one of clock, text, image, ticker, ticker-file or ticker-url, got "
                + (kinds.isEmpty ? "none" : kinds.joined(separator: " and ")))
        }
        let content: LayoutOverlay.Content
        switch kinds[0] {
        case "clock":
            let format = try fields.text("clock") ?? ""
            guard !format.isEmpty, format.count <= LayoutLimits.maximumClockFormatLength else {
                throw fields.fail("clock", "'clock' must be a date pattern such as \"HH:mm\" (1 to \(LayoutLimits.maximumClockFormatLength) characters), got \(TerminalText.quoted(format))")
            }
            var timeZone: String?
            if let name = try fields.text("timezone") {
                guard name.utf8.count <= 64, TimeZone(identifier: name) != nil else {
                    throw fields.fail("timezone", "'timezone' must be a time zone name such as Europe/Paris or UTC, got \(TerminalText.quoted(name))")
                }
                timeZone = name
            }
            content = .clock(format: format, timeZone: timeZone)
        case "text":
            let text = try fields.text("text") ?? ""
            guard !text.isEmpty, text.count <= LayoutLimits.maximumLabelLength else {
                throw fields.fail("text", "'text' must be 1 to \(LayoutLimits.maximumLabelLength) characters, got \(text.count)")
            }
            content = .text(text)
        case "image":
            let path = try fields.text("image") ?? ""
            guard !path.isEmpty, path.utf8.count <= 4096, !path.contains("\0") else {
                throw fields.fail("image", "'image' must be a PNG or JPEG file's path (1 to 4096 bytes)")
            }
            content = .image(path: path)
        default:
            var text: String?, source: String?
            if kinds[0] == "ticker" {
                let words = try fields.text("ticker") ?? ""
                guard !words.isEmpty, words.count <= LayoutLimits.maximumTickerLength else {
                    throw fields.fail("ticker", "'ticker' must be 1 to \(LayoutLimits.maximumTickerLength) characters, got \(words.count)")
                }
                text = words
            } else if kinds[0] == "ticker-url" {
                let url = try fields.text("ticker-url") ?? ""
                let lowered = url.lowercased()
                let host = lowered.hasPrefix("https://") ? lowered.dropFirst(8) : lowered.hasPrefix("http://") ? lowered.dropFirst(7) : ""
                guard !host.isEmpty, !host.hasPrefix("/"), url.utf8.count <= 2048,
                      !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 32 || $0.value == 127 }) else {
                    throw fields.fail("ticker-url", "'ticker-url' must be an http:// or https:// address (at most 2048 bytes, no spaces), got \(TerminalText.quoted(url))")
                }
                source = url
            } else {
                let path = try fields.text("ticker-file") ?? ""
                guard !path.isEmpty, path.utf8.count <= 4096, !path.contains("\0") else {
                    throw fields.fail("ticker-file", "'ticker-file' must be a text file's path (1 to 4096 bytes)")
                }
                source = path
            }
            let refresh = try fields.integer("refresh", in: 1...1440, unit: "minutes") ?? 5
            var speed = 0.1
            if let value = try fields.number("speed") {
                guard (0.01...2).contains(value) else {
                    throw fields.fail("speed", "'speed' must be between 0.01 and 2 (of the area's width a second), got \(formatNumber(value))")
                }
                speed = value
            }
            content = .ticker(text: text, source: source, refreshMinutes: refresh, speed: speed)
        }
        if fields.node("timezone") != nil, kinds[0] != "clock" {
            throw fields.fail("timezone", "'timezone' goes with a 'clock'")
        }
        if let key = ["refresh", "speed"].first(where: { fields.node($0) != nil }), !kinds[0].hasPrefix("ticker") {
            throw fields.fail(key, "'\(key)' goes with a 'ticker', 'ticker-file' or 'ticker-url'")
        }
        if fields.node("refresh") != nil, kinds[0] == "ticker" {
            throw fields.fail("refresh", "'refresh' goes with a 'ticker-file' or 'ticker-url' (a ticker's own words do not change)")
        }
        var overlay = LayoutOverlay(content: content)
        if let region = try fields.integer("region", in: 1...LayoutParser.maximumRegionCount) {
            guard region <= regionCount else {
                throw fields.fail("region", "'region' must name one of the layout's \(regionCount) regions (from 1), got \(region)")
            }
            overlay.region = region - 1
        }
        if let screen = try fields.text("screen") {
            guard !screens.isEmpty else {
                throw fields.fail("screen", "'screen' needs a layout with a canvas and screens (the overlay is drawn on that screen only)")
            }
            guard screens.contains(screen) else {
                throw fields.fail("screen", "'screen' must name one of the layout's screens ("
                    + screens.map { TerminalText.quoted($0) }.joined(separator: ", ") + "), got \(TerminalText.quoted(screen))")
            }
            overlay.screen = screen
        }
        for (key, keyPath) in [("x", \LayoutOverlay.x), ("y", \LayoutOverlay.y)] {
            guard let value = try fields.number(key) else { continue }
            guard (0...1).contains(value) else { throw fields.fail(key, "'\(key)' must be between 0 and 1, got \(formatNumber(value))") }
            overlay[keyPath: keyPath] = value
        }
        if let size = try fields.number("size") {
            guard (0.01...1).contains(size) else {
                throw fields.fail("size", "'size' must be between 0.01 and 1 (of the area's height), got \(formatNumber(size))")
            }
            overlay.size = size
        }
        if let opacity = try fields.number("opacity") {
            guard (0...1).contains(opacity) else { throw fields.fail("opacity", "'opacity' must be between 0 and 1, got \(formatNumber(opacity))") }
            overlay.opacity = opacity
        }
        for key in ["color", "background"] {
            guard let node = fields.node(key) else { continue }
            guard let text = node.scalar?.string, node.tagName != .null, let colour = RGBColor(hex: text) else {
                throw fields.fail(key, "'\(key)' must be a colour written \"#RRGGBB\" in quotes, got \(reader.describe(node))")
            }
            if key == "color" { overlay.color = colour } else { overlay.background = colour }
        }
        return overlay
    }
}
