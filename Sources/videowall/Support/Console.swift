import Foundation
import GIOKit
import VideoWallCore

/// One-line messages on standard error, prefixed with the program name. Every message is
/// escaped on its way out: whatever a caller put in it (a path, a GStreamer message, a value
/// from a file), it stays one line and sends the terminal no escape sequence, and a URL in it
/// shows no credentials or query (`SourceSchemes.redactedWithin`).
enum Console {
    static func error(_ message: String) {
        line("videowall: error: \(message)")
    }

    static func warning(_ message: String) {
        line("videowall: warning: \(message)")
    }

    static func summary(_ message: String) {
        line("videowall: summary: \(message)")
    }

    static func note(_ message: String) {
        line("videowall: \(message)")
    }

    /// A path or source the user gave, as messages show it: escaped, and shortened in the
    /// middle if it is very long (the file name at its end stays).
    static func name(_ text: String) -> String {
        TerminalText.shortened(SourceSchemes.redacted(text), limit: TerminalText.nameLimit)
    }

    /// The throwing write: the old `write(_:)` traps when the descriptor refuses the bytes
    /// (`2>/dev/full`), and a message that cannot be shown is no reason to crash.
    private static func line(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((TerminalText.escaped(SourceSchemes.redactedWithin(text)) + "\n").utf8))
    }

    /// Writes `text` to `path`, or to standard output for "-"; throws when the bytes were not
    /// all written (a full disk, `>/dev/full`, a closed pipe), so the caller can say so. A file
    /// is written whole or not at all, and a link at `path` is replaced, not followed
    /// (`AtomicFile`).
    static func write(_ text: String, to path: String) throws {
        let data = Data((text.hasSuffix("\n") ? text : text + "\n").utf8)
        if path == "-" {
            try FileHandle.standardOutput.write(contentsOf: data)
        } else {
            try AtomicFile.write(Array(data), to: path)
        }
    }
}
