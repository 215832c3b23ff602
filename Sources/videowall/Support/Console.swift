import Foundation

/// One-line messages on standard error, prefixed with the program name.
enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("videowall: error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("videowall: warning: \(message)\n".utf8))
    }

    static func summary(_ message: String) {
        FileHandle.standardError.write(Data("videowall: summary: \(message)\n".utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("videowall: \(message)\n".utf8))
    }

    /// Writes `text` to `path`, or to standard output for "-".
    static func write(_ text: String, to path: String) throws {
        let data = Data((text.hasSuffix("\n") ? text : text + "\n").utf8)
        if path == "-" {
            FileHandle.standardOutput.write(data)
        } else {
            try data.write(to: URL(fileURLWithPath: path))
        }
    }
}
