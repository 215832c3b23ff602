import Yams

/// A region's `playlist:` read out of a layout's text and written back into it, as the web
/// control page edits it: each item as the fields a layout gives it (`source`, `in`, `out`,
/// `duration`, `speed`, `reverse`, `flip`, `days`, `from`, `until`, `start`, `end`), as text.
///
/// The document is composed and the one region's `playlist:` replaced; the new text must pass
/// `LayoutParser` (the rules the wall applies at start), so what is saved always loads. Only
/// the list's own lines are written anew: every other line, its comments included, is kept as
/// the user wrote it. (Where the list's lines cannot be told apart, a region written in flow
/// style on one line, the whole document is written out again, and its comments are lost:
/// Yams composes none.)
package enum LayoutPlaylistText {
    /// One item: field name to its text, from `LayoutParser.itemKeys`.
    package typealias Item = [String: String]

    /// The longest text one field may hold (a path or URI is far shorter).
    package static let longestField = 4096

    /// Region `region`'s (from 0) items, or nil when it has no `playlist:` (it plays a
    /// `source:`, which may be a folder or a playlist file).
    package static func items(in yaml: String, region: Int, sourceName: String) throws(LayoutError) -> [Item]? {
        let root = try compose(yaml, sourceName: sourceName)
        let regionNode = try regionMapping(root, region: region, sourceName: sourceName).mapping
        guard case .sequence(let entries)? = regionNode?["playlist"] else { return nil }
        return entries.map { entry in
            if let scalar = entry.scalar { return ["source": scalar.string] }
            var item: Item = [:]
            for (key, value) in entry.mapping ?? [:] {
                guard let name = key.scalar?.string else { continue }
                switch value {
                case .scalar(let scalar): item[name] = scalar.string
                case .sequence(let list): item[name] = list.compactMap { $0.scalar?.string }.joined(separator: ", ")
                default: continue
                }
            }
            return item
        }
    }

    /// `yaml` with region `region`'s `playlist:` replaced by `items`; throws why when the
    /// region has none to replace (a `source:` stays the region's own) or when the result would
    /// not load (an unknown field, a bad time, an empty list: the parser's own messages).
    package static func replacing(in yaml: String, region: Int, with items: [Item], sourceName: String) throws(LayoutError) -> String {
        guard !items.isEmpty else { throw LayoutError(file: sourceName, line: nil, message: "a playlist needs at least one item") }
        guard items.count <= Playlist.maximumItems else {
            throw LayoutError(file: sourceName, line: nil, message: "a playlist holds at most \(Playlist.maximumItems) items, got \(items.count)")
        }
        var root = try compose(yaml, sourceName: sourceName)
        guard var document = root.mapping, case .sequence(var regions)? = document["regions"] else {
            throw LayoutError(file: sourceName, line: nil, message: "the layout has no 'regions' list")
        }
        guard var regionNode = try regionMapping(root, region: region, sourceName: sourceName).mapping else {
            throw LayoutError(file: sourceName, line: nil, message: "region \(region + 1) is not a mapping")
        }
        guard regionNode["playlist"] != nil else {
            throw LayoutError(file: sourceName, line: nil,
                              message: "region \(region + 1) plays a source, not a playlist of its own: edit its folder or playlist file instead")
        }
        var nodes: [Node] = []
        for (index, item) in items.enumerated() {
            nodes.append(try node(of: item, number: index + 1, sourceName: sourceName))
        }
        let key = regionNode.first { $0.key.scalar?.string == "playlist" }?.key.mark
        let playlist = Node.sequence(Node.Sequence(nodes))
        regionNode["playlist"] = playlist
        regions[region] = .mapping(regionNode)
        document["regions"] = .sequence(regions)
        root = .mapping(document)
        var text: String
        // The list's lines replaced in the user's text, kept only if it reads back as the
        // document edited as a whole.
        if let key, let spliced = splicing(playlist, into: yaml, at: key), (try? Yams.compose(yaml: spliced)) == root {
            text = spliced
        } else {
            do { text = try Yams.serialize(node: root, width: -1, allowUnicode: true) } catch {
                throw LayoutError(file: sourceName, line: nil, message: "the layout could not be written out (\(error))")
            }
        }
        guard text.utf8.count <= LayoutLimits.maximumFileSize else {
            throw LayoutError(file: sourceName, line: nil, message: "the layout would be larger than \(LayoutLimits.maximumFileSize / 1024) KB, more than a layout may be")
        }
        _ = try LayoutParser.parse(yaml: text, sourceName: sourceName)
        return text
    }

    /// `yaml` with the lines of a `playlist:` whose key is at `key` (from its key to the last
    /// line of its list) replaced by `playlist` written out in block style at the key's place;
    /// nil when the key does not begin its line's content (a region in flow style).
    private static func splicing(_ playlist: Node, into yaml: String, at key: Mark) -> String? {
        var lines = yaml.components(separatedBy: "\n")
        let keyLine = key.line - 1, keyColumn = key.column - 1
        guard lines.indices.contains(keyLine) else { return nil }
        let scalars = Array(lines[keyLine].unicodeScalars)
        guard keyColumn <= scalars.count else { return nil }
        let prefix = String(String.UnicodeScalarView(scalars[..<keyColumn]))
        guard prefix.allSatisfy({ $0 == " " || $0 == "-" }) else { return nil }
        // The list runs on while lines are indented further than its key, or as far with a
        // dash (a block sequence may sit at its key's indentation); blank and comment lines
        // inside it go with it, those after it stay.
        var last = keyLine
        for index in lines.indices.dropFirst(keyLine + 1) {
            let line = lines[index]
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") { continue }
            let indent = line.count - content.count
            guard indent > keyColumn || (indent == keyColumn && (content == "-" || content.hasPrefix("- "))) else { break }
            last = index
        }
        guard let written = try? Yams.serialize(node: .mapping(Node.Mapping([(Node("playlist"), playlist)])), width: -1, allowUnicode: true) else {
            return nil
        }
        var block = written.components(separatedBy: "\n")
        if block.last == "" { block.removeLast() }
        guard let first = block.first else { return nil }
        let pad = String(repeating: " ", count: keyColumn)
        lines.replaceSubrange(keyLine...last, with: [prefix + first] + block.dropFirst().map { pad + $0 })
        return lines.joined(separator: "\n")
    }

    private static func compose(_ yaml: String, sourceName: String) throws(LayoutError) -> Node {
        try YAMLPreflight.check(yaml, file: sourceName)
        let composed: Node?
        do { composed = try Yams.compose(yaml: yaml) } catch {
            throw LayoutError(file: sourceName, line: nil, message: "the layout is not valid YAML now; fix it by hand first")
        }
        guard let composed else { throw LayoutError(file: sourceName, line: nil, message: "the layout is empty") }
        return composed
    }

    private static func regionMapping(_ root: Node, region: Int, sourceName: String) throws(LayoutError) -> Node {
        guard case .sequence(let regions)? = root.mapping?["regions"], regions.indices.contains(region) else {
            throw LayoutError(file: sourceName, line: nil, message: "the layout has no region \(region + 1)")
        }
        return regions[region]
    }

    /// An item with only a source is written as the source alone, as people write them.
    private static func node(of item: Item, number: Int, sourceName: String) throws(LayoutError) -> Node {
        let prefix = "playlist item \(number): "
        for (key, value) in item {
            guard LayoutParser.itemKeys.contains(key) else {
                throw LayoutError(file: sourceName, line: nil, message: prefix + "unknown field \(TerminalText.quoted(key, limit: 40))")
            }
            guard value.utf8.count <= longestField, !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw LayoutError(file: sourceName, line: nil, message: prefix + "'\(key)' is longer than \(longestField) bytes or holds control characters")
            }
        }
        let fields = item.filter { !$0.value.isEmpty }
        guard let source = fields["source"] else {
            throw LayoutError(file: sourceName, line: nil, message: prefix + "missing required key 'source'")
        }
        if fields.count == 1 { return text(source) }
        let pairs = LayoutParser.itemKeys.compactMap { key -> (Node, Node)? in
            guard let value = fields[key] else { return nil }
            // Numbers and yes/no as written; everything else quoted, so a name like "no" or
            // "1:30" is read back as the text it is.
            let plain = key == "speed" || key == "reverse"
            return (Node(key), plain ? Node(value) : text(value))
        }
        return .mapping(Node.Mapping(pairs))
    }

    private static func text(_ value: String) -> Node {
        .scalar(Node.Scalar(value, .implicit, .doubleQuoted))
    }
}
