internal import CGtk
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallPresentation

/// The layout's overlays over the stage: one drawing area each, above every tile, sized to
/// what it shows and placed over the wall or its region (`place`). Clocks change at each whole
/// second; images are read on a thread of their own, never on the main one. Everything stops
/// with `stop()` (the window's close) or when the layer is released.
@MainActor
final class OverlayLayer {
    private final class Item {
        var overlay: WallOverlay
        let widget: UnsafeMutablePointer<GtkWidget>
        var text: String?
        var lineHeight = 0
        var pixbuf: OpaquePointer?
        /// A ticker's: its area's width, its text's width, and where its words are now.
        var areaWidth = 0
        var textWidth = 0
        var scrolledTo = 0
        /// A ticker's place now: from the time of day, so the screens of a wall across machines
        /// (their clocks kept by NTP) show one ticker, moving across them.
        func scroll() -> Bool {
            let x = overlay.tickerX(elapsed: Date().timeIntervalSince1970, areaWidth: areaWidth, textWidth: textWidth)
            defer { scrolledTo = x }
            return x != scrolledTo
        }
        /// The last problem said of it, so each is said once.
        var problem: String?
        init(overlay: WallOverlay, widget: UnsafeMutablePointer<GtkWidget>) {
            self.overlay = overlay
            self.widget = widget
        }
        deinit { if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) } }
    }

    private let stage: UnsafeMutablePointer<GtkWidget>
    private var items: [Item] = []
    private var connections: [GtkSignalConnection] = []
    private var clockTimer: TimeoutToken?
    private var timers: [TimeoutToken] = []
    /// The areas last given to `place`: the wall, each region, each screen of the canvas, and
    /// the window's upright picture.
    private var areas: (stage: PixelRect, regions: [PixelRect], screens: [String: PixelRect], window: PixelRect)?
    /// An overlay that cannot be shown (an image that cannot be read), said once each.
    var onProblem: ((String) -> Void)?

    /// How the window's picture is turned on its monitor (a screen's `rotate:`): overlays are
    /// laid out on the upright picture and drawn turned with it.
    private let turn: ScreenTurn

    init(overlays: [WallOverlay], on stage: UnsafeMutablePointer<GtkWidget>, turn: ScreenTurn = .none) {
        self.stage = stage
        self.turn = turn
        for overlay in overlays {
            let widget = gtk_drawing_area_new()!
            let item = Item(overlay: overlay, widget: widget)
            items.append(item)
            gtk_layout_put(vw_layout(stage), widget, 0, 0)
            connections.append(GtkSignals.onDraw(widget) { [weak item] cr in
                guard let item else { return }
                Self.draw(item, on: cr, turn: turn)
            })
            if case .image(let path) = overlay.content { load(path, into: item) }
            if let source = overlay.tickerSource {
                let read: @MainActor (OverlayLayer, Item) -> Void = { layer, item in
                    if source.isAddress { layer.fetch(source.location, into: item) } else { layer.read(source.location, into: item) }
                }
                read(self, item)
                timers.append(MainLoop.every(seconds: source.every) { [weak self, weak item] in
                    guard let self, let item else { return false }
                    read(self, item)
                    return true
                })
            }
        }
        let tickers = items.filter(\.overlay.scrolls)
        if !tickers.isEmpty {
            // Thirty steps a second: smooth enough for text, cheap for the CPU.
            timers.append(MainLoop.every(seconds: 1.0 / 30) { [weak self] in
                guard self != nil else { return false }
                // The place is taken here, at each step, not when drawn: a band redrawn in part
                // (under a tile's new frame) would show its words torn between two places.
                for item in tickers where item.scroll() { gtk_widget_queue_draw(item.widget) }
                return true
            })
        }
        if overlays.contains(where: { if case .clock = $0.content { true } else { false } }) { scheduleClock() }
    }

    isolated deinit { stop() }

    func stop() {
        clockTimer?.cancel()
        clockTimer = nil
        timers.forEach { $0.cancel() }
        timers.removeAll()
        connections.removeAll()
    }

    /// The words text overlay `index` shows; nil for another kind or no such overlay.
    func text(ofOverlay index: Int) -> String? {
        guard items.indices.contains(index) else { return nil }
        switch items[index].overlay.content {
        case .text(let text): return text
        case .ticker: return items[index].text
        default: return nil
        }
    }

    /// Shows `text` in text overlay `index` from now on; false for another kind or no such overlay.
    func setText(_ text: String, ofOverlay index: Int) -> Bool {
        guard items.indices.contains(index) else { return false }
        switch items[index].overlay.content {
        case .text: items[index].overlay.content = .text(text)
        // A ticker's file, read again, replaces the words at its next refresh.
        case .ticker(_, let source, let minutes, let speed): items[index].overlay.content = .ticker(text: text, source: source, refreshMinutes: minutes, speed: speed)
        default: return false
        }
        refresh(at: Date())
        return true
    }

    /// Places every overlay over its area: `stage` for the wall, `regions[i]` for region i,
    /// `screens[name]` for a screen of the canvas, in the pixels of `window`, the window's
    /// upright picture (it is turned when the screen is). On one screen of a wall across
    /// screens the wall's areas reach past the window: what falls outside it is not seen here.
    func place(stage: PixelRect, regions: [PixelRect], screens: [String: PixelRect], window: PixelRect) {
        areas = (stage, regions, screens, window)
        refresh(at: Date())
    }

    /// Each overlay's text for `date`, its size and place; redrawn where it changed.
    private func refresh(at date: Date) {
        guard let areas else { return }
        for item in items {
            var area = item.overlay.region.flatMap { $0 < areas.regions.count ? areas.regions[$0] : nil } ?? areas.stage
            if let given = item.overlay.screen {
                // Over that screen's part of the canvas (off this window when it is another screen).
                guard let part = areas.screens[given] else { gtk_widget_hide(item.widget); continue }
                area = part
            }
            let placement = item.overlay.placement(in: area)
            let text = item.overlay.text(at: date)
            let changed = text != item.text || placement.lineHeight != item.lineHeight
            item.text = text
            item.lineHeight = placement.lineHeight
            var size = (width: 1, height: 1)
            var x = placement.x
            if let text, let cr = Self.measuringContext() {
                let box = OverlayPainting.box(of: text, lineHeight: placement.lineHeight, on: cr)
                cairo_destroy(cr)
                size = (box.width, box.height)
                if item.overlay.scrolls {
                    // A band across the whole area, the text moving inside it.
                    item.textWidth = box.width
                    item.areaWidth = area.width
                    _ = item.scroll()
                    size.width = max(1, area.width)
                    x = area.x
                }
            } else if let pixbuf = item.pixbuf {
                let (w, h) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
                size = (max(1, w * placement.lineHeight / max(1, h)), placement.lineHeight)
            }
            // Kept inside the wall whatever its place says.
            x = max(areas.stage.x, min(x, areas.stage.x + areas.stage.width - size.width))
            let y = max(areas.stage.y, min(placement.y, areas.stage.y + areas.stage.height - size.height))
            let placed = turn.windowRect(of: PixelRect(x: x, y: y, width: size.width, height: size.height),
                                         upright: (areas.window.width, areas.window.height))
            // One wholly on another screen's part is not drawn here.
            let window = turn.swapsSides ? (width: areas.window.height, height: areas.window.width) : (width: areas.window.width, height: areas.window.height)
            guard placed.x < window.width, placed.y < window.height, placed.x + placed.width > 0, placed.y + placed.height > 0 else {
                gtk_widget_hide(item.widget)
                continue
            }
            gtk_widget_set_size_request(item.widget, gint(clamping: placed.width), gint(clamping: placed.height))
            gtk_layout_move(vw_layout(stage), item.widget, gint(clamping: placed.x), gint(clamping: placed.y))
            gtk_widget_show(item.widget)
            if changed { gtk_widget_queue_draw(item.widget) }
        }
    }

    /// At each whole second, the clocks' new text.
    private func scheduleClock() {
        let wait = items.compactMap { $0.overlay.secondsUntilChange(after: Date()) }.min() ?? 1
        clockTimer = MainLoop.after(seconds: wait + 0.002) { [weak self] in
            guard let self else { return }
            self.refresh(at: Date())
            self.scheduleClock()
        }
    }

    private static func measuringContext() -> OpaquePointer? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)
        defer { cairo_surface_destroy(surface) }
        return cairo_create(surface)
    }

    private static func draw(_ item: Item, on cr: OpaquePointer, turn: ScreenTurn) {
        let overlay = item.overlay
        let (widgetWidth, widgetHeight) = (Double(gtk_widget_get_allocated_width(item.widget)), Double(gtk_widget_get_allocated_height(item.widget)))
        // The upright drawing turned onto the widget: (x, y) of the upright box lands at
        // (h - y, x) turned clockwise, (w - x, h - y) halfway round, (y, w - x) the other way.
        switch turn {
        case .none: break
        case .clockwise: cairo_translate(cr, widgetWidth, 0); cairo_rotate(cr, Double.pi / 2)
        case .halfway: cairo_translate(cr, widgetWidth, widgetHeight); cairo_rotate(cr, Double.pi)
        case .counterclockwise: cairo_translate(cr, 0, widgetHeight); cairo_rotate(cr, -Double.pi / 2)
        }
        if overlay.scrolls, let text = item.text {
            let height = turn.swapsSides ? widgetWidth : widgetHeight
            if let background = overlay.background {
                cairo_set_source_rgba(cr, Double(background.red) / 255, Double(background.green) / 255, Double(background.blue) / 255, overlay.opacity)
                cairo_rectangle(cr, 0, 0, Double(item.areaWidth), height)
                cairo_fill(cr)
            }
            cairo_save(cr)
            cairo_translate(cr, Double(item.scrolledTo), 0)
            OverlayPainting.paint(text, lineHeight: item.lineHeight, color: overlay.color, background: overlay.background,
                                  opacity: overlay.opacity, on: cr)
            cairo_restore(cr)
        } else if let text = item.text {
            OverlayPainting.paint(text, lineHeight: item.lineHeight, color: overlay.color, background: overlay.background,
                                  opacity: overlay.opacity, on: cr)
        } else if let pixbuf = item.pixbuf {
            let (w, h) = (Double(gdk_pixbuf_get_width(pixbuf)), Double(gdk_pixbuf_get_height(pixbuf)))
            let scale = Double(item.lineHeight) / max(1, h)
            cairo_save(cr)
            cairo_scale(cr, scale, scale)
            gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
            cairo_rectangle(cr, 0, 0, w, h)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, overlay.opacity)
            cairo_restore(cr)
        }
    }

    /// Reads a ticker's file on a thread of its own (a regular file, its first
    /// `WallOverlay.tickerFileBytes` bytes, opened without blocking so a FIFO nobody writes
    /// is refused at once): its words from then on. A file that cannot be read is said once,
    /// and the ticker keeps the words it had.
    private func read(_ path: String, into item: Item) {
        let box = UncheckedBox(item)
        Thread.detachNewThread { [weak self] in
            var line: String?
            var problem: String?
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            var status = stat()
            if descriptor < 0 {
                problem = String(cString: strerror(errno))
            } else if fstat(descriptor, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
                problem = "not a regular file"
            } else {
                var bytes = [UInt8](repeating: 0, count: WallOverlay.tickerFileBytes)
                let count = Glibc.read(descriptor, &bytes, bytes.count)
                if count < 0 { problem = String(cString: strerror(errno)) } else {
                    line = WallOverlay.tickerLine(from: Data(bytes[0..<count]))
                    if line == nil { problem = "no text in it" }
                }
            }
            if descriptor >= 0 { close(descriptor) }
            let answer = UncheckedBox((line, problem))
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    self?.take(answer.value.0, problem: answer.value.1, about: "ticker file \(TerminalText.quoted(path))", into: box.value)
                }
            }
        }
    }

    /// Fetches a ticker's words from an http or https address on a thread of its own
    /// (`HTTPReader`: its first `WallOverlay.tickerFileBytes` bytes, 15 s at most). An address
    /// that does not answer is said once, and the ticker keeps the words it had.
    private func fetch(_ address: String, into item: Item) {
        let box = UncheckedBox(item)
        Thread.detachNewThread { [weak self] in
            var line: String?, problem: String?
            switch HTTPReader.read(address, maximumBytes: WallOverlay.tickerFileBytes, timeout: 15) {
            case .success(let bytes):
                line = WallOverlay.tickerLine(from: Data(bytes))
                if line == nil { problem = "no text in it" }
            case .failure(let failure):
                problem = failure.description
            }
            let answer = UncheckedBox((line, problem))
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    self?.take(answer.value.0, problem: answer.value.1, about: "ticker address \(TerminalText.quoted(address))", into: box.value)
                }
            }
        }
    }

    /// A ticker's words read or fetched: shown from now on; a problem said once.
    private func take(_ line: String?, problem: String?, about source: String, into item: Item) {
        if let problem, problem != item.problem { onProblem?("\(source): \(problem)") }
        item.problem = problem
        if let line { item.text = nil; setTickerWords(line, of: item) }
    }

    private func setTickerWords(_ line: String, of item: Item) {
        guard case .ticker(_, let source, let minutes, let speed) = item.overlay.content else { return }
        item.overlay.content = .ticker(text: line, source: source, refreshMinutes: minutes, speed: speed)
        refresh(at: Date())
    }

    /// Reads an image on a thread of its own: a regular file of at most 32 MiB and 8192
    /// pixels a side (`gdk_pixbuf_get_file_info` first), decoded by gdk-pixbuf.
    private func load(_ path: String, into item: Item) {
        let box = UncheckedBox(item)
        Thread.detachNewThread { [weak self] in
            var problem: String?
            var loaded: OpaquePointer?
            var status = stat()
            var width: gint = 0, height: gint = 0
            if stat(path, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
                problem = "not a readable file"
            } else if status.st_size > 32 << 20 {
                problem = "larger than 32 MiB"
            } else if gdk_pixbuf_get_file_info(path, &width, &height) == nil {
                problem = "not a picture gdk-pixbuf reads"
            } else if width > 8192 || height > 8192 || width < 1 || height < 1 {
                problem = "\(width)x\(height) pixels (at most 8192 a side)"
            } else {
                var error: UnsafeMutablePointer<GError>?
                loaded = gdk_pixbuf_new_from_file(path, &error)
                if loaded == nil { problem = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "cannot be read" }
                if let error { g_error_free(error) }
            }
            let result = UncheckedBox(loaded)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else {
                        if let pixbuf = result.value { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
                        return
                    }
                    if let problem { self.onProblem?("overlay image \(TerminalText.quoted(path)): \(problem)") }
                    box.value.pixbuf = result.value
                    self.refresh(at: Date())
                    gtk_widget_queue_draw(box.value.widget)
                }
            }
        }
    }
}

/// A value handed between threads by hand (a GObject pointer, an item only the main thread touches).
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
