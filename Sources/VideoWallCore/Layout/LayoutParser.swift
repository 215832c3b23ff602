import Foundation
import Yams

/// Reads layout files. See layouts/*.yaml for the format; every error names the file and line.
package enum LayoutParser {
    package static let maximumRegionCount = 16

    /// Fractions may overshoot 1 by this much: hand-written thirds (0.3333333333, 0.6666666667) must pass.
    package static let tolerance = 1e-9

    static let layoutKeys = ["name", "background", "gap", "regions", "sync", "canvas", "screens", "overlays", "power"]
    static let regionKeys = ["x", "y", "width", "height", "fit", "source", "mute", "volume", "loop", "label", "z", "offset", "playlist", "rotate"]
        + scheduleKeys

    /// - Parameter sourceName: how errors name the file; its last path component without extension
    ///   is also the layout's name when the file gives none.
    package static func parse(yaml: String, sourceName: String) throws(LayoutError) -> Layout {
        let reader = YAMLFieldReader(file: sourceName)
        try YAMLPreflight.check(yaml, file: sourceName)
        let composed: Node?
        do {
            composed = try Yams.compose(yaml: yaml)
        } catch {
            throw syntaxError(error, file: sourceName)
        }
        guard let root = composed, root.tagName != .null else {
            throw LayoutError(file: sourceName, line: composed?.mark?.line ?? 1,
                              message: "the layout is empty (it needs at least a 'regions' list)")
        }
        let fields = try reader.fields(of: root, allowed: layoutKeys, prefix: "")

        let name = try fields.text("name") ?? defaultName(for: sourceName)
        guard !name.isEmpty else { throw fields.fail("name", "'name' must not be empty") }

        var background = RGBColor.black
        if let node = fields.node("background") {
            guard let text = node.scalar?.string, node.tagName != .null, let colour = RGBColor(hex: text) else {
                throw fields.fail("background", "'background' must be a colour written \"#RRGGBB\" in quotes "
                    + "(an unquoted # starts a comment), got \(reader.describe(node))")
            }
            background = colour
        }

        let gap = try fields.integer("gap", in: LayoutLimits.gap, unit: "pixels") ?? 0

        let regionsNode = try fields.required("regions")
        guard case .sequence(let sequence) = regionsNode else {
            throw fields.fail("regions", "'regions' must be a list of regions, got \(reader.describe(regionsNode))")
        }
        let items = Array(sequence)
        guard !items.isEmpty else {
            throw reader.error(at: fields.entries["regions"]?.key, "'regions' must list at least one region")
        }
        guard items.count <= maximumRegionCount else {
            throw reader.error(at: items[maximumRegionCount],
                               "'regions' lists \(items.count) regions but at most \(maximumRegionCount) are allowed")
        }
        var regions: [LayoutRegion] = []
        for (index, item) in items.enumerated() {
            regions.append(try region(item, number: index + 1, reader: reader))
        }
        var syncItems = false
        if let sync = try fields.text("sync") {
            guard ["items", "none"].contains(sync) else {
                throw fields.fail("sync", "'sync' must be items (every region changes item together) or none, got \(TerminalText.quoted(sync))")
            }
            syncItems = sync == "items"
        }
        var layout = Layout(name: name, background: background, gap: gap, regions: regions, syncItems: syncItems)
        layout.canvas = try canvas(fields, reader: reader)
        layout.overlays = try overlays(fields, regionCount: regions.count, screens: layout.canvas?.screens.map(\.name) ?? [], reader: reader)
        layout.power = try power(fields, reader: reader)
        return layout
    }

    /// Reads and parses a file; unreadable files are reported as a `LayoutError` naming the path.
    /// Only a regular file is read (opened without blocking, so a FIFO nobody writes to is
    /// refused at once rather than waited on), and at most `LayoutLimits.maximumFileSize` bytes
    /// of it, so a huge file is refused rather than read to the end.
    package static func load(path: String) throws(LayoutError) -> Layout {
        try loadWithText(path: path).layout
    }

    /// `load(path:)`, with the text the layout was read from (a leader hands it to its followers).
    package static func loadWithText(path: String) throws(LayoutError) -> (layout: Layout, text: String) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such layout file" : "cannot read layout file (\(String(cString: strerror(errno))))"
            throw LayoutError(file: path, line: nil, message: reason)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw LayoutError(file: path, line: nil, message: "is not a regular file")
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= LayoutLimits.maximumFileSize {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw LayoutError(file: path, line: nil, message: "cannot read layout file (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        let text = try text(of: data, sourceName: path)
        return (try parse(yaml: text, sourceName: path), text)
    }

    /// Parses a file's bytes: they must be UTF-8 (the error names the line of the first bad byte).
    package static func parse(data: Data, sourceName: String) throws(LayoutError) -> Layout {
        try parse(yaml: text(of: data, sourceName: sourceName), sourceName: sourceName)
    }

    private static func text(of data: Data, sourceName: String) throws(LayoutError) -> String {
        guard data.count <= LayoutLimits.maximumFileSize else {
            throw LayoutError.tooLarge(sourceName)
        }
        var bytes = data.makeIterator(), decoder = UTF8(), line = 1, scalars = String.UnicodeScalarView()
        decoding: while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                if scalar == "\n" { line += 1 }
            case .emptyInput: break decoding
            case .error:
                throw LayoutError(file: sourceName, line: line, message: "the file is not UTF-8 text")
            }
        }
        return String(scalars)
    }

    static func defaultName(for sourceName: String) -> String {
        URL(fileURLWithPath: sourceName).deletingPathExtension().lastPathComponent
    }

    private static func region(_ node: Node, number: Int, reader: YAMLFieldReader) throws(LayoutError) -> LayoutRegion {
        let prefix = "region \(number): "
        guard node.mapping != nil else {
            throw reader.error(at: node, "region \(number) must be a mapping with x, y, width and height, "
                + "got \(reader.describe(node))")
        }
        let fields = try reader.fields(of: node, allowed: regionKeys, prefix: prefix)
        for key in ["x", "y", "width", "height"] { _ = try fields.required(key) }

        // Required keys were checked just above, so the force-free defaults below are never used.
        let x = try fields.number("x") ?? 0
        let y = try fields.number("y") ?? 0
        let width = try fields.number("width") ?? 0
        let height = try fields.number("height") ?? 0
        for (key, value) in [("x", x), ("y", y)] where !(0...1).contains(value) {
            throw fields.fail(key, "'\(key)' must be between 0 and 1, got \(formatNumber(value))")
        }
        for (key, value) in [("width", width), ("height", height)] where !(value > 0 && value <= 1 + tolerance) {
            throw fields.fail(key, "'\(key)' must be more than 0 and at most 1, got \(formatNumber(value))")
        }
        if x + width > 1 + tolerance {
            throw fields.fail("width", "x + width = \(formatNumber(x + width)) is outside the window (must be <= 1)")
        }
        if y + height > 1 + tolerance {
            throw fields.fail("height", "y + height = \(formatNumber(y + height)) is outside the window (must be <= 1)")
        }

        var fit = FitMode.fit
        if let text = try fields.text("fit") {
            guard let mode = FitMode(rawValue: text) else {
                let modes = FitMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw fields.fail("fit", "'fit' must be one of \(modes), got \(TerminalText.quoted(text))")
            }
            fit = mode
        }

        let volume = try fields.number("volume")
        if let volume, !(0...1).contains(volume) {
            throw fields.fail("volume", "'volume' must be between 0 and 1, got \(formatNumber(volume))")
        }

        let playlist = try playlist(fields, reader: reader)
        if playlist == nil, let key = scheduleKeys.first(where: { fields.node($0) != nil }) {
            throw fields.fail(key, "'\(key)' schedules a playlist: it needs a 'playlist' in the same region")
        }
        return LayoutRegion(
            frame: Rect(x: x, y: y, width: width, height: height),
            fit: fit,
            source: try source(fields, reader: reader),
            mute: try fields.bool("mute"),
            volume: volume,
            loop: try fields.bool("loop"),
            label: try label(fields),
            z: try fields.integer("z", in: LayoutLimits.z) ?? 0,
            offset: try offset(fields),
            playlist: playlist,
            rotate: try rotate(fields))
    }

    /// `rotate: 90`: clockwise quarter turns only.
    private static func rotate(_ fields: YAMLFields) throws(LayoutError) -> Int? {
        guard let degrees = try fields.integer("rotate", in: 0...270, unit: "degrees clockwise") else { return nil }
        guard PictureRotation.allowedDegrees.contains(degrees) else {
            throw fields.fail("rotate", "'rotate' must be 0, 90, 180 or 270 (degrees clockwise), got \(degrees)")
        }
        return degrees
    }

    /// `offset: 0.5`, `offset: -0.04` or `offset: 12f`.
    private static func offset(_ fields: YAMLFields) throws(LayoutError) -> TileOffset? {
        guard let text = try fields.text("offset") else { return nil }
        guard let offset = TileOffset(parsing: text) else {
            throw fields.fail("offset", "'offset' must be seconds (0.5, -0.04) or frames (12f), at most "
                + "\(Int(TileOffset.largest.seconds)) s or \(TileOffset.largestFrames) frames either way, got \(TerminalText.quoted(text))")
        }
        return offset
    }

    private static func label(_ fields: YAMLFields) throws(LayoutError) -> String? {
        guard let label = try fields.text("label") else { return nil }
        let limit = LayoutLimits.maximumLabelLength
        guard label.count <= limit else {
            throw fields.fail("label", "'label' must be at most \(limit) characters, got \(label.count): \(TerminalText.quoted(label))")
        }
        return label
    }

    private static func source(_ fields: YAMLFields, reader: YAMLFieldReader) throws(LayoutError) -> LayoutSource? {
        guard let node = fields.node("source") else { return nil }
        switch node.tagName {
        case .int:
            let range = LayoutLimits.sourceIndex
            guard let index = reader.wholeNumber(node), range.contains(index) else {
                throw fields.fail("source", "'source' must be a source number from \(range.lowerBound) to \(range.upperBound) "
                    + "(sources are numbered from 1), got \(reader.describe(node))")
            }
            return .index(index)
        case .str:
            guard let location = node.scalar?.string, !location.isEmpty else {
                throw fields.fail("source", "'source' must not be empty")
            }
            return .location(location)
        default:
            throw fields.fail("source", "'source' must be a source number (1, 2, ...) or a path or URI, "
                + "got \(reader.describe(node))")
        }
    }

    private static func syntaxError(_ error: any Error, file: String) -> LayoutError {
        let details: (context: YamlError.Context?, problem: String, mark: Mark)
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            details = (context, problem, mark)
        default:
            return LayoutError(file: file, line: nil, message: "not valid YAML (\(error))")
        }
        var message = "YAML syntax error: \(details.problem)"
        if let context = details.context {
            message += " (\(context.text) that starts on line \(context.mark.line))"
        }
        return LayoutError(file: file, line: details.mark.line, message: message)
    }
}
