import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallProtocol

/// SIGHUP with `--layout` (systemd's `ExecReload=`): the layout is read again, and each tile
/// whose region now names another source plays it, joining the wall in sync
/// (`Wall.replaceSource`); the tiles whose source did not change go on untouched, with
/// no black frame. A playlist tile reads its list again (its region's `playlist:`, its
/// playlist file or its folder) and plays the new one from its next item boundary. Regions
/// that moved, other region options, and a tile that becomes or stops being a playlist, wait
/// for the next start.
@MainActor
final class LayoutReload {
    /// What a reload reads again: the `--layout` given, with the command line's sources.
    struct Source: Sendable {
        var layoutName: String
        var sources: [String]
        var maxTiles: Int
    }

    private var plan: TilePlan
    private let sources: [String]
    private let layoutName: String
    private let maxTiles: Int
    private weak var wall: Wall?
    private var running: Task<Void, Never>?
    /// The layout as followers are told it (`wall-layout`), after a playlist was read anew and
    /// the regions stayed as they are: a leader's followers take up the new lists too.
    var onShared: ((SharedLayout) -> Void)?

    init(plan: TilePlan, source: Source, wall: Wall) {
        self.plan = plan
        sources = source.sources
        layoutName = source.layoutName
        maxTiles = source.maxTiles
        self.wall = wall
    }

    /// Makes SIGHUP reload `plan`'s layout for this session, when a layout was given.
    static func arm(_ source: Source?, plan: TilePlan?, wall: Wall, stop: SessionStop) -> LayoutReload? {
        guard let source, let plan else { return nil }
        let reload = LayoutReload(plan: plan, source: source, wall: wall)
        stop.onHangUp = { [weak reload] in reload?.reload() }
        return reload
    }

    /// One reload, unless one still runs (then this one is said and dropped).
    func reload() {
        guard running == nil else {
            Console.note("SIGHUP: a reload is still under way; this one is not started")
            return
        }
        running = Task { [weak self] in
            await self?.run()
            self?.running = nil
        }
    }

    /// The layout file this session reads (nil for a built-in layout): the one the web page
    /// saves a playlist into.
    var layoutFile: String? { LayoutCatalog.filePath(nameOrPath: layoutName, searchDirectories: LayoutDirectories.all) }

    /// Which region tile `index` (from 0) shows, nil past the tiles.
    func region(ofTile index: Int) -> Int? { plan.tiles.indices.contains(index) ? plan.tiles[index].region : nil }

    /// Tile `index`'s playlist read again from the layout file (the web page saved it), played
    /// from the tile's next item boundary. Returns the lines of the entries left out; throws
    /// why the list it had plays on.
    func reloadPlaylist(ofTile index: Int) async throws(LayoutReloadError) -> [String] {
        let fresh = try await readPlan()
        guard let wall, fresh.tiles.indices.contains(index) else { throw LayoutReloadError(description: "the wall has no tile \(index + 1)") }
        do {
            let skipped = try await wall.reloadPlaylist(ofTile: index, from: fresh.specs(mute: false)[index])
            plan.tiles[index] = fresh.tiles[index]
            tellFollowers(fresh)
            Console.note("tile \(index + 1): its playlist was saved from the web page; it plays it from its next item")
            return skipped
        } catch {
            throw LayoutReloadError(description: "tile \(index + 1): \(error)")
        }
    }

    /// The layout read again, off the main thread and bounded: the file may sit on a dead mount.
    private func readPlan() async throws(LayoutReloadError) -> TilePlan {
        let sources = self.sources, layoutName = self.layoutName, maxTiles = self.maxTiles
        let outcome = await BlockingCalls.run("reading the layout", timeout: TilePlan.layoutReadTimeout) {
            Result { () throws(LayoutError) in try TilePlan.make(sources: sources, layoutName: layoutName, maxTiles: maxTiles) }
        }
        switch outcome {
        case .success(let read)?: return read
        case .failure(let error)?: throw LayoutReloadError(description: error.description)
        case nil:
            throw LayoutReloadError(description: "--layout \(Console.name(layoutName)): the file gave no answer within \(Int(TilePlan.layoutReadTimeout)) s")
        }
    }

    private func run() async {
        Console.note("SIGHUP: reading the layout again")
        let fresh: TilePlan
        do { fresh = try await readPlan() } catch {
            Console.error("SIGHUP: \(error.description); the wall goes on as it was")
            return
        }
        if fresh.tiles.map({ $0.region }) != plan.tiles.map({ $0.region }) || fresh.layout.regions.map(\.frame) != plan.layout.regions.map(\.frame) {
            Console.warning("SIGHUP: the layout's regions changed: they take effect at the next start; sources are reloaded now")
        }
        let freshSpecs = fresh.specs(mute: false)
        for index in plan.tiles.indices where index < fresh.tiles.count {
            guard let wall else { return }
            // A playlist tile's list is read again whether or not the layout changed: its
            // playlist file or folder may have.
            if wall.playsPlaylist(tile: index) {
                do {
                    let skipped = try await wall.reloadPlaylist(ofTile: index, from: freshSpecs[index])
                    skipped.forEach { Console.warning("tile \(index + 1): " + $0) }
                    plan.tiles[index] = fresh.tiles[index]
                    Console.note("tile \(index + 1): its playlist was read again; it plays it from its next item")
                } catch {
                    Console.error("SIGHUP: tile \(index + 1): \(error); its playlist plays on as it was")
                }
                continue
            }
            guard fresh.tiles[index].source != plan.tiles[index].source || fresh.tiles[index].regionSpec.playlist != nil else { continue }
            if fresh.tiles[index].regionSpec.playlist != nil {
                Console.warning("SIGHUP: tile \(index + 1): its region now has a playlist: it plays it from the next start")
                continue
            }
            let source = fresh.tiles[index].source
            do {
                try await wall.replaceSource(ofTile: index, with: source)
                plan.tiles[index].source = source
                Console.note("tile \(index + 1): now plays \(Console.name(source))")
            } catch {
                Console.error("SIGHUP: tile \(index + 1): \(error); it plays \(Console.name(plan.tiles[index].source)) as before")
            }
        }
        tellFollowers(fresh)
    }

    /// `fresh`'s layout to the followers, when it is what the wall now plays: its regions the
    /// ones the wall plays in, and every tile's list the one it plays (a list this reload did
    /// not take, another region's edited by hand meanwhile, is not handed on either).
    private func tellFollowers(_ fresh: TilePlan) {
        guard fresh.tiles.map(\.region) == plan.tiles.map(\.region), fresh.layout.regions.map(\.frame) == plan.layout.regions.map(\.frame),
              zip(fresh.tiles, plan.tiles).allSatisfy({ $0.regionSpec.playlist == $1.regionSpec.playlist }), let shared = fresh.shared else { return }
        onShared?(shared)
    }
}

struct LayoutReloadError: Error, CustomStringConvertible {
    var description: String
}
