/// How long a tile's buffer took to fill, the last time it ran short: from the first buffering
/// message under 100 % to the one at 100 %, as its queue (`queue2`, `GST_MESSAGE_BUFFERING`)
/// reported them. On a network tile that is the link's speed in the terms a join needs: how
/// long a refill after a seek will take. Fed the messages with the instants they arrived, on
/// any clock; pure, so it is tested on a hand-advanced one.
package struct RefillMeter: Sendable, Equatable {
    /// The last complete refill's length; nil until one was seen.
    package private(set) var lastRefill: MediaTime?
    /// When the buffer last said it was short (under 100 %).
    package private(set) var lastShort: MediaTime?
    private var shortSince: MediaTime?

    package init() {}

    /// One buffering message: `percent` (0...100) arrived at `now`.
    package mutating func observe(percent: Int, at now: MediaTime) {
        if percent < 100 {
            lastShort = now
            if shortSince == nil { shortSince = now }
        } else if let since = shortSince {
            lastRefill = now - since
            shortSince = nil
        }
    }

    /// The tile's source was opened again (a recovery): a shortage it was in belongs to the
    /// connection that broke, and the next refill is timed from its own first message.
    package mutating func restart() {
        shortSince = nil
    }
}
