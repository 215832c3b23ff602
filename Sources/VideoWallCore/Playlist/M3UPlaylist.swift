/// Reads `.m3u` and `.m3u8` playlists: one local path or URI a line, `#` lines (`#EXTM3U`,
/// `#EXTINF`) ignored, relative paths taken from the playlist's own folder.
package enum M3UPlaylist {
    /// Lines longer than this are refused (a path is at most 4096 bytes on Linux).
    package static let maximumLineLength = 8192

    /// - Parameters:
    ///   - text: the file's contents (decoded as UTF-8 by the caller; `.m3u` files in Latin-1
    ///     are refused there, naming the line).
    ///   - file: how errors name the playlist.
    ///   - folder: the absolute folder relative entries are read from.
    /// - Returns: the items and a warning when the list was cut at `Playlist.maximumItems`.
    package static func parse(_ text: String, file: String, folder: String) throws(PlaylistError) -> (items: [PlaylistItem], warning: String?) {
        var items: [PlaylistItem] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift: both line ends are separators.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let entry = line.trimmingCharacters(in: " \t")
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            guard entry.utf8.count <= maximumLineLength else {
                throw PlaylistError(file: file, line: lineNumber, message: "the line is longer than \(maximumLineLength) bytes: that is not a path")
            }
            guard !entry.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw PlaylistError(file: file, line: lineNumber, message: "the line holds control characters: \(TerminalText.quoted(entry))")
            }
            guard items.count < Playlist.maximumItems else {
                return (items, "\(file): only the first \(Playlist.maximumItems) entries are played")
            }
            items.append(PlaylistItem(location: resolve(entry, folder: folder)))
        }
        guard !items.isEmpty else {
            throw PlaylistError(file: file, line: nil, message: "the playlist names no file or URI")
        }
        return (items, nil)
    }

    /// A URI (`scheme://...`, `file:` included) is kept; an absolute path too; anything else is a
    /// path relative to `folder`.
    package static func resolve(_ entry: String, folder: String) -> String {
        if isURI(entry) || entry.hasPrefix("/") { return entry }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var relative = Substring(entry)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return base + "/" + relative
    }

    static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        return scheme.first!.isLetter && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && text[colon...].hasPrefix("://") || scheme == "file"
    }

    /// Whether a name reads as a playlist file rather than media.
    package static func isPlaylistName(_ location: String) -> Bool {
        ["m3u", "m3u8"].contains(PlaylistItem.nameExtension(location)) && !isURI(location)
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
