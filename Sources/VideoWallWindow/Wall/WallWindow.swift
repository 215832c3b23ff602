internal import CGtk
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallPresentation
import VideoWallEngine

/// The GTK 3 wall: one region per layout region, each tile's video aspect-fitted inside it
/// from the size the stream reports, transport controls below (hidden in kiosk mode).
/// It hands the engine a sink per tile and follows the wall's events.
@MainActor
public final class WallWindow {
    public struct Options: Sendable {
        public var title = "VideoWall"
        public var width = 1280
        public var height = 720
        public var fullscreen = false
        /// Fullscreen, no controls, no cursor, screensaver held off.
        public var kiosk = false
        public var monitor: Int?
        /// Tiles 1 and 2 in one picture, in this view (`--compare`); the layout should give
        /// both the same region (`Layout.comparison`).
        public var compare: CompareMode?
        /// The screen of the layout's canvas this window is (walls across machines): it shows
        /// the part of the canvas under that screen, the screen's pixels scaled to the window.
        /// Nil: the regions fill the window (a layout with a canvas shows all of it).
        public var screen: CanvasScreen?
        /// The transport bar under the stage (not in kiosk mode). Windows of one wall on
        /// several monitors show none, so every stage keeps its monitor's shape.
        public var showsControls = true
        /// How the screen's whole picture is turned on its monitor (its `rotate:`); only for
        /// a window that shows a `screen`.
        public var turn = ScreenTurn.none
        /// A `monitor` this display does not have (a TV switched off, unplugged) is waited for
        /// instead of refused: the window stays hidden until the monitor is there, and hides
        /// again while it is gone (`onMonitorNews` says so). A kiosk's choice.
        public var waitsForMonitor = false
        public init() {}
    }

    /// The layout shown; its regions may be moved once (`rearrange`).
    public private(set) var layout: Layout
    public let options: Options
    let window: UnsafeMutablePointer<GtkWidget>
    private let stage: UnsafeMutablePointer<GtkWidget>
    let transportBar: TransportBar
    private(set) var tiles: [TileView] = []
    /// Which tile shows each wall tile (wall index -> view index).
    private(set) var viewForTile: [Int: Int] = [:]
    /// How a source's tile is named: the region's label, the name given for the source, or
    /// (not in kiosk mode) its file name.
    private var nameForSource: (_ region: Int, _ source: String) -> String? = { _, _ in nil }
    private var stageSize = (width: 0, height: 0)
    private var isFullscreen = false
    /// Where the window was before it was made to cover its monitor by hand (no window
    /// manager to fullscreen it), to go back there when fullscreen is switched off.
    var frameBeforeCovering: PixelRect?
    private weak var wall: Wall?
    /// Each tile's state as the wall's events said it last (what a frame tick reads).
    private var tileStates: [Int: PlayerState] = [:]
    /// The machine's overload as the wall's events said it last.
    private var overload: OverloadMeter.Figure?
    /// Whether this window is drawn as often as its tiles' frames change (the display as the bottleneck).
    private var displayPace = DisplayPace()
    /// Frame-clock ticks this window was drawn at (its own, or those of the window leading it).
    private var frameTicks: UInt64 = 0
    private var timers: [any MainLoopSource] = []
    /// The layout's clocks, texts and images over the tiles.
    private var overlays: OverlayLayer?
    /// The words text overlay `index` (from 0, in the layout's order) shows; nil for a clock,
    /// an image or no such overlay.
    public func overlayText(_ index: Int) -> String? { overlays?.text(ofOverlay: index) }

    /// Shows `text` in text overlay `index` from now on; false for a clock, an image or no such overlay.
    @discardableResult
    public func setOverlayText(_ index: Int, to text: String) -> Bool { overlays?.setText(text, ofOverlay: index) ?? false }

    /// An overlay that cannot be shown (an image that cannot be read), said once.
    public var onOverlayProblem: ((String) -> Void)? {
        get { overlays?.onProblem }
        set { overlays?.onProblem = newValue }
    }
    private var eventTask: Task<Void, Never>?
    private var audibleTile: Int? = 0
    /// The tile the offset keys move (Alt+1 to Alt+4), numbered from 0; nil: none.
    public private(set) var selectedTile: Int?
    /// `s`: the program saves every tile and the window (where to is its choice).
    public var onScreenshots: (() -> Void)?
    /// Called once, when the X server has the first repaint that showed a frame on every
    /// tile with a source: at the next frame-clock tick, after a round trip to the server.
    public var onFirstPicture: (() -> Void)?
    /// Every tile had a frame to paint at a tick: the paint that followed showed them all.
    private var firstPicturePainted = false
    /// `I`: the program measures tile 2 against tile 1 (and may `showMessage` the result).
    public var onMeasureQuality: (() -> Void)?
    /// A line over the top left of the stage for a few seconds (`showMessage`).
    private let messageBanner = GtkDrawing.overlayLabel(style: "vw-overlay")
    private var messageTimer: (any MainLoopSource)?
    /// Whether each tile shows its frame info under its name (`i`).
    public private(set) var showsInfo = false
    private var seekBarHeld = false
    private var tickID: guint = 0
    /// The windows of one wall on several monitors, this one among them
    /// (`WallWindow.presentTogether`): the first of them on screen picks the frames of all at
    /// its frame tick, at one instant, so a picture that crosses monitors never shows two frames.
    var presentationGroup: [WeakWindow] = []
    /// The window's signal handlers: they go with the window.
    private var connections: [GtkSignalConnection] = []
    /// What the linked tiles show when zoomed (wheel, drag, `z`, `Z`): one part of the picture,
    /// in fractions of each source, so tiles of different resolutions show the same part.
    public private(set) var zoom = ZoomView()
    /// Source pixels enlarged as sharp blocks (`N`, nearest-neighbour) rather than smoothly,
    /// on every tile.
    public private(set) var nearestFiltering = false
    /// Tiles (from 0) unlinked from the others (`u`), each with what it shows.
    private var ownZoom: [Int: ZoomView] = [:]
    /// The primary button went down on a tile at (x, y): a click unless it is dragged.
    private var press: (tile: Int, x: Double, y: Double, dragged: Bool)?
    /// Tiles 1 and 2 in one picture, over their own surfaces (`--compare`).
    private var compare: CompareSurface?
    /// Says, over the bottom of the stage, that the machine cannot keep up (hidden otherwise).
    private let overloadBanner = GtkDrawing.overlayLabel(style: "vw-error")
    /// Called when the user asks to quit (q, Escape, closing the window).
    public var onQuit: (() -> Void)?
    /// Called when the window is destroyed from outside (another X client's XDestroyWindow):
    /// GTK destroys the widgets then, and the window stops following the wall.
    public var onDestroyed: (() -> Void)?
    /// Its monitor went away or came back (`Options.waitsForMonitor`), in a sentence.
    public var onMonitorNews: ((String) -> Void)?
    /// Hidden until its monitor is there (`Options.waitsForMonitor`).
    private(set) var waitsForItsMonitor = false
    /// Whether `close()` is destroying the window (so its "destroy" is not news).
    private var closing = false
    private var beingDestroyed = false
    private var destroyed = false

