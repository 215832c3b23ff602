/// A playlist file, folder or entry that cannot be read: where (file and line, when known) and why.
public struct PlaylistError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// One line, `list.m3u:3: ...`, as a layout's errors are written.
    public var description: String { TerminalText.located(file: file, line: line, message: message) }
}
