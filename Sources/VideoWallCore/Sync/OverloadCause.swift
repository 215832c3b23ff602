/// What keeps the slowest tile from showing its frames in time, as the overload figure names it.
package enum OverloadCause: Sendable, Equatable {
    /// Its frames reach the screen late: the machine decodes (or converts) too slowly.
    case decoding
    /// A network tile whose data ran short: its link is slower than its stream.
    case link

    /// How long after its data last ran short a network tile's slowness is still its link's.
    package static let linkMemory = MediaTime.seconds(5)

    /// Why tile `isNetwork`, whose data last ran short at `lastShort` (its buffer under 100 %),
    /// is slow at `now`: its link when that was recent, else decoding.
    package static func of(isNetwork: Bool, lastShort: MediaTime?, now: MediaTime) -> OverloadCause {
        guard isNetwork, let lastShort, now - lastShort <= linkMemory else { return .decoding }
        return .link
    }
}