    /// Builds the window for `layout` with `sources[i]` in region `assignment[i]`. A region
    /// shows its layout label, else the name `labels` gives its source, else (except in kiosk
    /// mode) the source's short file name.
    public init(layout: Layout, assignments: [(region: Int, source: String)], labels: [String: String] = [:],
                options: Options) throws {
        self.layout = layout
        self.options = options
        GtkDrawing.installStyles()
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(vw_window(window), options.title)
        gtk_window_set_default_size(vw_window(window), gint(clamping: options.width), gint(clamping: options.height))
        stage = gtk_layout_new(nil, nil)!
        GtkDrawing.paintBackground(of: stage, color: layout.background)
        transportBar = TransportBar()

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_pack_start(vw_box(column), stage, 1, 1, 0)
        gtk_box_pack_start(vw_box(column), transportBar.container, 0, 0, 0)
        gtk_container_add(vw_container(window), column)

        let sourceByRegion = Dictionary(assignments.map { ($0.region, $0.source) }, uniquingKeysWith: { a, _ in a })
        let kiosk = options.kiosk
        nameForSource = { region, source in
            layout.regions[region].label ?? labels[source] ?? (kiosk ? nil : TileLabel.name(forSource: source))
        }
        // Paint order: higher z on top (a picture-in-picture inset above the main picture).
        let order = layout.regions.indices.sorted { (layout.regions[$0].z, $0) < (layout.regions[$1].z, $1) }
        var views: [Int: TileView] = [:]
        for regionIndex in order {
            let source = sourceByRegion[regionIndex]
            let name = source.flatMap { nameForSource(regionIndex, $0) } ?? layout.regions[regionIndex].label
            let view = try TileView(index: regionIndex, region: layout.regions[regionIndex], source: source, name: name,
                                    namePrefix: options.screen.map { "\($0.name)-" } ?? "",
                                    turn: options.screen == nil ? .none : options.turn)
            gtk_layout_put(vw_layout(stage), view.container, 0, 0)
            views[regionIndex] = view
        }
        tiles = layout.regions.indices.map { views[$0]! }
        for (tile, assignment) in assignments.enumerated() { viewForTile[tile] = assignment.region }
        if let mode = options.compare, let first = viewForTile[0].flatMap({ tiles[$0].surface }),
           let second = viewForTile[1].flatMap({ tiles[$0].surface }) {
            let names = (viewForTile[0].flatMap { tiles[$0].name } ?? "1", viewForTile[1].flatMap { tiles[$0].name } ?? "2")
            let compare = CompareSurface(first: first.frames, second: second.frames, names: names, mode: mode)
            compare.onScroll = { [weak self] x, y, steps in
                self?.changeZoom(of: nil) { $0.zoom(by: Self.wheelZoom(steps), aboutX: x, y: y) }
            }
            gtk_layout_put(vw_layout(stage), compare.box, 0, 0)
            self.compare = compare
        }
        overlays = OverlayLayer(overlays: WallOverlay.overlays(of: layout), on: stage, turn: options.screen == nil ? .none : options.turn)
        gtk_layout_put(vw_layout(stage), overloadBanner.box, 0, 0)
        gtk_layout_put(vw_layout(stage), messageBanner.box, 8, 8)

        connections = [
            GtkSignals.onSizeAllocate(stage) { [weak self] width, height in self?.stageResized(width: width, height: height) },
            GtkSignals.onKeyPress(window) { [weak self] key, modifiers in
                guard let self, let command = WallCommand.forKey(key, modifiers: modifiers) else { return false }
                self.perform(command)
                return true
            },
            GtkSignals.onDelete(window) { [weak self] in self?.onQuit?(); return true },
            GtkSignals.onSimple(window, "destroy") { [weak self] in self?.windowDestroyed() },
        ]
        // On a tile's picture: a click selects it for the offset keys (as Alt+1 to Alt+4 do),
        // a drag pans a zoomed picture, the wheel zooms about the pointer.
        for (tile, region) in viewForTile {
            let target = tiles[region].clickTarget
            connections += [
                GtkSignals.onPrimaryPress(target) { [weak self] x, y in self?.press = (tile, x, y, false) },
                GtkSignals.onPrimaryDrag(target) { [weak self] x, y in self?.dragged(tile: tile, toX: x, y: y) },
                GtkSignals.onPrimaryRelease(target) { [weak self] in self?.released(tile: tile) },
                GtkSignals.onScroll(target) { [weak self] x, y, steps in self?.scrolled(tile: tile, x: x, y: y, steps: steps) },
            ]
        }
        transportBar.onCommand = { [weak self] in self?.perform($0) }
        transportBar.onDrag = { [weak self] dragging in self?.dragChanged(dragging) }
        transportBar.onScrub = { [weak self] seconds in self?.scrub(to: seconds) }
    }

    /// Where tile `tile` (numbered from 0) is drawn, for its `TileSpec`: its region's video
    /// surface, or headless for a tile the layout gives no region.
    public func videoOutput(forTile tile: Int) -> any VideoOutput {
        viewForTile[tile].flatMap { tiles[$0].surface?.videoSink } ?? HeadlessVideoOutput()
    }

