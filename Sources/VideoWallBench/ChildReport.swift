/// What the bench reads of the report a `videowall play --report` child writes (the command
/// line's `WallReport`; only the fields the bench sums).
struct ChildReport: Decodable {
    struct Tile: Decodable {
        var framesRendered: UInt64?
        var framesDropped: UInt64?
        var loops: Int
        var itemChanges: Int?
        /// The video decoder the tile made.
        var decoder: String?
    }

    var tiles: [Tile]
    var launchToPictureSeconds: Double?
}
