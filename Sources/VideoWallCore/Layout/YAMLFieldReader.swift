import Foundation
import Yams

/// Reads typed values out of composed YAML nodes, turning every mismatch into a `LayoutError` that
/// names the line. Typing goes by the tag YAML resolved (not by what a string could be coaxed into),
/// so `gap: "4"` is reported as text rather than silently accepted.
struct YAMLFieldReader {
    let file: String

    func error(at node: Node?, _ message: String) -> LayoutError {
        LayoutError(file: file, line: node?.mark?.line, message: message)
    }

    /// The keys of a mapping, rejecting unknown and repeated ones so typos never pass silently.
    func fields(of node: Node, allowed: [String], prefix: String) throws(LayoutError) -> YAMLFields {
        guard let mapping = node.mapping else {
            throw error(at: node, "\(prefix)expected keys like '\(allowed[0]):', got \(describe(node))")
        }
        var entries: [String: (key: Node, value: Node)] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string, key.tagName != .null else {
                throw error(at: key, "\(prefix)keys must be plain names, got \(describe(key))")
            }
            guard allowed.contains(name) else {
                throw error(at: key, "\(prefix)unknown key \(TerminalText.quoted(name)) \(Self.hint(for: name, allowed: allowed))")
            }
            guard entries[name] == nil else {
                throw error(at: key, "\(prefix)duplicate key '\(name)'")
            }
            entries[name] = (key, value)
        }
        return YAMLFields(owner: node, prefix: prefix, entries: entries, reader: self)
    }

    /// How a value appears in messages: plain scalars as written, quoted ones with their quotes
    /// (the usual cause of "not a number" surprises), containers and nulls by kind. A value is
    /// escaped and shortened: a file that is not a layout at all (`/etc/passwd`) is one long
    /// scalar, and must not be printed whole.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if node.tagName == .null { return "nothing" }
            switch scalar.style {
            case .singleQuoted, .doubleQuoted:
                return "\"\(TerminalText.shortened(scalar.string, limit: TerminalText.valueLimit - 2))\" (text in quotes)"
            default: return TerminalText.quoted(scalar.string)
            }
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    /// The value of a scalar YAML reads as an integer, or nil when it is none or does not fit an
    /// Int. YAML 1.1 also reads base-60 integers (`1:30:00`), and Yams multiplies those out with
    /// trapping arithmetic (`gap: 9223372036854775807:59` crashed the program): a layout has no
    /// use for them, so they are refused before Yams sees them.
    func wholeNumber(_ node: Node) -> Int? {
        guard node.tagName == .int, let text = node.scalar?.string, !text.contains(":") else { return nil }
        return node.int
    }

    static func hint(for name: String, allowed: [String]) -> String {
        let closest = allowed.map { ($0, editDistance(name.lowercased(), $0)) }.min { $0.1 < $1.1 }
        if let closest, closest.1 <= 2 { return "(did you mean '\(closest.0)'?)" }
        return "(expected one of: \(allowed.joined(separator: ", ")))"
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// One mapping's checked entries, with typed accessors that return nil for absent keys.
struct YAMLFields {
    let owner: Node
    let prefix: String
    let entries: [String: (key: Node, value: Node)]
    let reader: YAMLFieldReader

    func node(_ key: String) -> Node? { entries[key]?.value }

    func fail(_ key: String, _ message: String) -> LayoutError {
        reader.error(at: entries[key]?.value ?? owner, prefix + message)
    }

    func required(_ key: String) throws(LayoutError) -> Node {
        guard let node = node(key) else {
            throw reader.error(at: owner, "\(prefix)missing required key '\(key)'")
        }
        return node
    }

    func number(_ key: String) throws(LayoutError) -> Double? {
        guard let node = node(key) else { return nil }
        guard [.int, .float].contains(node.tagName), let value = node.float, value.isFinite else {
            throw fail(key, "'\(key)' must be a number, got \(reader.describe(node))")
        }
        return value
    }

    /// A whole number within `range`; the message gives the range, so every refusal says what
    /// would have been accepted.
    func integer(_ key: String, in range: ClosedRange<Int>, unit: String? = nil) throws(LayoutError) -> Int? {
        guard let node = node(key) else { return nil }
        guard let value = reader.wholeNumber(node), range.contains(value) else {
            throw fail(key, "'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)"
                + (unit.map { " " + $0 } ?? "") + ", got \(reader.describe(node))")
        }
        return value
    }

    func bool(_ key: String) throws(LayoutError) -> Bool? {
        guard let node = node(key) else { return nil }
        guard node.tagName == .bool, let value = node.bool else {
            throw fail(key, "'\(key)' must be true or false, got \(reader.describe(node))")
        }
        return value
    }

    /// Any scalar reads as text (so `label: 2020` works); only nulls and containers are refused.
    func text(_ key: String) throws(LayoutError) -> String? {
        guard let node = node(key) else { return nil }
        guard let scalar = node.scalar, node.tagName != .null else {
            throw fail(key, "'\(key)' must be text, got \(reader.describe(node))")
        }
        return scalar.string
    }
}

/// Compact numbers for messages: "1.2" rather than "1.2000000000000002".
func formatNumber(_ value: Double) -> String {
    String(format: "%g", value)
}

extension Node {
    /// The resolved tag's name (Yams keeps `Tag.name` internal, but its description is the name).
    var tagName: Tag.Name { Tag.Name(rawValue: tag.description) }
}
