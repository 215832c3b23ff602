import Foundation

/// Generated clips kept in a folder under a name that changes with their spec.
enum ClipCache {
    /// The clip named `key` in `directory`, written by `generate` first if it is not there.
    /// It is written under another name and moved, so an interrupted run never leaves half a
    /// file behind under the real name.
    static func path(key: String, extension ext: String, in directory: String,
                     generate: (String) async throws -> Void) async throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(key)
        if FileManager.default.fileExists(atPath: path) { return path }
        let partial = path + ".partial." + ext
        try await generate(partial)
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        return path
    }
}
