import Foundation

/// What VideoWall makes from the user's media at load and keeps between runs (stills as
/// clips, backwards copies, background clips): each in a folder of `$XDG_CACHE_HOME/videowall`
/// (`~/.cache/videowall`, else the temporary folder), named after what it was made from.
enum MediaCache {
    static func directory(_ name: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/videowall/" + name }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/videowall/" + name }
        return NSTemporaryDirectory() + "videowall-" + name
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

    /// `path`, made by `write` if it is not there yet. `write` is handed a name of its own,
    /// renamed to `path` once written: a wall started meanwhile never reads a half-written file.
    static func file(_ path: String, write: (String) throws -> Void) throws -> String {
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let partial = path + ".\(getpid()).part"
        defer { try? FileManager.default.removeItem(atPath: partial) }
        try write(partial)
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        return path
    }
}
