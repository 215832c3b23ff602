import Foundation
import VideoWallCore

extension Coordinator {
    /// Turns each tile whose source is a playlist file or a folder, or that lists its items
    /// (`TileSpec.playlist`), into its items: the first as `source`, all of them as `playlist`.
    /// Files are read off the main thread, all tiles at once. Items that cannot play are left
    /// out with a warning each (a missing file; a still image, which tiles do not show yet); a
    /// playlist left with nothing is the tile's failure. A playlist of one item is that item.
    static func expandPlaylists(_ specs: [TileSpec]) async
        -> (specs: [TileSpec], failures: [Int: AssetError], skipped: [Int: [String]]) {
        let outcomes = await withTaskGroup(of: (Int, Result<PlaylistLoader.Expansion?, PlaylistError>).self) { group in
            for (index, spec) in specs.enumerated() {
                group.addTask {
                    if !spec.playlist.isEmpty {
                        return (index, .success(PlaylistLoader.Expansion(items: spec.playlist.map { PlaylistItem(location: $0) }, warnings: [])))
                    }
                    do throws(PlaylistError) { return (index, .success(try PlaylistLoader.expand(spec.source))) } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [Int: Result<PlaylistLoader.Expansion?, PlaylistError>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        var expanded = specs
        var failures: [Int: AssetError] = [:]
        var skipped: [Int: [String]] = [:]
        for (index, spec) in specs.enumerated() {
            switch outcomes[index] {
            case .failure(let error)?:
                failures[index] = AssetError(source: spec.source, reason: .playlist(error.lineAndMessage))
            case .success(let expansion?)?:
                skipped[index, default: []] += expansion.warnings
                var playable: [String] = []
                for item in expansion.items {
                    if let why = await Self.unplayableReason(item) {
                        skipped[index, default: []].append("skipped \(TerminalText.quoted(item.location, limit: TerminalText.nameLimit)): \(why)")
                    } else {
                        playable.append(item.location)
                    }
                }
                guard let first = playable.first else {
                    failures[index] = AssetError(source: spec.source, reason: .playlist("no item of the playlist can be played"))
                    continue
                }
                expanded[index].source = first
                expanded[index].playlist = playable.count > 1 ? playable : []
            default:
                break
            }
        }
        return (expanded, failures, skipped)
    }

    /// Why an item is left out before it is tried, or nil.
    private static func unplayableReason(_ item: PlaylistItem) async -> String? {
        if item.kind == .image { return "still images are not shown in playlists yet" }
        let location = item.location
        guard !location.contains("://") || location.hasPrefix("file://") else { return nil }
        let path = location.hasPrefix("file://") ? (URL(string: location)?.path ?? location) : location
        let exists = await Task.detached { FileManager.default.fileExists(atPath: path) }.value
        return exists ? nil : "file not found"
    }
}

extension PlaylistError {
    /// "line 3: ..." or the message alone: the tile's failure already names the file.
    var lineAndMessage: String { line.map { "line \($0): \(message)" } ?? message }
}
