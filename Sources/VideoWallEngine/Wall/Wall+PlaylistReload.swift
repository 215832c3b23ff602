import Foundation
import VideoWallCore

/// A playlist tile's list read again while the wall plays (a layout reloaded with SIGHUP).
extension Wall {
    /// Whether tile `index` (from 0) plays a playlist: its list can be replaced, not its kind.
    package func playsPlaylist(tile index: Int) -> Bool {
        slots.indices.contains(index) && slots[index].player?.playlist != nil
    }

    /// Playlist tile `index` takes `spec`'s list (its folder, its playlist file read again, or
    /// its items; one file is a list of one), expanded and described as at load: the new list
    /// takes over at the tile's next item boundary, never cutting the item on screen, and a
    /// folder is watched from now on. Returns the lines of the entries left out; throws why
    /// when the tile plays no playlist or nothing of the new list can play (then the list it
    /// had plays on).
    package func reloadPlaylist(ofTile index: Int, from spec: TileSpec) async throws(AssetError) -> [String] {
        guard playsPlaylist(tile: index), let sequence = slots[index].player?.playlist else {
            throw AssetError(source: spec.source, reason: .playbackFailed("tile \(index + 1) plays no playlist"))
        }
        let loaded = await Self.expandPlaylists([spec], imageDuration: .seconds(configuration.imageDuration.inSeconds),
                                                asLists: true, sound: sequence.hasSound ? .always : .never, localTime: configuration.localTime)
        if let failure = loaded.failures[0] { throw failure }
        let items = loaded.specs[0].playlist
        guard !items.isEmpty, slots.indices.contains(index), slots[index].player?.playlist === sequence else {
            throw AssetError(source: spec.source, reason: .playbackFailed("the wall was closed or loaded again meanwhile"))
        }
        // The new list is made ready whole: items of the old one still being made are not wanted.
        stopPreparations(ofTile: index)
        sequence.isPreparing = false
        sequence.replace(items.map(PlaylistSequence.Entry.init), schedule: spec.playlistSchedule)
        let skipped = loaded.skipped[0] ?? []
        skippedItems[index] = skipped
        folderWatches[index] = nil
        if let folder = loaded.folders[0] { watchFolder(folder, ofTile: index, playing: items) }
        return skipped
    }
}
