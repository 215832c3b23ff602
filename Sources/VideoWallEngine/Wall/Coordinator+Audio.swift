internal import GStreamerKit
import VideoWallCore

extension Coordinator {
    /// Lets one tile be heard and mutes the others (nil mutes all): the `1`-`4` keys.
    public func setAudible(tile: Int?) {
        for slot in slots {
            try? slot.player?.pipeline.set("mute", slot.index != tile)
        }
    }

    /// Whether the tile is muted now.
    public func isMuted(tile: Int) -> Bool {
        guard tile < slots.count, let player = slots[tile].player else { return true }
        return (try? player.pipeline.get("mute", as: Bool.self)) ?? true
    }
}
