/// How far ahead of the wall a late or recovering tile is sought, so that when the wall gets
/// there the tile has finished its seek and refilled its buffer. A network tile refills at its
/// link's speed: the first lead covers the refill last measured on that link (`RefillMeter`)
/// with room to spare; an attempt that still came too late measured the whole cost itself (seek
/// and refill), and the next lead covers that. Doubling alone from a fixed start was not enough:
/// on a link 1.3 times a 6 Mb/s clip's bit rate each attempt took 3 s, so leads of 0.5, 1, 2 and
/// 4 s all came too late, each seek threw the refilled buffer away, and the tile gave up on sync.
package struct JoinLead: Sendable, Equatable {
    package private(set) var lead: MediaTime

    /// The lead of a tile with no refill measured (a local file seeks and fills at once).
    package static let shortest = MediaTime.milliseconds(500)
    /// A link so slow that a refill takes longer is not followed further ahead: the buffering
    /// hold and the watchdog deal with it.
    package static let longest = MediaTime.seconds(30)
    /// What a lead adds to a measured cost: measures vary between attempts (a server's
    /// response time, the keyframe the seek lands on).
    static let slack = 1.5
    static let margin = MediaTime.milliseconds(500)

    /// The first attempt's lead, from the refill last measured on the tile's link (nil: none).
    package init(measuredRefill: MediaTime?) {
        lead = Self.covering(measuredRefill ?? .zero)
    }

    /// The attempt sought `lead` ahead, took `cost` from its seek to a full buffer, and the
    /// wall passed its frame meanwhile: the next covers that cost, and is at least twice this.
    package mutating func cameTooLate(cost: MediaTime) {
        lead = min(Self.longest, max(lead * 2, Self.covering(cost)))
    }

    private static func covering(_ cost: MediaTime) -> MediaTime {
        min(longest, max(shortest, cost * slack + margin))
    }
}
