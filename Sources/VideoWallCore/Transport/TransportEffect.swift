/// What the engine does for the transport. Effects that wait for the pipelines (`settle`,
/// `seek`, `join`) are answered by an input when done.
package enum TransportEffect: Sendable, Equatable {
    /// The wall's state changed.
    case publish(TransportState)
    /// These tiles' pipelines go to PAUSED or PLAYING, and their players say so.
    case setState([Int], TileRunState)
    /// Only this tile's pipeline changes state (a tile going round alone, or stopping at its end).
    case setPipelineState(Int, TilePipelineState)
    /// The tile's base time: the group's plus the tile's offset.
    case setBaseTime(Int, MediaTime)
    /// Pause these tiles and wait until each has settled (a stopped tile prerolls again), then
    /// answer `tileSettled` for each.
    case settle([Int])
    /// A flushing seek of one tile; answered by `tileSeekDone` with its ticket.
    case seek(TileSeek)
    case armTimer(TransportTimer, at: MediaTime)
    case cancelTimer(TransportTimer)
    /// Play stops or jumps: every frame is decoded again (the overload response is undone).
    case decodeEveryFrame
    /// A tile that had ended plays again (its player leaves `ended`).
    case markRestarted(Int)
    /// A tile began another pass on its own.
    case countLoop(Int)
    /// Remember the position the tile shows now: it keeps it while it waits for a wrap.
    case holdPosition(Int)
    /// The tile waits for the group's wrap, showing the held position until its next pass is due.
    case awaitWrap(Int)
    /// Whether the tile goes round gaplessly at its own end.
    case loopGaplessly(Int, Bool)
    /// How long each of the tile's gapless passes lasts at least (the group's length: it holds
    /// its last frame until the wrap); nil: as long as its media.
    case holdEachPass(Int, MediaTime?)
    /// Give the tile the shared clock again.
    case useClock(Int)
    /// The tile did not answer within the preroll timeout: it fails.
    case failTimedOut(Int)
    /// A late tile prerolled: bring it to where the wall is, then answer `tileJoined`.
    case join(Int)
    /// Loading stops waiting: every tile has prerolled or failed, or the start bound passed.
    /// The tiles still loading are late.
    case prerollsEnded(late: [Int])
    /// The tile's data did not come within the buffering hold: it left the group, and joins
    /// again (`join`) once its buffer is full. Say so.
    case leftShortOfData(Int, waited: MediaTime?)
    /// A tile that cannot seek was left out of a group seek and plays on.
    case warnSeekRefused(Int)
    /// The process stood still this long while the wall played; the wall was re-based.
    case warnStoodStill(MediaTime)
}

package enum TileRunState: Sendable, Equatable {
    case paused, playing
}

package enum TilePipelineState: Sendable, Equatable {
    case ready, paused, playing
}

/// One tile's flushing seek.
package struct TileSeek: Sendable, Equatable {
    package enum Precision: Sendable, Equatable {
        /// Decodes up to the exact frame.
        case accurate
        /// The key frame after (`snapAfter`) or before the target.
        case keyFrame(snapAfter: Bool)
    }

    package var tile: Int
    /// Names this seek in its answer, so an answer to an older seek is told apart.
    package var ticket: Int
    package var target: MediaTime
    package var precision: Precision
    package var rate: Double
    /// While the wall loops from A to B: the tile's own part of it (A and B less its offset).
    /// It plays to the range's end and starts it again without a gap.
    package var loopRange: Range<MediaTime>?

    package init(tile: Int, ticket: Int, target: MediaTime, precision: Precision, rate: Double, loopRange: Range<MediaTime>? = nil) {
        self.tile = tile
        self.ticket = ticket
        self.target = target
        self.precision = precision
        self.rate = rate
        self.loopRange = loopRange
    }
}