    /// Maps the window (fullscreen and on its monitor as asked) and starts following `wall`.
    public func show(following wall: Wall) throws(WindowError) {
        self.wall = wall
        gtk_widget_show_all(window)
        tiles.forEach { $0.showAll() }
        if options.kiosk || !options.showsControls { gtk_widget_hide(transportBar.container) }
        gtk_widget_hide(messageBanner.box)
        if let compare {
            // Tile 2 is seen through the compare picture only (its surface is still fed), and
            // the picture's caption names both.
            if let second = viewForTile[1] { gtk_widget_hide(tiles[second].container) }
            if let first = viewForTile[0] { tiles[first].showsName = false }
            gtk_widget_hide(compare.box)
        }
        gtk_widget_hide(overloadBanner.box)
        do { try placeOnMonitor() } catch {
            guard options.waitsForMonitor else { throw error }
            waitsForItsMonitor = true
            gtk_widget_hide(window)
            onMonitorNews?("\(error.description): its window waits for it")
        }
        if options.waitsForMonitor, options.monitor != nil, let display = gdk_display_get_default() {
            let raw = UnsafeMutableRawPointer(display)
            connections += ["monitor-added", "monitor-removed"].map { signal in
                GtkSignals.onMonitorChange(raw, signal) { [weak self] in self?.monitorsChanged() }
            }
        }
        if !waitsForItsMonitor, options.fullscreen || options.kiosk { setFullscreen(true) }
        if options.kiosk { enterKiosk() }
        let events = wall.events()
        eventTask = Task { [weak self] in
            for await event in events { self?.handle(event) }
        }
        // A wall already loaded: its tiles' states and overload as they stand; the events
        // keep them from here.
        let snapshot = wall.snapshot
        for status in snapshot.tiles { tileStates[status.index] = status.state }
        overload = snapshot.overload
        refreshTransport()
        addFrameTick()
        timers.append(MainLoop.every(seconds: 1) { [weak self] in
            self?.sampleDisplayPace()
            return self != nil
        })
        applyAudio()
    }

    private func placeOnMonitor() throws(WindowError) {
        guard let monitor = options.monitor else { return }
        let display = gdk_display_get_default()
        let count = Int(gdk_display_get_n_monitors(display))
        guard monitor >= 0, monitor < count, let handle = gdk_display_get_monitor(display, gint(clamping: monitor)) else {
            let asker = options.screen.map { "screen \(TerminalText.quoted($0.name)): monitor \(monitor)" } ?? "--monitor \(monitor)"
            throw WindowError("\(asker): there is no such monitor (this display has \(count), numbered from 0)")
        }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(handle, &geometry)
        gtk_window_move(vw_window(window), geometry.x, geometry.y)
    }

    /// The display's monitors changed: a window waiting for its monitor shows on it once it is
    /// there; one whose monitor went away hides (else the window manager would move it over
    /// another screen's window); one still on its monitor covers it again (its place may move).
    private func monitorsChanged() {
        guard isPresenting, let monitor = options.monitor, let display = gdk_display_get_default() else { return }
        let present = monitor < Int(gdk_display_get_n_monitors(display))
        let name = options.screen.map { "screen \(TerminalText.quoted($0.name)): " } ?? ""
        if present {
            if waitsForItsMonitor {
                waitsForItsMonitor = false
                gtk_widget_show(window)
                onMonitorNews?("\(name)monitor \(monitor) is there again: its window shows on it")
            }
            try? placeOnMonitor()
            if options.fullscreen || options.kiosk { setFullscreen(true) }
        } else if !waitsForItsMonitor {
            waitsForItsMonitor = true
            gtk_widget_hide(window)
            onMonitorNews?("\(name)monitor \(monitor) went away: its window waits for it")
        }
    }

    private func setFullscreen(_ on: Bool) {
        isFullscreen = on
        if on {
            if let monitor = options.monitor {
                gtk_window_fullscreen_on_monitor(vw_window(window), gtk_window_get_screen(vw_window(window)), gint(clamping: monitor))
            } else {
                gtk_window_fullscreen(vw_window(window))
            }
            coverMonitorIfNoWindowManager()
        } else {
            gtk_window_unfullscreen(vw_window(window))
            uncoverMonitor()
        }
    }

    /// No cursor, and the screensaver reset every 30 s while the wall runs.
    private func enterKiosk() {
        if let gdkWindow = gtk_widget_get_window(window), let display = gdk_display_get_default() {
            let blank = gdk_cursor_new_for_display(display, GDK_BLANK_CURSOR)
            gdk_window_set_cursor(gdkWindow, blank)
            if let blank { g_object_unref(UnsafeMutableRawPointer(blank)) }
        }
        let reset: @MainActor () -> Bool = {
            if !DisplayPower.monitorsAreOff, let display = gdk_display_get_default() { vw_reset_x11_screensaver(display) }
            return true
        }
        _ = reset()
        timers.append(MainLoop.every(seconds: 30, reset))
    }

    /// `gtk_widget_add_tick_callback` (`gboolean (*)(GtkWidget *, GdkFrameClock *, gpointer)`):
    /// once per frame-clock tick each tile's frame is chosen and every tile whose frame changed
    /// is repainted, so all tiles change frame in the same paint.
    private func addFrameTick() {
        typealias F = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean
        let tick: F = { _, _, data in
            guard let data, let window = Unmanaged<WeakWindow>.fromOpaque(data).takeUnretainedValue().window else { return 0 }
            MainActor.assumeIsolated { window.presentFrames() }
            return 1
        }
        // The callback holds the window weakly (a box released by the destroy-notify), so a
        // tick after the window went, whatever the order, finds nothing and ends.
        let box = Unmanaged.passRetained(WeakWindow(self)).toOpaque()
        tickID = gtk_widget_add_tick_callback(window, tick, box) { data in
            if let data { Unmanaged<WeakWindow>.fromOpaque(data).release() }
        }
    }

