import Foundation
internal import GStreamerKit
import VideoWallCore

/// Another source in one tile of a running wall (mpv's `loadfile` for a tile, and its
/// `playlist-next`, `playlist-prev` and `playlist-pos` for a playlist tile): the tile's
/// pipeline and sinks stay, it takes the new URI, and joins the wall where the wall is, like a
/// late tile; the other tiles play on untouched.
extension Wall {
    /// Describes `source`, then plays it in tile `index` (from 0), in sync with the wall.
    /// Returns once the tile has joined; throws why when it cannot (the source is not
    /// playable, the tile has no pipeline, or a local tile is given a network source or the
    /// other way round).
    public func replaceSource(ofTile index: Int, with source: String) async throws(AssetError) {
        if slots.indices.contains(index), slots[index].player?.playlist != nil {
            throw AssetError(source: source, reason: .playbackFailed("tile \(index + 1) plays a playlist: it changes item, not source"))
        }
        try await open(source, inTile: index, item: nil)
    }

    /// Which item a playlist tile goes to.
    public enum ItemChange: Equatable, Sendable {
        /// The next (previous) item scheduled now after the one on screen, going round.
        case next, previous
        /// The item at this place in the list (from 0), scheduled or not.
        case position(Int)
    }

    /// Playlist tile `index` (from 0) shows another item now, from its first frame, and goes
    /// on from there at its next boundary. Returns once the item is on screen; throws why
    /// when the tile plays no playlist or there is no such item.
    public func changeItem(ofTile index: Int, to change: ItemChange) async throws(AssetError) {
        guard !isStopping, slots.indices.contains(index), let player = slots[index].player, let sequence = player.playlist else {
            throw AssetError(source: slots.indices.contains(index) ? slots[index].source : "tile \(index + 1)",
                             reason: .playbackFailed("tile \(index + 1) plays no playlist"))
        }
        let entry: PlaylistSequence.Placed?
        switch change {
        case .next, .previous: entry = sequence.entry(after: player.currentItem?.index, forward: change == .next)
        case .position(let position): entry = sequence.entry(at: position)
        }
        guard let entry else {
            let why = if case .position(let position) = change { "its playlist has no item \(position + 1)" } else { "no other item of its playlist is scheduled now" }
            throw AssetError(source: slots[index].source, reason: .playbackFailed("tile \(index + 1): \(why)"))
        }
        try await open(entry.entry.uri, inTile: index, item: entry)
    }

    /// Opens `source` in the tile's pipeline; for a playlist tile, `item` becomes the one the
    /// playlist goes on from.
    func open(_ source: String, inTile index: Int, item: PlaylistSequence.Placed?) async throws(AssetError) {
        guard !isStopping, slots.indices.contains(index), let player = slots[index].player else {
            throw AssetError(source: source, reason: .playbackFailed("tile \(index + 1) has no pipeline to play it in"))
        }
        let asset = try AssetLoader.playableInATile(try await AssetLoader.load(source, seconds: loadSeconds, forTile: true))
        guard !isStopping, slots.indices.contains(index), slots[index].player === player else {
            throw AssetError(source: source, reason: .playbackFailed("the wall was closed or loaded again meanwhile"))
        }
        guard await player.replaceSource(with: asset, whileStopped: { if let item { player.playlist?.queue(item) } }) else {
            throw AssetError(source: source, reason: .playbackFailed("tile \(index + 1) plays \(player.asset.isNetwork ? "network" : "local") sources only"))
        }
        if item == nil { slots[index].source = source }
        recoveryTimers.removeValue(forKey: index)?.cancel()
        recoveryAttempts[index] = nil
        stallWatch?.forget(tile: index)
        handle(.tileReplaced(index, Self.profile(of: player)))
        guard await player.preroll(timeout: prerollSeconds), !isStopping else {
            throw player.failure ?? AssetError(source: source, reason: .playbackFailed("the tile did not start"))
        }
        let joined = Task { @MainActor in await self.whenJoined(index) }
        prerollFinished(player, ok: true)
        await joined.value
        if let failure = player.failure { throw failure }
        if item != nil { player.itemShown() }
    }

    /// Waits until tile `index` takes part in the wall again and, while the wall plays, until
    /// its first frame is due (it joins a little ahead of the wall, holding that frame until
    /// the wall gets there); or until it fails or the wall stops.
    private func whenJoined(_ index: Int) async {
        while !isStopping, machine.isLate(index), slots.indices.contains(index), slots[index].player?.state != .failed {
            await Self.pause(0.05)
        }
        while !isStopping, transport == .playing, slots.indices.contains(index), slots[index].player?.state != .failed,
              machine.runningTime(at: MediaTime(clock.time)) < machine.offset(ofTile: index) {
            await Self.pause(0.02)
        }
    }
}
