import Foundation

/// Finds layouts by name or path.
public enum LayoutCatalog {
    /// The layout used when none is asked for: the smallest shipped one that shows every source.
    /// More than four sources still get the 2x2 grid, so the assignment step reports the overflow.
    public static func builtInName(forSourceCount count: Int) -> String {
        switch count {
        case ...1: "single"
        case 2: "side-by-side"
        default: "grid-2x2"
        }
    }

    /// Treats `nameOrPath` as a file path when it contains '/' or ends in .yaml/.yml (so `./x` and
    /// `x.yaml` both work), otherwise looks for NAME.yaml in `searchDirectories`, first match wins.
    public static func resolve(nameOrPath: String, searchDirectories: [String]) throws(LayoutError) -> Layout {
        try resolveWithText(nameOrPath: nameOrPath, searchDirectories: searchDirectories).layout
    }

    /// `resolve`, with the text of the file it was read from (nil for a built-in layout): a
    /// leader hands it to its followers, which parse it as their own.
    public static func resolveWithText(nameOrPath: String, searchDirectories: [String]) throws(LayoutError) -> (layout: Layout, text: String?) {
        if isPath(nameOrPath) {
            let read = try LayoutParser.loadWithText(path: nameOrPath)
            return (read.layout, read.text)
        }
        for directory in searchDirectories {
            let candidate = (directory as NSString).appendingPathComponent(nameOrPath + ".yaml")
            if FileManager.default.fileExists(atPath: candidate) {
                let read = try LayoutParser.loadWithText(path: candidate)
                return (read.layout, read.text)
            }
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

    public static func isPath(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml")
    }

    /// Names of the .yaml files in the directories, sorted and without repeats (for help and errors).
    public static func availableNames(in directories: [String]) -> [String] {
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
