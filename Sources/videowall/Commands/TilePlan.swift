import GLibMainLoop
import GStreamerKit
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine

/// What a wall plays, once the sources are matched to a layout: each tile's source and the
/// region it takes its options from (loop, mute, volume), and the sources left over (they
/// become failed tiles past the wall's size). Made before GStreamer or the display starts, for
/// the window and headless alike, so a layout is checked the same way in both (a broken one
/// exits 64 in CI as on a screen).
struct TilePlan: Sendable {
    struct Tile: Sendable {
        var region: Int
        var source: String
        var regionSpec: LayoutRegion
    }

    var layout: Layout
    var tiles: [Tile]
    var leftOver: [String]
    /// The text of the layout file (nil for a built-in layout): what a leader shares.
    var layoutText: String?

    /// Whether the layout is the grid a wall without `--layout` chose (`AutoGrid`): it may be
    /// turned once the sources' shapes are known (`regridded`).
    var choosesGrid = false

    /// The shape a wall's window is taken to have before it is shown (`WallWindow.Options`'s
    /// 1280x720; a fullscreen window is most often on a 16:9 monitor too).
    static let assumedCanvasAspect = 16.0 / 9.0

    /// With `layoutName`, that layout must show every source; without, a grid that shows every
    /// source up to `maxTiles` (`LayoutCatalog.automatic`), and sources past it are left over.
    /// The grid is chosen before the sources are described (the window, and each tile's sink
    /// in it, are made before the discoverer answers), as for 16:9 sources on `canvasAspect`;
    /// `regridded` turns it when their shapes are known.
    static func make(sources: [String], layoutName: String?, maxTiles: Int,
                     canvasAspect: Double = assumedCanvasAspect) throws(LayoutError) -> TilePlan {
        let layout: Layout
        var text: String?
        let assignment: LayoutAssignment
        if let layoutName {
            (layout, text) = try LayoutCatalog.resolveWithText(nameOrPath: layoutName, searchDirectories: LayoutDirectories.all)
            assignment = try LayoutAssignment.assign(layout: layout, sourceCount: sources.count)
        } else {
            let shown = max(1, min(sources.count, maxTiles))
            layout = try LayoutCatalog.automatic(sourceAspects: Array(repeating: nil, count: shown), canvasAspect: canvasAspect,
                                                 searchDirectories: LayoutDirectories.all)
            // Without --layout, sources past --max-tiles become failed tiles (never decoded:
            // the wall refuses them), not a refusal.
            assignment = try LayoutAssignment.assign(layout: layout, sourceCount: min(sources.count, layout.regions.count))
        }
        // Tiles in region order; a region may name its own file instead of a command-line index.
        var tiles: [Tile] = []
        for entry in assignment.entries {
            let source: String
            switch entry.source {
            case .index(let i): source = sources[i - 1]
            case .location(let location): source = location
            }
            tiles.append(Tile(region: entry.region, source: source, regionSpec: layout.regions[entry.region]))
        }
        guard !tiles.isEmpty || !sources.isEmpty else {
            throw LayoutError(file: layout.name, line: nil, message: "no region names a source: give one to \(maxTiles) paths or URIs to play")
        }
        let assigned = Set(assignment.entries.compactMap { if case .index(let i) = $0.source { i - 1 } else { nil } })
        let leftOver = sources.indices.filter { !assigned.contains($0) }.map { sources[$0] }
        return TilePlan(layout: layout, tiles: tiles, leftOver: leftOver, layoutText: text, choosesGrid: layoutName == nil)
    }

    /// The grid for the sources' display aspect ratios as described (nil: not known) on a canvas
    /// of `canvasAspect`, when it differs from the plan's (turned: 3x2 to 2x3, side by side to
    /// stacked); nil when it is the same, or the layout is not a chosen grid.
    func regridded(aspects: [Double?], canvasAspect: Double) -> Layout? {
        guard choosesGrid, aspects.count == layout.regions.count else { return nil }
        let fresh = try? LayoutCatalog.automatic(sourceAspects: aspects, canvasAspect: canvasAspect, searchDirectories: LayoutDirectories.all)
        guard let fresh, fresh.regions.count == layout.regions.count, fresh.regions.map(\.frame) != layout.regions.map(\.frame) else { return nil }
        return fresh
    }

    /// The plan a leader shares with its followers: its layout file's text and each tile's
    /// region (nil for a layout of its own choosing, which a follower chooses the same way).
    var shared: SharedLayout? {
        guard let layoutText, leftOver.isEmpty else { return nil }
        return SharedLayout(text: layoutText, regions: tiles.map(\.region))
    }