    /// Picks the frame each tile shows. While the wall plays, the tiles that are playing show
    /// one instant, the newest all of them have reached (`CommonFrameChoice`): a tile whose
    /// frame is late holds the others back rather than split the wall, and a frame one tile
    /// dropped is skipped by all. A tile that has shown nothing new for a long while (stalled,
    /// about to be reported), or for a few frames inside a hole of its media, stops holding
    /// the others back, except on a machine that cannot
    /// keep up, where every tile is slow and the wall shows what all of them have. A tile that
    /// waits while the wall plays keeps its frame; every other tile shows its newest.
    /// The time now on the clock the tiles' sinks run on (`gst_element_get_clock`: the wall's
    /// one pipeline clock); nil while no sink has one.
    private var clockNow: MediaTime? {
        for view in tiles {
            if let time = view.surface?.videoSink.renderer.clock?.time { return MediaTime(time) }
        }
        return nil
    }

    /// The frame tick: this window's tiles and those of the windows it leads (one wall on
    /// several monitors) take part in one choice, so a tile shown on two monitors shows the
    /// same frame on both (its two surfaces are two participants: an instant one of them has
    /// not received yet is not chosen), and all of them are painted in this main-loop pass.
    private func presentFrames() {
        // Of a wall's windows, the first on screen picks for all (a window waiting for its
        // monitor has no frame clock running; the next one takes over).
        let windows = presentationGroup.isEmpty ? [self] : presentationGroup.compactMap(\.window).filter(\.isPresenting)
        guard isPresenting, let leader = windows.first(where: { gtk_widget_get_mapped($0.window) != 0 }), leader === self else { return }
        let group = [self] + windows.filter { $0 !== self && gtk_widget_get_mapped($0.window) != 0 }
        for window in group { window.tellFirstPicture() }
        let now = clockNow
        var candidates = FrameCandidates()
        for window in group { window.collectFrames(now: now, into: &candidates) }
        if candidates.following.count > 1, let choice = CommonFrameChoice.choose(candidates.spans) {
            for (frames, index) in zip(candidates.following, choice.frames) { frames.show(index: index) }
        } else {
            candidates.following.removeAll()  // one tile alone shows its newest frame
        }
        for window in group { window.paintChosenFrames(candidates) }
        guard group.count > 1 else { return }
        // Every window painted now, together, not each at its own frame clock's next cycle
        // (each toplevel has one): a capture of the screen never sees one monitor's window on
        // the new frame and another's on the old.
        let gdkWindows: [OpaquePointer?] = group.compactMap { gtk_widget_get_window($0.window) }
        gdkWindows.withUnsafeBufferPointer { vw_windows_paint_together($0.baseAddress, guint($0.count)) }
    }

    /// Not closed or destroyed (a window of a group may go before the one that leads it).
    private var isPresenting: Bool { !closing && !destroyed && !beingDestroyed }

    /// The frames a tick chooses among: the queues that follow the common instant with the
    /// spans they offer, and those that keep the frame they show.
    private struct FrameCandidates {
        var following: [FrameQueue] = []
        var spans: [[CommonFrameChoice.Frame]] = []
        var holding: [FrameQueue] = []
    }

    /// The frame after the first full picture was painted: a round trip to the X server
    /// (`gdk_display_sync`) first, so the moment told is when the server has the picture,
    /// what a capture from outside sees (within a frame), not when it was asked for.
    private func tellFirstPicture() {
        guard firstPicturePainted, let first = onFirstPicture else { return }
        onFirstPicture = nil
        gdk_display_sync(gtk_widget_get_display(window))
        first()
    }

    /// `now`: the pipeline clock's time at this tick (nil while no sink has a clock), read
    /// once for every window of the group.
    private func collectFrames(now clockReading: MediaTime?, into candidates: inout FrameCandidates) {
        guard let wall, wall.transport == .playing, let now = clockReading else { return }
        // A tile that waits while the others play (a shorter one in a group loop, re-armed
        // at its start for the next wrap) keeps its last frame: the frame it prerolled for
        // later is not for now.
        for (tile, region) in viewForTile where tileStates[tile].map({ $0 != .playing }) ?? false {
            if let frames = tiles[region].surface?.frames, frames.current != nil { candidates.holding.append(frames) }
        }
        let overloaded = overload != nil
        for (tile, region) in viewForTile {
            guard tileStates[tile] == .playing, let surface = tiles[region].surface,
                  let base = surface.baseTime, let received = surface.frames.spans(baseTime: base) else { continue }
            let frames = surface.frames
            // A frame prerolled for later (a tile re-armed for the group's next wrap) is not
            // shown before it is due; a tile with no frame due yet keeps the one it shows.
            let waiting = Array(received.prefix { $0.due <= now + Self.dueSlack })
            guard let newest = waiting.last else {
                if frames.current != nil { candidates.holding.append(frames) }
                continue
            }
            // A tile in a hole of its media (a segment the server did not have) holds its
            // last frame and lets the others play on: nothing is late, nothing will come
            // until the hole has passed.
            let shownFor = now - (newest.due + newest.duration)
            if shownFor > newest.duration * 3, wall.tiles.indices.contains(tile), wall.tiles[tile].inMediaHole { continue }
            guard overloaded || shownFor < Self.stalledAfter else { continue }
            candidates.following.append(frames)
            candidates.spans.append(waiting)
        }
    }

    /// Every tile not following the common instant nor holding shows its newest frame; each
    /// surface whose frame changed is redrawn, a tile refitted to a picture of a new size.
    private func paintChosenFrames(_ candidates: FrameCandidates) {
        frameTicks += 1
        var changed = false
        for view in tiles {
            guard let surface = view.surface else { continue }
            if !candidates.following.contains(where: { $0 === surface.frames }), !candidates.holding.contains(where: { $0 === surface.frames }) {
                surface.frames.showNewest()
            }
            if let size = surface.takeDisplaySizeChange() {
                view.setMediaSize(size)
                // On a screen of a wall across screens, the part shown depends on the size.
                if options.screen != nil { relayout() }
            }
            if surface.redrawIfNewFrame() { changed = true }
        }
        if let compare {
            compare.place(at: viewForTile[0].flatMap { videoFrame(ofRegion: $0) }, in: stage)
            if changed { compare.redraw() }
        }
        if onFirstPicture != nil, !firstPicturePainted,
           viewForTile.values.allSatisfy({ tiles[$0].surface?.frames.current != nil && tiles[$0].videoRect != nil }) {
            // Painted in this frame-clock cycle, after this tick; told at the next tick.
            firstPicturePainted = true
        }
    }

