/// What a region plays.
public enum LayoutSource: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// 1-based position among the sources given on the command line (as written in layout files).
    case index(Int)
    /// A file path or URI named by the layout itself.
    case location(String)

    public var description: String {
        switch self {
        case .index(let index): "source \(index)"
        case .location(let location): location
        }
    }
}
