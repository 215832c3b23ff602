/// One tile as the transport sees it.
struct TransportTile: Sendable, Equatable {
    enum Stage: Sendable, Equatable {
        /// Prerolling before the wall started.
        case loading
        /// Takes part in group transport.
        case ready
        /// Not ready when the wall started: left out until it joins.
        case late
        case failed
    }

    /// A seek of this tile alone, at its end.
    enum Operation: Sendable, Equatable {
        /// A shorter tile in a group loop, prerolled where the group stands at `position` (0 at
        /// the next wrap), which is due at the group's running time `due`.
        case rearm(due: MediaTime, position: MediaTime, ticket: Int)
        /// A tile looping on its own that reached its end without going round.
        case restart(ticket: Int)

        var ticket: Int {
            switch self {
            case .rearm(_, _, let ticket), .restart(let ticket): ticket
            }
        }
    }

    var profile: TileProfile
    var stage: Stage
    var ended = false
    var bufferingPercent = 100
    /// It left the group once when its data did not come (a link slower than its bit rate):
    /// it does not hold the group again, but leaves at once.
    var leftForData = false
    /// Where this tile's running time 0 sits on the group's running time: a muxer's lead-in
    /// (negative), a wrap it was re-armed for, where a late tile joined.
    var offset = MediaTime.zero
    /// The user's offset (`TileOffset`): the tile shows the wall's position minus this. Where
    /// that is before its start, it waits on its first frame (its `offset` says how long).
    var delay = MediaTime.zero
    var operation: Operation?

    /// A tile the group waits for: a buffering source short of data.
    var isShortOfData: Bool { profile.buffers && bufferingPercent < 100 }
}
