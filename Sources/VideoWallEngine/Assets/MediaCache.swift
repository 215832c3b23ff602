import Foundation
import Synchronization
import VideoWallCore
#if canImport(Glibc)
import Glibc
#endif

/// What VideoWall makes from the user's media at load and keeps between runs (stills as
/// clips, backwards copies, background clips, sounded copies): each in a folder of
/// `$XDG_CACHE_HOME/videowall` (else `~/.cache/videowall`), named after what it was made from.
///
/// The cache is private: its folder is the user's own, mode 0700, and a link or another user's
/// folder in its place is refused, as is running without `XDG_CACHE_HOME` or `HOME` (never
/// the shared temporary folder, where another user could plant what counts as cached). A file
/// is made under a random name created with `O_EXCL | O_NOFOLLOW` and renamed into place, so
/// a wall started meanwhile never reads half a file; past `limit` bytes the files used longest
/// ago go first.
package enum MediaCache {
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    /// The most the cache holds, in bytes (`--cache-limit`; 2 GiB by default).
    package static let limit = Mutex<Int64>(2 << 30)

    /// The cache's root for this environment; nil when it names no absolute folder.
    static func root(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/videowall" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/videowall" }
        return nil
    }

    /// The folder `name` of the cache, made private if it is not (blocking: off the main thread).
    static func directory(_ name: String) throws(Unavailable) -> String {
        guard let root = root() else {
            throw Unavailable(description: "no cache folder: set XDG_CACHE_HOME or HOME (the shared temporary folder is not used)")
        }
        try privateFolder(root, parentsToo: true)
        let folder = root + "/" + name
        try privateFolder(folder, parentsToo: false)
        return folder
    }

    /// Makes `path` a folder of this user's, mode 0700: made if missing; refused if it is a
    /// link, not a folder, or another user's.
    private static func privateFolder(_ path: String, parentsToo: Bool) throws(Unavailable) {
        let shown = TerminalText.quoted(path)
        if parentsToo {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw Unavailable(description: "cache folder \(shown): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else {
            throw Unavailable(description: "cache folder \(shown) is not a folder of this user's (a link, a file, or another user's): not used")
        }
        if status.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw Unavailable(description: "cache folder \(shown): others can read it, and it cannot be made private")
        }
    }

    /// FNV-1a, 64 bits, in hexadecimal: a short stable name for the cache (not a security boundary).
    static func key(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// A file as it is now, for a key: its path, size and change time (a file replaced under the
    /// same name is made again).
    static func stamp(of path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path)\u{0}\(size)\u{0}\(modified)"
    }

    /// `path`, made by `write` if it is not there yet. `write` is handed a new file of its own
    /// (`O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0600, a random name beside `path`), renamed over
    /// `path` once written. A file found is marked used, for the pruning.
    static func file(_ path: String, write: (String) throws -> Void) throws -> String {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            utimes(path, nil)
            return path
        }
        let folder = (path as NSString).deletingLastPathComponent
        var generator = SystemRandomNumberGenerator()
        let partial = folder + "/.partial-" + String(generator.next(), radix: 16)
        let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Unavailable(description: "cache \(TerminalText.quoted(folder)): \(String(cString: strerror(errno)))") }
        close(fd)
        defer { unlink(partial) }  // gone once renamed; a failed write leaves nothing behind
        try write(partial)
        guard rename(partial, path) == 0 else {
            throw Unavailable(description: "cache \(TerminalText.quoted(path)): \(String(cString: strerror(errno)))")
        }
        prune(keeping: path)
        return path
    }

    /// Removes the files used longest ago until the cache holds at most `limit` bytes; `kept`
    /// (the file just made) stays. A partial file being written is left alone; one not written
    /// for an hour was left by a process that was killed, and goes.
    static func prune(keeping kept: String) {
        guard let root = root() else { return }
        let budget = limit.withLock { $0 }
        var files: [(path: String, size: Int64, used: Date)] = []
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: keys) else { return }
        let abandoned = Date().addingTimeInterval(-3600)
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let used = values.contentModificationDate ?? .distantPast
            if url.lastPathComponent.hasPrefix(".partial-") {
                if used < abandoned { unlink(url.path) }
                continue
            }
            files.append((url.path, Int64(values.fileSize ?? 0), used))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.used < $1.used }) where total > budget && file.path != kept {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }
}
