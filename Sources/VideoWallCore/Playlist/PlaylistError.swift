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

    /// One line, `list.m3u:3: ...`, with the user's names escaped and shortened.
    public var description: String {
        let file = TerminalText.shortened(self.file, limit: TerminalText.nameLimit)
        let message = TerminalText.escaped(self.message)
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
