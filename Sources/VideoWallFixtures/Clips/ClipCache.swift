import Foundation

/// Generated clips kept in a folder under a name that changes with their spec.
enum ClipCache {
    /// The clip named `key` in `directory`, written by `generate` first if it is not there.
    ///
    /// It is written into a folder of its own, made by `mkdtemp` inside `directory`, then
    /// renamed into place. The old fixed `<key>.partial.<ext>` name could be guessed: a symlink
    /// planted there had the encoder overwrite its target, and two runs at once wrote the same
    /// file and then failed each other's move. The folder's name cannot be guessed and no one
    /// else can write in it (mode 0700), and `rename(2)` replaces the final name in one step,
    /// so a second run that finishes later puts an identical clip in place, never half a file.
    static func path(key: String, extension ext: String, in directory: String,
                     generate: (String) async throws -> Void) async throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(key)
        // Only a regular file counts as cached: a symlink left at the name is replaced, not followed.
        if (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular {
            return path
        }
        var template = Array((directory as NSString).appendingPathComponent(".partial-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let scratch = made else { throw ClipCacheError(path: directory, operation: "mkdtemp", code: errno) }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let partial = (scratch as NSString).appendingPathComponent("clip." + ext)
        try await generate(partial)
        guard rename(partial, path) == 0 else { throw ClipCacheError(path: path, operation: "rename", code: errno) }
        return path
    }
}

/// A system call on the cache that failed, as one line.
struct ClipCacheError: Error, CustomStringConvertible {
    var path: String
    var operation: String
    var code: Int32

    var description: String { "\(path): \(operation) failed: \(String(cString: strerror(code)))" }
}
