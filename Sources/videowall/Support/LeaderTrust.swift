import Foundation
import VideoWallCore
import VideoWallEngine
#if canImport(Glibc)
import Glibc
#endif

/// What a follower plays of what its leader names (`follow --media-root`): network sources
/// on the allow-list, except streams (only this machine's user names those), and local files
/// only when they resolve, links followed, to a regular file inside the media root. A folder,
/// a device, or a file outside the root is refused, whoever the leader is.
enum LeaderTrust {
    static func refusal(of source: String, mediaRoot: String?) -> String? {
        if let why = SourceSchemes.refusal(of: source, namedByUser: false) { return why }
        guard let path = MediaLocation.localPath(for: source) else { return nil }
        guard let mediaRoot else { return "a local file from the leader plays only inside --media-root, which was not given" }
        guard let root = resolved(mediaRoot) else { return "--media-root \(TerminalText.quoted(mediaRoot)) does not exist" }
        guard let file = resolved(path) else { return "not found on this machine" }
        guard file.hasPrefix(root == "/" ? "/" : root + "/") else { return "outside --media-root \(TerminalText.quoted(mediaRoot))" }
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return "not a file (a folder or a device is never played for a leader)" }
        return nil
    }

    /// Every source a leader's wall would have this machine play: each tile's, and the items
    /// of a layout region's own playlist (of `tiles` only, when given).
    static func sources(of plan: TilePlan?, leaderSources: [String], tiles: [Int]? = nil) -> [String] {
        guard let plan else { return leaderSources }
        return plan.tiles.indices.filter { tiles?.contains($0) ?? true }.flatMap { index in
            [plan.tiles[index].source] + (plan.tiles[index].regionSpec.playlist?.items.map(\.location) ?? [])
        }
    }

    /// `realpath(3)`: the path with every link followed; nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
