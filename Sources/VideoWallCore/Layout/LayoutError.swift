/// A problem with a layout: where it is (file and, when known, line) and what is wrong.
package struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (or the layout name, for problems found after parsing).
    package var file: String
    /// 1-based line in the file, when the problem has one.
    package var line: Int?
    package var message: String

    package init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// "grid.yaml:7: region 2: ...": the compiler style that editors and terminals make clickable.
    /// Always one line with nothing a terminal would obey: the file name is the user's (escaped,
    /// and shortened in the middle if it is very long), and the message, which quotes the file's
    /// values already shortened, is escaped once more in case one slipped through.
    package var description: String { TerminalText.located(file: file, line: line, message: message) }

    /// A file too large to be a layout: refused before it is read further or parsed.
    static func tooLarge(_ file: String) -> LayoutError {
        LayoutError(file: file, line: nil, message: "the file is larger than \(LayoutLimits.maximumFileSize / 1024) KB: "
            + "that is not a layout (the shipped ones are under 1 KB)")
    }
}