    private static let stalledAfter = MediaTime.milliseconds(2000)
    /// A frame reaches the appsink when it is due; the tick may read the clock a hair earlier.
    private static let dueSlack = MediaTime.milliseconds(5)

    /// A window dropped without `close()` closes itself: no tick, timer or handler outlives it.
    isolated deinit {
        close()
    }

    /// Closes the window and stops following the wall.
    public func close() {
        guard !closing else { return }
        stopFollowing()
        tiles.forEach { $0.release() }
        closing = true
        if !destroyed { gtk_widget_destroy(window) }
        connections.removeAll()
    }

    /// No more ticks, timers or events: nothing touches the widgets after this. (A window
    /// being destroyed drops its tick callback itself, and has no frame clock to remove it from.)
    private func stopFollowing() {
        if tickID != 0, !destroyed, !beingDestroyed { gtk_widget_remove_tick_callback(window, tickID) }
        tickID = 0
        timers.forEach { $0.cancel() }
        timers.removeAll()
        overlays?.stop()
        messageTimer?.cancel()
        eventTask?.cancel()
        eventTask = nil
    }

    /// "destroy" of the toplevel: from `close()`, or from outside (GTK destroys a toplevel
    /// whose X window another client destroyed), after which its widgets are gone.
    private func windowDestroyed() {
        guard !closing, !destroyed else { return }
        beingDestroyed = true
        stopFollowing()
        destroyed = true
        onDestroyed?()
    }

    // MARK: Geometry

    /// Moves the regions to `layout`'s frames: the same number of regions, showing the same
    /// tiles (a wall without `--layout` turns its grid once its sources' shapes are known).
    /// Another number of regions, or a canvas, is refused: the tiles' sinks stay where they are.
    public func rearrange(_ layout: Layout) {
        guard layout.regions.count == self.layout.regions.count, layout.canvas == nil, self.layout.canvas == nil else { return }
        self.layout = layout
        relayout()
    }

    /// The stage's width over its height, once it has a size (nil before it is allocated).
    public var stageAspect: Double? {
        stageSize.width > 0 && stageSize.height > 0 ? Double(stageSize.width) / Double(stageSize.height) : nil
    }