    /// A follower's plan: the leader's layout, with the leader's sources (in tile order) in the
    /// regions the leader plays them in.
    static func following(_ shared: SharedLayout, sources: [String]) throws(LayoutError) -> TilePlan {
        let layout = try shared.layout(sourceName: "the leader's layout")
        guard shared.regions.count == sources.count else {
            throw LayoutError(file: "the leader's layout", line: nil, message: "it places \(shared.regions.count) tiles, but the leader plays \(sources.count)")
        }
        let tiles = zip(shared.regions, sources).map { Tile(region: $0, source: $1, regionSpec: layout.regions[$0]) }
        return TilePlan(layout: layout, tiles: tiles, leftOver: [], layoutText: shared.text)
    }

    /// The screen `name` of the plan's canvas; a layout without one, or without a screen of
    /// that name, is an error naming the screens it has.
    func screen(named name: String) throws(LayoutError) -> CanvasScreen {
        guard let canvas = layout.canvas else { throw Self.noCanvas(forScreen: name, layout: layout.name) }
        guard let screen = canvas.screen(named: name) else {
            throw LayoutError(file: layout.name, line: nil, message: "no screen named \(TerminalText.quoted(name)); the layout has "
                + canvas.screens.map { TerminalText.quoted($0.name) }.joined(separator: ", "))
        }
        return screen
    }

    /// `--screen NAME` with a layout that has no canvas, or none at all.
    static func noCanvas(forScreen name: String, layout: String) -> LayoutError {
        LayoutError(file: layout, line: nil, message: "--screen \(TerminalText.quoted(name)) needs a layout with a canvas and screens (see layouts/wall-3x1.yaml)")
    }

    /// The tiles as the engine takes them: a region's own loop, mute and volume, with `output`
    /// giving each tile's video output (by default headless). Left-over sources follow.
    func specs(mute: Bool, opensAudioDevice: Bool = true, output: (Int) -> any VideoOutput = { _ in .headless }) -> [TileSpec] {
        var specs = tiles.enumerated().map { index, tile in
            var spec = TileSpec(source: tile.source, output: output(index),
                     endOfStream: tile.regionSpec.loop == true ? .loop : .hold,
                     muted: mute || tile.regionSpec.mute == true, volume: tile.regionSpec.volume ?? 1,
                     opensAudioDevice: opensAudioDevice, loopsWithGroup: tile.regionSpec.loop != false,
                     offset: tile.regionSpec.offset ?? .zero,
                     playlist: tile.regionSpec.playlist?.items ?? [],
                     rotation: PictureRotation(degrees: tile.regionSpec.rotate ?? 0))
            spec.playlistSchedule = tile.regionSpec.playlist?.schedule ?? Schedule()
            return spec
        }
        // While nothing of a playlist is scheduled, its region shows the layout's background.
        for index in specs.indices { specs[index].background = layout.background }
        specs += leftOver.map { TileSpec(source: $0, muted: mute, opensAudioDevice: opensAudioDevice) }
        return specs
    }

    var layoutChoosesSound: Bool { tiles.contains { $0.regionSpec.mute != nil } }

    /// The plan for `--layout`, if one was given; a refused layout is printed and ends the run
    /// with the usage status. The file is read off the main thread, and waited for at most
    /// `layoutReadTimeout` seconds, or until a stop signal (which ends the run as it would
    /// during play).
    @MainActor
    static func checked(sources: [String], layoutName: String?, maxTiles: Int, signals: StopSignals) throws -> TilePlan? {
        guard let layoutName else { return nil }
        let outcome = MainLoop.waitForWork(timeout: layoutReadTimeout, stop: { !signals.received.isEmpty }) {
            Result { () throws(LayoutError) in try make(sources: sources, layoutName: layoutName, maxTiles: maxTiles) }
        }
        switch outcome {
        case .success(let plan)?:
            return plan
        case .failure(let error)?:
            Console.error(error.description)
            throw ExitStatus.usage
        case nil:
            if let signal = signals.received.first {
                Console.note("stopping: \(signal)")
                throw ExitStatus.forStop(.signal(signal), failedTiles: 0, totalTiles: 0, outputsLost: false)
            }
            Console.error("--layout \(Console.name(layoutName)): the file gave no answer within \(Int(layoutReadTimeout)) s")
            throw ExitStatus.usage
        }
    }

    static let layoutReadTimeout = 10.0

    /// The plan of `--compare`: the two sources over one another (`Layout.comparison`).
    static func comparing(_ sources: [String]) -> TilePlan {
        let layout = Layout.comparison
        let tiles = zip(layout.regions.indices, sources).map { Tile(region: $0, source: $1, regionSpec: layout.regions[$0]) }
        return TilePlan(layout: layout, tiles: tiles, leftOver: [])
    }

    /// The built-in layout's plan for a window without `--layout`; nil (after saying why) when
    /// the shipped layouts cannot be found.
    static func builtIn(sources: [String], maxTiles: Int) -> TilePlan? {
        do { return try make(sources: sources, layoutName: nil, maxTiles: maxTiles) } catch {
            Console.error(error.description)
            return nil
        }
    }
}
