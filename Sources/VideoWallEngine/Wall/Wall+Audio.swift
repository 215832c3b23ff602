internal import GStreamerKit
import VideoWallCore

extension Wall {
    /// Lets one tile be heard and mutes the others (nil mutes all): the `1`-`4` keys.
    package func setAudible(tile: Int?) {
        for slot in slots {
            try? slot.player?.pipeline.set("mute", slot.index != tile)
        }
        publish(.changed(snapshot))
    }

    /// The wall's volume over every tile: 1 plays each at its own level (its region's
    /// `volume:`); clamped to 0...1.3 (mpv's 0 to 130 %).
    package func setVolume(_ level: Double) {
        guard level.isFinite else { return }
        volume = min(max(level, 0), 1.3)
        applyVolume()
        publish(.changed(snapshot))
    }

    /// Silences every tile, or lets the tiles that are heard be heard again (`m`, mpv's `mute`).
    /// Which tiles are heard (`setAudible`) is kept meanwhile.
    package func setMuted(_ muted: Bool) {
        isMuted = muted
        applyVolume()
        publish(.changed(snapshot))
    }

    /// Tile `index`'s own level (its region's `volume:` until changed), under the wall's
    /// volume. A tile with no pipeline is left alone.
    func setVolume(_ level: Double, ofTile index: Int) {
        guard level.isFinite, slots.indices.contains(index), let player = slots[index].player else { return }
        player.setOwnVolume(min(max(level, 0), 1.3), scaledBy: effectiveVolume)
        publish(.changed(snapshot))
    }

    /// Silences tile `index` (or lets it be heard), the others as they are.
    func setMuted(_ muted: Bool, tile index: Int) {
        guard slots.indices.contains(index), let player = slots[index].player else { return }
        try? player.pipeline.set("mute", muted)
        publish(.changed(snapshot))
    }

    var effectiveVolume: Double { isMuted ? 0 : volume }

    private func applyVolume() {
        for slot in slots { slot.player?.scaleVolume(by: effectiveVolume) }
    }

    /// Whether the tile is muted now.
    package func isMuted(tile: Int) -> Bool {
        guard tile < slots.count, let player = slots[tile].player else { return true }
        return (try? player.pipeline.get("mute", as: Bool.self)) ?? true
    }
}
