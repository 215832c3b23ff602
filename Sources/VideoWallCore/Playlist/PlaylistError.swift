/// A playlist file, folder or entry that cannot be read: where (file and line, when known) and why.
package struct PlaylistError: Error, Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var message: String

    package init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// One line, `list.m3u:3: ...`, as a layout's errors are written.
    package var description: String { TerminalText.located(file: file, line: line, message: message) }
}
