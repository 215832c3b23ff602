import Foundation

/// Finds layouts by name or path.
package enum LayoutCatalog {
    /// The layout a wall without `--layout` uses: `AutoGrid`'s grid for sources of these
    /// display aspect ratios (nil: not known yet) on a canvas of `canvasAspect`, one region per
    /// source, up to 16. A shipped grid (`single`, `side-by-side`, `stacked`, `grid-2x2`) is
    /// looked up by name, so a file of that name in a layout folder is used instead.
    package static func automatic(sourceAspects: [Double?], canvasAspect: Double, searchDirectories: [String]) throws(LayoutError) -> Layout {
        let shape = AutoGrid.choose(aspects: sourceAspects, canvasAspect: canvasAspect)
        let generated = AutoGrid.layout(shape, count: sourceAspects.count)
        guard let name = AutoGrid.shippedName(shape), hasLayout(named: name, in: searchDirectories) else { return generated }
        return try resolve(nameOrPath: name, searchDirectories: searchDirectories)
    }

    /// Whether a layout of that name is compiled in or in one of the folders.
    static func hasLayout(named name: String, in directories: [String]) -> Bool {
        BuiltInLayouts.yaml[name] != nil
            || directories.contains { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent(name + ".yaml")) }
    }

    /// Treats `nameOrPath` as a file path when it contains '/' or ends in .yaml/.yml (so `./x` and
    /// `x.yaml` both work), otherwise looks for NAME.yaml in `searchDirectories`, first match wins.
    package static func resolve(nameOrPath: String, searchDirectories: [String]) throws(LayoutError) -> Layout {
        try resolveWithText(nameOrPath: nameOrPath, searchDirectories: searchDirectories).layout
    }

    /// `resolve`, with the text of the file it was read from (nil for a built-in layout): a
    /// leader hands it to its followers, which parse it as their own.
    package static func resolveWithText(nameOrPath: String, searchDirectories: [String]) throws(LayoutError) -> (layout: Layout, text: String?) {
        if let path = filePath(nameOrPath: nameOrPath, searchDirectories: searchDirectories) {
            let read = try LayoutParser.loadWithText(path: path)
            return (read.layout, read.text)
        }
        if let builtIn = BuiltInLayouts.layout(named: nameOrPath) { return (builtIn, nil) }
        let available = availableNames(in: searchDirectories)
        var message = "no layout named \(TerminalText.quoted(nameOrPath, limit: TerminalText.nameLimit))"
        message += searchDirectories.isEmpty
            ? " (no layout directories to search)"
            : " in \(searchDirectories.map { TerminalText.shortened($0, limit: TerminalText.nameLimit) }.joined(separator: ", "))"
        if !available.isEmpty {
            message += "; available: \(available.map { TerminalText.shortened($0) }.joined(separator: ", "))"
        }
        throw LayoutError(file: nameOrPath, line: nil, message: message)
    }

    /// The file `resolve` reads for `nameOrPath`; nil when it names a built-in layout (or none).
    package static func filePath(nameOrPath: String, searchDirectories: [String]) -> String? {
        if isPath(nameOrPath) { return nameOrPath }
        return searchDirectories.lazy.map { ($0 as NSString).appendingPathComponent(nameOrPath + ".yaml") }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    package static func isPath(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml")
    }

    /// Names of the .yaml files in the directories, sorted and without repeats (for help and errors).
    package static func availableNames(in directories: [String]) -> [String] {
        var names = Set<String>()
        for directory in directories {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for entry in entries where entry.hasSuffix(".yaml") {
                names.insert(String(entry.dropLast(".yaml".count)))
            }
        }
        return names.sorted()
    }
}
