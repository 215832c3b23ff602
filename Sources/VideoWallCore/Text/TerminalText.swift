/// Text that came from a user or a file, made safe to echo on a terminal: on one line, with no
/// character the terminal would obey instead of print, and short enough to read.
///
/// A message that echoes what it was given verbatim can print a whole file (`--layout
/// /etc/passwd`), break into many lines, or carry escape sequences that recolour, retitle or
/// rewrite the user's terminal. Every user-supplied string in an error, a warning or a log line
/// goes through here.
public enum TerminalText {
    /// Characters a value from inside a file may take in a message (a YAML value, a key, a label).
    public static let valueLimit = 80
    /// Characters a name the user gave may take (a path or a URI): longer, since the whole name
    /// usually matters, and cut in the middle so the file name at the end stays.
    public static let nameLimit = 160

    static let ellipsis: Character = "…"

    /// "grid.yaml:7: message": the compiler style that editors and terminals make clickable, on
    /// one line: the file name (the user's) escaped and shortened in the middle if very long,
    /// the message escaped once more in case a quoted value slipped through.
    package static func located(file: String, line: Int?, message: String) -> String {
        let file = shortened(file, limit: nameLimit)
        let message = escaped(message)
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }

    /// `text` with every control, format and line-separator character written as an escape
    /// (`\n`, `\r`, `\t`, `\e`, `\x7f`, `\u{202e}`), so it stays on one line and sends the
    /// terminal nothing but printable characters. Nothing is cut. Backslashes are kept as they
    /// are: paths stay readable, at the price of a literal `\n` reading like an escaped one.
    package static func escaped(_ text: String) -> String {
        pieces(of: text).joined()
    }

    /// `escaped(text)` in at most `limit` characters: a longer one keeps its first two thirds and
    /// its last third around "…", cut between characters and never inside an escape.
    public static func shortened(_ text: String, limit: Int = valueLimit) -> String {
        let pieces = pieces(of: text)
        let widths = pieces.map(\.count)
        guard widths.reduce(0, +) > limit else { return pieces.joined() }
        guard limit > 1 else { return limit == 1 ? String(ellipsis) : "" }
        let budget = limit - 1
        var head = 0, headWidth = 0
        while head < pieces.count, headWidth + widths[head] <= budget * 2 / 3 {
            headWidth += widths[head]
            head += 1
        }
        var tail = pieces.count, tailWidth = 0
        while tail > head, tailWidth + widths[tail - 1] <= budget - headWidth {
            tailWidth += widths[tail - 1]
            tail -= 1
        }
        return pieces[..<head].joined() + String(ellipsis) + pieces[tail...].joined()
    }

    /// `shortened(text)` in single quotes: a value quoted inside a message ("got 'abc'").
    public static func quoted(_ text: String, limit: Int = valueLimit) -> String {
        "'" + shortened(text, limit: max(limit - 2, 1)) + "'"
    }

    /// One piece per character of `text`: the character itself, or its escape.
    private static func pieces(of text: String) -> [String] {
        text.map { character in
            guard character.unicodeScalars.contains(where: needsEscape) else { return String(character) }
            return character.unicodeScalars.map { needsEscape($0) ? escape($0) : String($0) }.joined()
        }
    }

    /// Controls (C0, DEL, C1), format characters (bidirectional overrides, zero-width ones) and
    /// the Unicode line and paragraph separators.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{1B}": return "\\e"
        default:
            let hex = String(scalar.value, radix: 16)
            return scalar.value < 0x80 ? "\\x" + (hex.count == 1 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
    }
}
