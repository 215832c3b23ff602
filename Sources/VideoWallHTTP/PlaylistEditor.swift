/// What the page's playlist editor reads and saves through, given by the program: a tile's
/// region's `playlist:` in the layout file, each item as its fields' text
/// (`LayoutPlaylistText.Item`), and a save that writes the file and has the tile play the new
/// list from its next item boundary.
public struct PlaylistEditor: Sendable {
    /// Why a read or a save was refused, and of which kind (the HTTP status says it: 404, 409,
    /// 422, 500).
    public struct Refusal: Error, Sendable {
        public enum Kind: Sendable {
            /// The wall has no such tile.
            case noSuchTile
            /// The tile's list cannot be edited here (it plays a folder, a playlist file or one
            /// source; the wall has no layout file), or another save is under way.
            case notEditable
            /// The list would not load (the layout parser's reason).
            case invalid
            /// The layout file could not be read or written.
            case failed
        }

        public var kind: Kind
        public var reason: String

        public init(_ kind: Kind, _ reason: String) {
            self.kind = kind
            self.reason = reason
        }
    }

    public typealias Item = [String: String]

    /// Tile `tile`'s (from 1) items as the layout writes them.
    public var read: @Sendable (_ tile: Int) async -> Result<[Item], Refusal>
    /// Saves `items` as tile `tile`'s playlist; answers the lines of entries the tile left out.
    public var save: @Sendable (_ tile: Int, _ items: [Item]) async -> Result<[String], Refusal>

    public init(read: @escaping @Sendable (Int) async -> Result<[Item], Refusal>,
                save: @escaping @Sendable (Int, [Item]) async -> Result<[String], Refusal>) {
        self.read = read
        self.save = save
    }
}
