/// Frames a tile rendered and dropped since it was loaded, counted through seeks, pauses and
/// loops, and kept when the tile fails. Dropped counts every frame that was due and not shown,
/// whether the sink dropped it for being late or it was skipped before the sink.
public struct TileStatistics: Hashable, Sendable {
    public var framesRendered: UInt64
    public var framesDropped: UInt64

    public init(framesRendered: UInt64, framesDropped: UInt64) {
        self.framesRendered = framesRendered
        self.framesDropped = framesDropped
    }
}
