/// Which sources a tile may open. GStreamer has a source for many URI schemes (`icy`, `fd`,
/// `v4l2`, `rfb`, `sftp` and `smb` through gvfs, ...), and a wall opens few: paths and `file://`,
/// `http(s)` (HLS and DASH over them too), and the live streams `rtsp`, `srt` and `udp` when the
/// user named them (on the command line, or in a layout or playlist on this machine), not when a
/// remote client or a leader did.
public enum SourceSchemes {
    static let web: Set<String> = ["http", "https"]
    static let streams: Set<String> = ["rtsp", "rtsps", "srt", "udp"]

    /// Why `source` may not play, in words; nil when it may. `namedByUser`: the user named it
    /// on this machine.
    public static func refusal(of source: String, namedByUser: Bool) -> String? {
        guard let scheme = scheme(of: source) else { return nil }
        if scheme == "file" || web.contains(scheme) { return nil }
        if streams.contains(scheme) {
            return namedByUser ? nil : "\(scheme):// streams play only when named on this machine (the command line, a layout or a playlist file)"
        }
        return "the scheme \(TerminalText.quoted(scheme, limit: 32)) is not allowed: a tile plays paths, file://, http(s) (HLS over it too), and rtsp, srt or udp streams named on this machine"
    }

    /// `source` as a message, a report or a log may show it: a URL's user and password
    /// (`user:secret@`) and its query (`?token=...`) become `***`; a path is as it is.
    public static func redacted(_ source: String) -> String {
        guard scheme(of: source) != nil, let separator = source.range(of: "://") else { return source }
        let head = source[..<separator.upperBound]
        var rest = source[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") { rest = "***" + rest[at...] }
        guard let question = rest.firstIndex(of: "?") else { return String(head + rest) }
        let fragment = rest[question...].firstIndex(of: "#") ?? rest.endIndex
        return String(head + rest[..<question] + "?***" + rest[fragment...])
    }

    /// `text` (an error's detail, GStreamer's or a server's) with every URL in it redacted as
    /// `redacted(_:)` does: a URL runs from its scheme to the first space, quote or bracket.
    public static func redactedWithin(_ text: String) -> String {
        guard text.contains("://") else { return text }
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            // A scheme starts at a letter not preceded by a scheme character, and ends at "://".
            guard characters[index].isASCII, characters[index].isLetter,
                  index == 0 || !isSchemeCharacter(characters[index - 1]) else {
                result.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, isSchemeCharacter(characters[end]) { end += 1 }
            guard end + 2 < characters.count, characters[end] == ":", characters[end + 1] == "/", characters[end + 2] == "/" else {
                result.append(contentsOf: characters[index..<end])
                index = end
                continue
            }
            while end < characters.count, !endsURL(characters[end]) { end += 1 }
            result += redacted(String(characters[index..<end]))
            index = end
        }
        return result
    }

    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
    }

    private static func endsURL(_ character: Character) -> Bool {
        character.isWhitespace || "\"'<>()[]{}`".contains(character)
    }

    /// The scheme before `://`, lower-cased; nil for a path.
    static func scheme(of source: String) -> String? {
        guard let colon = source.firstIndex(of: ":"), source[colon...].hasPrefix("://"), colon > source.startIndex,
              source[..<colon].allSatisfy(isSchemeCharacter) else { return nil }
        return source[..<colon].lowercased()
    }
}
