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

    /// The scheme before `://`, lower-cased; nil for a path.
    static func scheme(of source: String) -> String? {
        guard let colon = source.firstIndex(of: ":"), source[colon...].hasPrefix("://"), colon > source.startIndex,
              source[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return source[..<colon].lowercased()
    }
}