    private func stageResized(width: Int, height: Int) {
        guard width != stageSize.width || height != stageSize.height else { return }
        stageSize = (width, height)
        // Re-fit after this allocation pass: size requests changed inside size-allocate are
        // not honoured until the next one.
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.relayout() } }
    }

    /// Region origins are clamped to GTK's 32-bit `gint` on the way in: `RegionGeometry` keeps
    /// them near the window already, and a trapping conversion is not worth the risk.
    private func relayout() {
        if let canvas = layout.canvas, let screen = options.screen {
            relayout(on: screen, of: canvas)
            placeBanners()
            return
        }
        // A wall across screens seen whole keeps its canvas's shape, letterboxed in the window.
        let whole = PixelRect(x: 0, y: 0, width: stageSize.width, height: stageSize.height)
        let area = layout.canvas.map { AspectFit.videoRect(media: $0.size, in: whole, mode: .fit) } ?? whole
        let frames = RegionGeometry.pixelRects(for: layout.regions, in: Size(width: Double(area.width), height: Double(area.height)), gap: layout.gap)
        var placed: [PixelRect] = []
        for (view, inArea) in zip(tiles, frames) {
            let frame = PixelRect(x: area.x + inArea.x, y: area.y + inArea.y, width: inArea.width, height: inArea.height)
            gtk_layout_move(vw_layout(stage), view.container, gint(clamping: frame.x), gint(clamping: frame.y))
            view.layout(in: frame)
            placed.append(frame)
        }
        // On a canvas seen whole, an overlay given to one screen goes over that screen's part.
        var screens: [String: PixelRect] = [:]
        if let canvas = layout.canvas, canvas.size.width > 0, canvas.size.height > 0 {
            let scaleX = Double(area.width) / canvas.size.width, scaleY = Double(area.height) / canvas.size.height
            for screen in canvas.screens {
                let lit = screen.activeArea
                screens[screen.name] = Rect(x: Double(area.x) + lit.x * scaleX, y: Double(area.y) + lit.y * scaleY,
                                            width: lit.width * scaleX, height: lit.height * scaleY).integral
            }
        }
        overlays?.place(stage: area, regions: placed, screens: screens, window: whole)
        placeBanners()
    }

    /// Each tile at the part of it that falls on `screen`, in the screen's pixels scaled to the
    /// window, cut to that part of its picture (`CanvasPart`); a tile with nothing on this
    /// screen is not shown. Before its media size is known, a tile's placeholder covers the
    /// part of its region on the screen. The overlays, placed on the canvas, likewise.
    private func relayout(on screen: CanvasScreen, of canvas: LayoutCanvas) {
        // A turned screen (`rotate:`) is laid out upright, then each place turned onto the window.
        let upright = options.turn.uprightSize(ofWindowWidth: stageSize.width, height: stageSize.height)
        let scaleX = Double(upright.width) / Double(screen.pixelWidth), scaleY = Double(upright.height) / Double(screen.pixelHeight)
        /// A rectangle of the canvas in the screen's pixels (reaching past them when it does).
        func screenPixels(_ area: Rect) -> Rect {
            let topLeft = screen.pixel(x: area.x, y: area.y), bottomRight = screen.pixel(x: area.maxX, y: area.maxY)
            return Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
        }
        var cropChanged = false
        for view in tiles {
            let tile = canvas.place(view.region)
            var part: Rect?
            var onScreen = PixelRect(x: 0, y: 0, width: 0, height: 0)
            if let mediaSize = view.mediaSize {
                if let shown = CanvasPart.part(of: mediaSize, in: tile, fit: view.region.fit, on: screen) {
                    onScreen = shown.onScreen
                    part = Rect(x: shown.fromSource.x / mediaSize.width, y: shown.fromSource.y / mediaSize.height,
                                width: shown.fromSource.width / mediaSize.width, height: shown.fromSource.height / mediaSize.height)
                }
            } else if let area = tile.intersection(screen.activeArea) {
                onScreen = screenPixels(area).integral
            }
            let uprightFrame = Rect(x: Double(onScreen.x) * scaleX, y: Double(onScreen.y) * scaleY,
                                    width: Double(onScreen.width) * scaleX, height: Double(onScreen.height) * scaleY).integral
            let frame = options.turn.windowRect(of: uprightFrame, upright: upright)
            gtk_layout_move(vw_layout(stage), view.container, gint(clamping: frame.x), gint(clamping: frame.y))
            if view.showCanvasPart(part, in: frame) { cropChanged = true }
        }
        if cropChanged { refreshPausedPicture() }
        // The overlays are placed on the canvas, as in a window that shows all of it, and this
        // screen draws what falls on it: words over the wall are drawn once, across the screens
        // under them (in the upright picture's pixels, when the screen is turned).
        func onWindow(_ area: Rect) -> PixelRect {
            let pixels = screenPixels(area)
            return Rect(x: pixels.x * scaleX, y: pixels.y * scaleY, width: pixels.width * scaleX, height: pixels.height * scaleY).integral
        }
        var screens: [String: PixelRect] = [:]
        for each in canvas.screens { screens[each.name] = onWindow(each.activeArea) }
        overlays?.place(stage: onWindow(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)),
                        regions: layout.regions.map { onWindow(canvas.place($0)) }, screens: screens,
                        window: PixelRect(x: 0, y: 0, width: upright.width, height: upright.height))
    }

    /// The overload banner at the bottom left, the message at the top left: both wrap within
    /// the stage (a small window shows the whole sentence on more lines, never "...").
    private func placeBanners() {
        let size = GtkDrawing.fit(overloadBanner.box, maximumWidth: max(1, stageSize.width - 16))
        gtk_layout_move(vw_layout(stage), overloadBanner.box, 8, gint(clamping: max(0, stageSize.height - size.height - 8)))
        GtkDrawing.fit(messageBanner.box, maximumWidth: max(1, stageSize.width - 16))
    }

    /// Shows `text` over the top left of the stage, wrapped within it, for `seconds`.
    public func showMessage(_ text: String, seconds: Double = 8) {
        gtk_label_set_text(vw_label(messageBanner.label), text)
        GtkDrawing.fit(messageBanner.box, maximumWidth: max(1, stageSize.width - 16))
        gtk_widget_show_all(messageBanner.box)
        if let window = gtk_widget_get_window(messageBanner.box) { gdk_window_raise(window) }
        messageTimer?.cancel()
        messageTimer = MainLoop.after(seconds: seconds) { [weak self] in
            guard let self else { return }
            gtk_widget_hide(self.messageBanner.box)
        }
    }

    /// The message the window shows (`showMessage`), nil when it shows none.
    public var messageText: String? {
        gtk_widget_get_visible(messageBanner.box) != 0 ? String(cString: gtk_label_get_text(vw_label(messageBanner.label))) : nil
    }

    /// The overload warning the window shows, nil when it shows none.
    public var overloadText: String? {
        gtk_widget_get_visible(overloadBanner.box) != 0 ? String(cString: gtk_label_get_text(vw_label(overloadBanner.label))) : nil
    }

    /// Once a second while the wall plays and the engine keeps up: whether the window paints
    /// what the sinks render; when it clearly does not, the banner says the display is the limit.
    private func sampleDisplayPace() {
        guard let wall, wall.transport == .playing, overload == nil else {
            if displayPace.reset(), overload == nil { showOverload(nil) }
            return
        }
        let statuses = wall.tiles
        let rendered = viewForTile.keys.sorted().map { tile -> UInt64 in
            // A surface not on screen (tile 2 under --compare, a tile off this monitor) asks for no drawing.
            guard let surface = viewForTile[tile].flatMap({ tiles[$0].surface }), gtk_widget_get_mapped(surface.widget) != 0,
                  statuses.indices.contains(tile) else { return 0 }
            return statuses[tile].statistics?.framesRendered ?? 0
        }
        let seconds = Double(g_get_monotonic_time()) / 1e6
        guard displayPace.sample(ticks: frameTicks, rendered: rendered, at: seconds) else { return }
        if let slow = displayPace.slow {
            showBanner(slow.sentence)
        } else {
            showOverload(nil)
        }
    }

    private func showOverload(_ figure: OverloadMeter.Figure?) {
        guard let figure else { gtk_widget_hide(overloadBanner.box); return }
        showBanner(figure.sentence)
    }

    /// The bottom banner with `sentence`, its first letter capitalised.
    private func showBanner(_ sentence: String) {
        gtk_label_set_text(vw_label(overloadBanner.label), sentence.prefix(1).uppercased() + sentence.dropFirst())
        gtk_widget_show_all(overloadBanner.box)
        placeBanners()
    }

    /// Region and video rectangles in window coordinates, for tests and tools.
    public func regionFrame(ofRegion region: Int) -> PixelRect { tiles[region].frame }
    public func videoFrame(ofRegion region: Int) -> PixelRect? {
        let view = tiles[region]
        guard let video = view.videoRect, view.mediaSize != nil, view.errorText == nil else { return nil }
        return PixelRect(x: view.frame.x + video.x, y: view.frame.y + video.y, width: video.width, height: video.height)
    }
    /// With `--compare`: where the compare picture is, in window coordinates (nil while it is
    /// hidden), and what it shows.
    public var compareFrame: PixelRect? { compare?.frame }
    public var compareView: CompareView? { compare?.view }
    var compareBox: UnsafeMutablePointer<GtkWidget>? { compare?.box }
    /// The error or buffering text a region shows, nil when it shows none.
    /// The size a region's frames are scaled to in the pipeline (nil before the media size is known).
    public func scaledSize(ofRegion region: Int) -> (width: Int, height: Int)? { tiles[region].surface?.size }
    public func statusText(ofRegion region: Int) -> String? { tiles[region].statusText }
    /// The stream time of the frame a region paints, nil before its first frame.
    public func shownFrameTime(ofRegion region: Int) -> MediaTime? { tiles[region].surface?.shownStreamTime }
    /// The name a region shows over its picture, nil when it shows none.
    public func nameText(ofRegion region: Int) -> String? { tiles[region].nameText }
    public var transportText: String { transportBar.timeText }
    public var controlsVisible: Bool { gtk_widget_get_visible(transportBar.container) != 0 }

    /// Resizes the window (as a user dragging its corner would).
    public func resize(width: Int, height: Int) {
        gtk_window_resize(vw_window(window), gint(clamping: width), gint(clamping: height))
    }

    /// What the window shows now, read back from the display.
    public func capture() -> CapturedImage? {
        guard let (image, pixbuf) = WindowCapture.capture(window) else { return nil }
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        return image
    }

    /// Saves what the window shows as a PNG (written off the main thread).
    public func saveScreenshot(to path: String) async throws(WindowError) {
        try await WindowCapture.savePNG(window, to: path)
    }

    // MARK: Following the wall

    /// The transport bar and the tiles' lines follow the wall's events (a playing wall says
    /// where it is ten times a second) and the window's own commands: nothing polls.
    private func handle(_ event: WallEvent) {
        defer { refreshTransport() }
        if case .overload(let figure) = event {
            overload = figure
            showOverload(figure)
        }
        if case .tileRecovery(let tile, let recovery) = event, let region = viewForTile[tile] {
            switch recovery {
            case .retrying(let attempt, let delay, let reason):
                tiles[region].setError("\(reason.reasonText)\nreconnecting in \(Int((delay / .seconds(1)).rounded(.up))) s (attempt \(attempt))")
            case .recovered:
                tiles[region].setError(nil)
            case .gaveUp:
                break
            }
            return
        }
        guard case .tile(let tile, let tileEvent) = event else { return }
        if case .stateChanged(let state) = tileEvent { tileStates[tile] = state }
        guard let region = viewForTile[tile] else { return }
        let view = tiles[region]
        switch tileEvent {
        case .failed(let error):
            view.setError(error.reasonText)
        case .buffering(let percent):
            view.setBuffering(percent)
        default:
            break
        }
    }

    private func refreshTransport() {
        guard let wall else { return }
        let snapshot = wall.snapshot
        transportBar.update(position: snapshot.position, duration: snapshot.duration,
                            playing: snapshot.transport == .playing, rate: snapshot.rate,
                            loop: snapshot.isLooping, muted: snapshot.isMuted)
        // A tile given another source (remote `loadfile`, a layout reloaded) is named after it;
        // a playlist tile after the item on screen.
        let statuses = snapshot.tiles
        for (tile, region) in viewForTile where statuses.indices.contains(tile) {
            let source = statuses[tile].item ?? statuses[tile].source
            if tiles[region].source != source { tiles[region].showSource(source, name: nameForSource(region, source)) }
        }
        for (tile, region) in viewForTile where statuses.indices.contains(tile) {
            let status = statuses[tile], frame = status.frameDuration
            var lines: [String] = []
            if selectedTile == tile { lines.append("selected") }
            if let zoomed = zoomLine(ofTile: tile) { lines.append(zoomed) }
            if showsInfo {
                let described = status.describedFormat
                lines.append(TileLabel.infoLines(TileLabel.Info(
                    codec: status.codec, width: status.mediaFormat?.width ?? described?.width, height: status.mediaFormat?.height ?? described?.height,
                    frameRate: status.mediaFormat?.frameRate ?? described?.frameRate, bitrate: status.bitrate,
                    position: status.position, frameDuration: frame, offset: status.offset)))
            } else if let offset = TileLabel.offsetLine(offset: status.offset, frameDuration: frame, selected: false) {
                lines.append(offset)
            }
            tiles[region].annotate(lines.isEmpty ? nil : lines.joined(separator: "\n"))
        }
    }

    // MARK: Commands

    public func perform(_ command: WallCommand) {
        guard let wall else { return }
        defer { refreshTransport() }
        switch command {
        case .togglePlayPause: wall.perform(.togglePause)
        case .seekBy(let seconds):
            // Held, the arrow keys repeat: the wall goes to the last of their seeks.
            wall.perform(.seek(SeekIntent(target: seconds, reference: .relative, precision: .keyFrame, throttled: true)))
        case .stepFrames(let frames): wall.perform(.step(frames: frames))
        case .slower: wall.perform(.slower)
        case .faster: wall.perform(.faster)
        case .toggleFullscreen: setFullscreen(!isFullscreen)
        case .toggleMute: wall.perform(.toggleMute)
        case .toggleLoop: wall.perform(.toggleLooping)
        case .cycleABLoop: wall.perform(.cycleABLoop)
        case .toggleNames:
            if let compare { compare.showsCaption.toggle() } else { tiles.forEach { $0.showsName.toggle() } }
        case .quit: onQuit?()
        case .selectAudio(let tile):
            guard tile < wall.tiles.count else { return }
            audibleTile = tile
            wall.perform(.setMuted(false))
            applyAudio()
        case .selectTile(let tile):
            guard tile < wall.tiles.count else { return }
            selectedTile = selectedTile == tile ? nil : tile
        case .nudgeFrames(let frames):
            guard let tile = selectedTile else { return }
            // On by n frames: it shows media n frames later, so its offset goes down.
            wall.perform(.shiftOffset(tile: tile, by: .frames(-frames)))
        case .nudgeMilliseconds(let milliseconds):
            guard let tile = selectedTile else { return }
            wall.perform(.shiftOffset(tile: tile, by: .time(.milliseconds(Int64(milliseconds)))))
        case .resetOffset:
            guard let tile = selectedTile else { return }
            wall.perform(.setOffset(tile: tile, to: .zero))
        case .nextItem, .previousItem:
            let playlists = wall.tiles.filter { $0.item != nil }.map(\.index)
            let chosen = selectedTile.map { tile in playlists.filter { $0 == tile } } ?? playlists
            for tile in chosen {
                Task { try? await wall.changeItem(ofTile: tile, to: command == .nextItem ? .next : .previous) }
            }
        case .takeScreenshots:
            onScreenshots?()
        case .toggleInfo:
            showsInfo.toggle()
        case .measureQuality: onMeasureQuality?()
        case .resetZoom: changeZoom(of: zoomKeyTarget) { $0.reset() }
        case .showSourcePixels:
            let tile = zoomKeyTarget ?? selectedTile ?? 0
            guard let region = viewForTile[tile], let source = tiles[region].surface?.frames.sourceFormat,
                  let shown = tiles[region].videoRect else { break }
            changeZoom(of: zoomKeyTarget) { $0.showSourcePixels(sourceWidth: source.width, shownWidth: shown.width) }
        case .toggleNearest:
            nearestFiltering.toggle()
            applyZoom()
        case .toggleZoomLink:
            guard let tile = selectedTile else { break }
            if ownZoom.removeValue(forKey: tile) == nil { ownZoom[tile] = zoom }
            applyZoom()
        case .cycleCompareView: compare?.update { $0.cycleMode() }
        case .flipCompare: compare?.update { $0.flip() }
        case .cycleDifferenceGain: compare?.update { $0.cycleGain() }
        case .toggleLumaDifference: compare?.update { $0.toggleLumaOnly() }
        case .toggleWipeDivider: compare?.update { $0.toggleDivider() }
        }
        refreshTransport()
    }

    // MARK: Zoom and pan

    /// What the zoom keys act on: the selected tile when it is unlinked, else (nil) the linked ones.
    private var zoomKeyTarget: Int? { selectedTile.flatMap { ownZoom[$0] != nil ? $0 : nil } }

    /// Changes what `tile` shows (an unlinked tile alone), or with nil what the linked tiles show.
    private func changeZoom(of tile: Int?, _ change: (inout ZoomView) -> Void) {
        if let tile, ownZoom[tile] != nil { change(&ownZoom[tile]!) } else { change(&zoom) }
        applyZoom()
    }

    /// Hands each tile's surface its crop; a paused wall shows the new crop at once.
    private func applyZoom() {
        var changed = false
        for (tile, region) in viewForTile {
            guard let surface = tiles[region].surface else { continue }
            if surface.setZoom(ownZoom[tile] ?? zoom) { changed = true }
            if surface.setNearest(nearestFiltering) { changed = true }
        }
        if changed { refreshPausedPicture() }
        refreshTransport()
    }

    /// A paused pipeline sends no new frame by itself: the wall is sought where it stands, so
    /// the crop just changed shows on the frame it holds. Also while a seek of a paused wall
    /// is still running (a zoom notch's): that one's frame may have passed the scalers with the
    /// crop before, and this request waits for it and goes after.
    private func refreshPausedPicture() {
        guard let wall, wall.snapshot.isPaused, wall.transport != .loading, let position = wall.position else { return }
        wall.perform(.seek(SeekIntent(target: position.seconds, reference: .absolute, precision: .accurate, throttled: true)))
    }

    /// The zoomed part of tile `tile`, for its overlay ("zoom 4x", "unlinked").
    private func zoomLine(ofTile tile: Int) -> String? {
        let view = ownZoom[tile] ?? zoom
        guard view.isZoomed || ownZoom[tile] != nil || nearestFiltering else { return nil }
        return String(format: "zoom %.1fx", view.scale) + (ownZoom[tile] != nil ? ", unlinked" : "")
            + (nearestFiltering ? ", nearest" : "")
    }

    private func pictureSize(ofTile tile: Int) -> (width: Double, height: Double)? {
        guard let region = viewForTile[tile], let rect = tiles[region].videoRect, rect.width > 0, rect.height > 0 else { return nil }
        return (Double(rect.width), Double(rect.height))
    }

    private func dragged(tile: Int, toX x: Double, y: Double) {
        guard var press, press.tile == tile, let size = pictureSize(ofTile: tile) else { return }
        // A few pixels of wobble are still a click.
        guard press.dragged || hypot(x - press.x, y - press.y) >= 3 else { return }
        let dx = (x - press.x) / size.width, dy = (y - press.y) / size.height
        press = (tile, x, y, true)
        self.press = press
        changeZoom(of: tile) { $0.pan(byX: dx, y: dy) }
    }

    private func released(tile: Int) {
        defer { press = nil }
        if let press, press.tile == tile, !press.dragged { perform(.selectTile(tile)) }
    }

    /// One wheel notch zooms by 1.25, about the pointer.
    private func scrolled(tile: Int, x: Double, y: Double, steps: Double) {
        guard let size = pictureSize(ofTile: tile) else { return }
        changeZoom(of: tile) { $0.zoom(by: Self.wheelZoom(steps), aboutX: x / size.width, y: y / size.height) }
    }

    /// The zoom factor of `steps` wheel notches (negative: away from the user, in).
    private static func wheelZoom(_ steps: Double) -> Double { pow(1.25, -steps) }

    private func applyAudio() {
        wall?.perform(.setAudible(tile: audibleTile))
    }

    private func dragChanged(_ dragging: Bool) {
        // GDK follows a quick second press with a double-press event of its own, which the seek
        // bar also reports: a second "drag began" would read the intent of a wall the first
        // paused, and the release would not play again.
        guard let wall, dragging != seekBarHeld else { return }
        seekBarHeld = dragging
        wall.perform(dragging ? .beginScrub : .endScrub)
    }

    /// Local media seeks while dragging (throttled); network media seeks once, on release.
    private func scrub(to seconds: Double) {
        guard let wall else { return }
        let networked = wall.tiles.contains { $0.isNetwork }
        if networked && transportBar.isDragging { return }
        wall.perform(.seek(SeekIntent(target: seconds, reference: .absolute, precision: .accurate, throttled: true)))
    }
}

/// The tick callback's hold on the window (and a group's on its members): weak, so it never
/// keeps the window alive or reaches one that has gone.
final class WeakWindow {
    weak var window: WallWindow?
    init(_ window: WallWindow) { self.window = window }
}
