import Foundation
import GIOKit
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallHTTP

/// The web page's playlist editor, for a wall started with `--layout FILE`: a tile's region's
/// `playlist:` is read from the file, and a save rewrites the file (checked by the layout
/// parser first, written whole or not at all, never through a symbolic link) and has the tile
/// play the new list from its next item boundary, as SIGHUP would. One save at a time. The
/// file is read and written off the main thread, within `TilePlan.layoutReadTimeout`.
@MainActor
final class LayoutPlaylistSaving {
    private let reload: LayoutReload
    private weak var wall: Wall?
    private var saving = false

    init(reload: LayoutReload, wall: Wall) {
        self.reload = reload
        self.wall = wall
    }

    /// The editor the HTTP server calls from its own tasks; it keeps this object alive.
    var editor: PlaylistEditor {
        PlaylistEditor(read: { tile in await self.read(tile: tile) }, save: { tile, items in await self.save(tile: tile, items: items) })
    }

    func read(tile: Int) async -> Result<[PlaylistEditor.Item], PlaylistEditor.Refusal> {
        let place: (file: String, region: Int)
        switch self.place(ofTile: tile) {
        case .success(let found): place = found
        case .failure(let refusal): return .failure(refusal)
        }
        let outcome = await BlockingCalls.run("reading the layout", timeout: TilePlan.layoutReadTimeout) {
            Result { () throws(LayoutError) in
                try LayoutPlaylistText.items(in: LayoutParser.loadWithText(path: place.file).text, region: place.region, sourceName: place.file)
            }
        }
        switch outcome {
        case .success(let items?)?: return .success(items)
        case .success(nil)?:
            return .failure(.init(.notEditable, "tile \(tile)'s region plays a source (a file, a folder or a playlist file), not a playlist of its own"))
        case .failure(let error)?: return .failure(.init(.failed, error.description))
        case nil: return .failure(.init(.failed, "the layout file gave no answer within \(Int(TilePlan.layoutReadTimeout)) s"))
        }
    }

    func save(tile: Int, items: [PlaylistEditor.Item]) async -> Result<[String], PlaylistEditor.Refusal> {
        let place: (file: String, region: Int)
        switch self.place(ofTile: tile) {
        case .success(let found): place = found
        case .failure(let refusal): return .failure(refusal)
        }
        guard wall?.playsPlaylist(tile: tile - 1) == true else {
            return .failure(.init(.notEditable, "tile \(tile) plays no playlist now: a region that becomes a playlist plays it from the next start"))
        }
        guard !saving else { return .failure(.init(.notEditable, "another playlist is being saved; try again")) }
        saving = true
        defer { saving = false }
        let written = await BlockingCalls.run("saving the layout", timeout: TilePlan.layoutReadTimeout) {
            Self.write(items, region: place.region, into: place.file)
        }
        switch written {
        case .success?: break
        case .failure(let refusal)?: return .failure(refusal)
        case nil: return .failure(.init(.failed, "the layout file gave no answer within \(Int(TilePlan.layoutReadTimeout)) s"))
        }
        Console.note("tile \(tile): its playlist was saved to \(Console.name(place.file)) from the web page")
        do {
            let skipped = try await reload.reloadPlaylist(ofTile: tile - 1)
            skipped.forEach { Console.warning("tile \(tile): " + $0) }
            return .success(skipped)
        } catch {
            return .failure(.init(.failed, "saved, but the tile plays its list as it was: \(error.description)"))
        }
    }

    private func place(ofTile tile: Int) -> Result<(file: String, region: Int), PlaylistEditor.Refusal> {
        guard let file = reload.layoutFile else {
            return .failure(.init(.notEditable, "the wall plays a built-in layout: there is no file to save a playlist into (--layout FILE)"))
        }
        guard let region = reload.region(ofTile: tile - 1) else { return .failure(.init(.noSuchTile, "the wall has no tile \(tile)")) }
        return .success((file, region))
    }

    /// Blocking: the new text is made from the file as it is now, checked, and written in
    /// place of it with the file's own permissions.
    private nonisolated static func write(_ items: [PlaylistEditor.Item], region: Int, into file: String) -> Result<Void, PlaylistEditor.Refusal> {
        let text: String
        do {
            let current = try LayoutParser.loadWithText(path: file).text
            text = try LayoutPlaylistText.replacing(in: current, region: region, with: items, sourceName: file)
        } catch {
            return .failure(.init(.invalid, error.description))
        }
        var status = stat()
        let mode = stat(file, &status) == 0 ? Int32(status.st_mode & 0o777) : 0o644
        do { try AtomicFile.write(Array(text.utf8), to: file, mode: mode) } catch {
            return .failure(.init(.failed, "\(Console.name(file)): not saved (\(error.description))"))
        }
        return .success(())
    }
}
