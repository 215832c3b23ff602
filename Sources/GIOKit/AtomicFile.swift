internal import CGio
import Foundation

/// Writing an output file whole or not at all (`g_file_set_contents_full` with
/// `G_FILE_SET_CONTENTS_CONSISTENT`): the bytes go to a new temporary file in the same folder,
/// which is synced and renamed over `path`. A save that fails leaves the old file as it was; a
/// symbolic link at `path` is replaced by the new file, never followed (a link planted where a
/// report or a screenshot goes cannot make the wall overwrite what it points at). Blocking: off
/// the main thread.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `bytes` to `path` with permissions `mode` (before the umask).
    public static func write(_ bytes: [UInt8], to path: String, mode: Int32 = 0o644) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileSetContentsFlags(rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue)
        // An empty file still needs a pointer: the buffer is never empty.
        let contents = bytes.isEmpty ? [UInt8](repeating: 0, count: 1) : bytes
        let written = contents.withUnsafeBytes { buffer in
            g_file_set_contents_full(path, buffer.baseAddress!.assumingMemoryBound(to: gchar.self), gssize(bytes.count), flags, mode, &error)
        }
        guard written == 0 else { return }
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        if let error { g_error_free(error) }
        throw Failure(description: reason)
    }
}
