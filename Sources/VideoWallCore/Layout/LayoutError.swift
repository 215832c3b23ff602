/// A problem with a layout: where it is (file and, when known, line) and what is wrong.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (or the layout name, for problems found after parsing).
    public var file: String
    /// 1-based line in the file, when the problem has one.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// "grid.yaml:7: region 2: ...": the compiler style that editors and terminals make clickable.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
