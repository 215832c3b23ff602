import Foundation
import VideoWallCore

extension Coordinator {
    /// Turns each tile whose source is a playlist file or a folder, or that lists its items
    /// (`TileSpec.playlist`), into its items: the first as `source`, all of them as `playlist`.
    /// Files are read off the main thread, all tiles at once. A still image becomes a one-frame
    /// clip lasting its duration (`StillClip`; the item's `duration`, else `imageDuration`).
    /// Items that cannot play are left out with a line each (a missing file, an image that
    /// cannot be read); a playlist left with nothing is the tile's failure. A playlist of one
    /// item is that item, played as a tile's only source.
    static func expandPlaylists(_ specs: [TileSpec], imageDuration: MediaTime) async
        -> (specs: [TileSpec], failures: [Int: AssetError], skipped: [Int: [String]]) {
        let outcomes = await withTaskGroup(of: (Int, Result<PlaylistLoader.Expansion?, PlaylistError>).self) { group in
            for (index, spec) in specs.enumerated() {
                group.addTask {
                    if !spec.playlist.isEmpty {
                        return (index, .success(PlaylistLoader.Expansion(items: spec.playlist, warnings: [])))
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
                var playable: [PlaylistItem] = []
                for item in expansion.items {
                    switch await Self.playable(item, imageDuration: imageDuration) {
                    case .success(let item): playable.append(item)
                    case .failure(let why):
                        skipped[index, default: []].append("skipped \(TerminalText.quoted(item.location, limit: TerminalText.nameLimit)): \(why.text)")
                    }
                }
                guard let first = playable.first else {
                    failures[index] = AssetError(source: spec.source, reason: .playlist("no item of the playlist can be played"))
                    continue
                }
                expanded[index].source = first.location
                expanded[index].playlist = playable.count > 1 ? playable : []
            default:
                break
            }
        }
        return (expanded, failures, skipped)
    }

    struct Unplayable: Error {
        var text: String
    }

    /// The item as the tile plays it (a still as its clip), or why it is left out.
    private static func playable(_ item: PlaylistItem, imageDuration: MediaTime) async -> Result<PlaylistItem, Unplayable> {
        let location = item.location
        guard !location.contains("://") || location.hasPrefix("file://") else { return .success(item) }
        let path = location.hasPrefix("file://") ? (URL(string: location)?.path ?? location) : location
        return await Task.detached { () -> Result<PlaylistItem, Unplayable> in
            guard FileManager.default.fileExists(atPath: path) else { return .failure(Unplayable(text: "file not found")) }
            guard item.kind == .image else { return .success(item) }
            do {
                var clip = item
                clip.location = try StillClip.make(image: path, duration: item.duration ?? imageDuration)
                clip.kind = .video
                return .success(clip)
            } catch {
                return .failure(Unplayable(text: "the image cannot be read (\(TerminalText.shortened("\(error)")))"))
            }
        }.value
    }
}

extension PlaylistError {
    /// "line 3: ..." or the message alone: the tile's failure already names the file.
    var lineAndMessage: String { line.map { "line \($0): \(message)" } ?? message }
}
