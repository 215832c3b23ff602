import Foundation
import VideoWallCore

/// Reads the playlists a tile's source may be: an `.m3u`/`.m3u8` file or a folder. Blocking
/// file I/O: called off the main thread (`Wall.load` detaches it).
package enum PlaylistLoader {
    /// The largest playlist file read (a list of 10,000 paths is well under it).
    package static let maximumFileSize = 4 * 1024 * 1024

    /// What a source turned out to be: a playlist's items with the warnings about entries left
    /// out, or nil when the source is a single medium (a file or URI to play as it is).
    package struct Expansion: Sendable {
        package var items: [PlaylistItem]
        package var warnings: [String]
        /// The folder's absolute path, when the source is a folder.
        package var folder: String? = nil
    }

    package static func expand(_ source: String) throws(PlaylistError) -> Expansion? {
        let path = source.hasPrefix("file://") ? (URL(string: source)?.path ?? source) : source
        if source.contains("://") && !source.hasPrefix("file://") { return nil }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return try folder(path)
        }
        guard M3UPlaylist.isPlaylistName(path) else { return nil }
        return try file(path)
    }

    /// Tags only an HLS playlist carries: such a file is a stream for hlsdemux, not a list of items.
    static let hlsTags = ["#EXT-X-TARGETDURATION", "#EXT-X-STREAM-INF", "#EXT-X-MEDIA-SEQUENCE"]

    /// nil for a local HLS playlist (played as one stream).
    static func file(_ path: String) throws(PlaylistError) -> Expansion? {
        let absolute = absolutePath(path)
        guard let handle = FileHandle(forReadingAtPath: absolute) else {
            let missing = !FileManager.default.fileExists(atPath: absolute)
            throw PlaylistError(file: path, line: nil, message: missing ? "no such playlist file" : "cannot read the playlist file")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maximumFileSize + 1)) ?? Data()
        guard data.count <= maximumFileSize else {
            throw PlaylistError(file: path, line: nil, message: "the file is larger than \(maximumFileSize / 1024 / 1024) MB: that is not a playlist")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PlaylistError(file: path, line: firstBadLine(data), message: "the file is not UTF-8 text")
        }
        if hlsTags.contains(where: text.contains) { return nil }
        let folder = (absolute as NSString).deletingLastPathComponent
        let (items, warning) = try M3UPlaylist.parse(text, file: path, folder: folder)
        return Expansion(items: items, warnings: warning.map { [$0] } ?? [])
    }

    static func folder(_ path: String) throws(PlaylistError) -> Expansion {
        let absolute = absolutePath(path)
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: absolute) } catch {
            throw PlaylistError(file: path, line: nil, message: "cannot list the folder")
        }
        var media = FolderPlaylist.mediaNames(names)
        var warnings: [String] = []
        if media.count > Playlist.maximumItems {
            warnings.append("\(path): only the first \(Playlist.maximumItems) files are played")
            media = Array(media.prefix(Playlist.maximumItems))
        }
        guard !media.isEmpty else {
            throw PlaylistError(file: path, line: nil, message: "the folder holds no video or image file")
        }
        return Expansion(items: media.map { PlaylistItem(location: absolute + "/" + $0) }, warnings: warnings, folder: absolute)
    }

    private static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The line of the first byte sequence that is not UTF-8.
    private static func firstBadLine(_ data: Data) -> Int {
        var line = 1, index = data.startIndex
        while index < data.endIndex {
            let end = data[index...].firstIndex(of: 0x0A) ?? data.endIndex
            if String(data: data[index..<end], encoding: .utf8) == nil { return line }
            line += 1
            index = end < data.endIndex ? data.index(after: end) : end
        }
        return line
    }
}
