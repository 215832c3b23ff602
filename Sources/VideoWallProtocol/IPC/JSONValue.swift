import VideoWallCore
import Foundation

/// One JSON value, as the remote-control protocol carries it (mpv's `mpv_node`).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deepest nesting a message may have. The decoder recurses once per level: a line of
    /// 60,000 `[` would otherwise exhaust the stack (see `JSONPreflight`).
    public static let maximumDepth = 32

    /// Parses one JSON text; nil when it is not JSON or nests deeper than `maximumDepth`.
    public init?(parsing text: Substring) {
        guard JSONPreflight.depth(of: text).map({ $0 <= Self.maximumDepth }) == true,
              let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return nil }
        self = value
    }

    /// The value as compact JSON on one line (keys sorted, so replies are stable).
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "null" }
        return text
    }

    /// A number, kept JSON-safe: nil, NaN and infinities (which JSON cannot carry) become null.
    public static func finite(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var doubleValue: Double? { if case .number(let n) = self { n } else { nil } }

    /// A whole number within `Int`'s range (`3`, `3.0`), nil otherwise.
    public var intValue: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let string = try? container.decode(String.self) { self = .string(string) }
        else if let array = try? container.decode([JSONValue].self) { self = .array(array) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n) where !n.isFinite:
            try container.encodeNil()  // JSON has no NaN or infinity
        case .number(let n):
            // Whole numbers as integers (`"request_id":7`, not `7.0`), as mpv writes them.
            if n.rounded() == n, abs(n) < 9.0e15 { try container.encode(Int64(n)) } else { try container.encode(n) }
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }
}

/// How deeply a JSON text nests, counted without parsing it (brackets outside strings), so
/// that hostile nesting is refused before a recursive decoder sees it.
enum JSONPreflight {
    /// The deepest nesting, or nil when the brackets do not balance.
    static func depth(of text: Substring) -> Int? {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false }
                else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth < 0 { return nil }
            default: break
            }
        }
        return depth == 0 && !inString ? deepest : nil
    }
}
