/// How a follower's playlist tiles keep to its leader's items (walls across machines). Each
/// playlist item plays from its own start, not on the wall's position, so a tile is aligned
/// by when its item started: the leader says, per tile, which item it shows and the instant of
/// the shared clock that item started (`WallTimeline.items`, `itemStarts`).
///
/// Read after read: a tile on the leader's item whose start differs by a little (more than
/// `smallest`, less than `largest`: where a join's worked-out boundary missed the leader's by
/// a few milliseconds) is moved by that much; one on another item, or far off, for
/// `readsApart` reads in a row (both change item on their own at the same instant, and a read
/// either side of it sees them apart for a moment) joins the leader's next item. A tile
/// joining is left alone until the instant it joins at.
package struct ItemAlignment: Sendable {
    package enum Step: Equatable, Sendable {
        /// Move the tile's running time this much later (earlier, when negative).
        case shift(tile: Int, by: MediaTime)
        /// Join the leader's items: its item `leaderItem` started at `startedAt`.
        case join(tile: Int, leaderItem: Int, startedAt: MediaTime)
    }

    /// Differences up to this are the clock's own estimate: left alone.
    package static let smallest = MediaTime.nanoseconds(300_000)
    /// Differences from this are not a missed boundary but another place in the item.
    package static let largest = MediaTime.milliseconds(200)
    package static let readsApart = 3

    private var apart: [Int: Int] = [:]
    private var joiningUntil: [Int: MediaTime] = [:]

    package init() {}

    /// The steps one read of the leader's timeline asks for at `now` (the shared clock), given
    /// this wall's own items and their starts (nil where a tile plays no playlist or its item
    /// is not placed yet). Nothing while the leader does not play.
    package mutating func steps(leader: WallTimeline, items: [Int?]?, starts: [MediaTime?]?, now: MediaTime) -> [Step] {
        guard leader.isPlaying, let theirItems = leader.items, let theirStarts = leader.itemStarts else {
            apart = [:]
            return []
        }
        var steps: [Step] = []
        for tile in theirItems.indices {
            guard let their = theirItems[tile], theirStarts.indices.contains(tile), let theirStart = theirStarts[tile] else { continue }
            if let until = joiningUntil[tile] {
                if now < until { continue }
                joiningUntil[tile] = nil
            }
            let mine = items.flatMap { $0.indices.contains(tile) ? $0[tile] : nil }
            let myStart = starts.flatMap { $0.indices.contains(tile) ? $0[tile] : nil }
            if mine == their {
                // Its item not placed yet: nothing to compare.
                guard let myStart else { continue }
                let gap = theirStart - myStart
                let size = gap.distance(inLoopOf: .zero)
                if size < Self.largest {
                    apart[tile] = 0
                    if size > Self.smallest { steps.append(.shift(tile: tile, by: gap)) }
                    continue
                }
            }
            apart[tile, default: 0] += 1
            if apart[tile, default: 0] >= Self.readsApart {
                apart[tile] = 0
                steps.append(.join(tile: tile, leaderItem: their, startedAt: theirStart))
            }
        }
        return steps
    }

    /// Tile `tile` joins the leader's items at `instant`: no step for it until then.
    package mutating func joining(tile: Int, until instant: MediaTime) {
        joiningUntil[tile] = instant
        apart[tile] = 0
    }
}
