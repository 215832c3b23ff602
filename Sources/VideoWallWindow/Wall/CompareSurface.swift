internal import CGtk
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallPresentation

/// Two tiles in one picture (`--compare`): a wipe, a flip or their difference, painted with
/// cairo from the frame each tile's surface shows. Those are one instant's frames, chosen
/// together at each tick (`CommonFrameChoice`), and both are stretched over the same
/// rectangle, tile 1's fitted one, so they are compared at one scale.
///
/// The difference is cairo's (pixman's) `DIFFERENCE` operator, |tile 1 - tile 2| per channel,
/// doubled by adding the result to itself as often as the gain asks; "luma only" first makes
/// each picture grey with its luminosity (`HSL_LUMINOSITY` over a neutral grey). The two tiles'
/// own surfaces stay under this one, still fed, so their frames are always at hand.
@MainActor
final class CompareSurface {
    /// An event box with its own window: above the tiles' video windows, and it takes clicks.
    let box: UnsafeMutablePointer<GtkWidget>
    private let area: UnsafeMutablePointer<GtkWidget>
    private let painter: ComparePainter
    private var connections: [GtkSignalConnection] = []
    /// Where the picture is, in the stage's coordinates; nil while hidden.
    private(set) var frame: PixelRect?
    /// The wheel over the picture: where (fractions of the picture) and how many steps (the
    /// window zooms both tiles, as over a tile).
    var onScroll: ((Double, Double, Double) -> Void)?

    /// `names` are the tiles' names for the caption.
    init(first: FrameQueue, second: FrameQueue, names: (String, String), mode: CompareMode) {
        painter = ComparePainter(first: first, second: second, names: names, view: CompareView(mode: mode))
        box = gtk_event_box_new()!
        area = gtk_drawing_area_new()!
        gtk_container_add(vw_container(box), area)
        connectDraw()
        connections = [
            GtkSignals.onPrimaryPress(box) { [weak self] x, y in self?.pointer(at: x, y, pressed: true) },
            GtkSignals.onPrimaryDrag(box) { [weak self] x, y in self?.pointer(at: x, y, pressed: false) },
            GtkSignals.onScroll(box) { [weak self] x, y, steps in
                guard let self, let frame = self.frame, !frame.isEmpty else { return }
                self.onScroll?(x / Double(frame.width), y / Double(frame.height), steps)
            },
        ]
    }

    var view: CompareView { painter.view }

    /// Changes the view (a key) and repaints.
    func update(_ change: (inout CompareView) -> Void) {
        change(&painter.view)
        redraw()
    }

    /// Whether the caption saying what is shown is drawn (the `n` key, with the tiles' names).
    var showsCaption: Bool {
        get { painter.showsCaption }
        set { painter.showsCaption = newValue; redraw() }
    }

    /// Puts the picture at `rect` of `stage` (a GtkLayout), or hides it (nil).
    func place(at rect: PixelRect?, in stage: UnsafeMutablePointer<GtkWidget>) {
        guard rect != frame else { return }
        frame = rect
        guard let rect, !rect.isEmpty else {
            gtk_widget_hide(box)
            return
        }
        gtk_layout_move(vw_layout(stage), box, gint(clamping: rect.x), gint(clamping: rect.y))
        gtk_widget_set_size_request(box, gint(clamping: rect.width), gint(clamping: rect.height))
        gtk_widget_set_size_request(area, gint(clamping: rect.width), gint(clamping: rect.height))
        gtk_widget_show_all(box)
        if let window = gtk_widget_get_window(box) { gdk_window_raise(window) }
        redraw()
    }

    func redraw() { gtk_widget_queue_draw(area) }

    /// A click or a drag: in a wipe the divider follows the pointer; in a flip a click shows
    /// the other tile.
    private func pointer(at x: Double, _ y: Double, pressed: Bool) {
        guard let frame else { return }
        switch painter.view.mode {
        case .wipe: update { $0.moveDivider(toPointerAt: x, y, in: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)) }
        case .flip: if pressed { update { $0.flip() } }
        case .diff: break
        }
    }

    /// "draw": `gboolean (*)(GtkWidget *, cairo_t *, gpointer)`.
    private func connectDraw() {
        typealias F = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean
        let draw: F = { widget, cr, data in
            guard let widget, let cr, let data else { return 0 }
            let painter = Unmanaged<ComparePainter>.fromOpaque(data).takeUnretainedValue()
            painter.paint(on: cr, width: Int(gtk_widget_get_allocated_width(widget)), height: Int(gtk_widget_get_allocated_height(widget)))
            return 1
        }
        let data = Unmanaged.passRetained(painter).toOpaque()
        g_signal_connect_data(vw_gobject(area), "draw", unsafeBitCast(draw, to: GCallback.self), data, { data, _ in
            if let data { Unmanaged<ComparePainter>.fromOpaque(data).release() }
        }, GConnectFlags(rawValue: 0))
    }
}

/// What the compare surface's draw handler reads: both tiles' frames and the view. Used on the
/// main thread only (GTK draws there).
private final class ComparePainter {
    let first: FrameQueue
    let second: FrameQueue
    let names: (String, String)
    var view: CompareView
    var showsCaption = true

    init(first: FrameQueue, second: FrameQueue, names: (String, String), view: CompareView) {
        self.first = first
        self.second = second
        self.names = names
        self.view = view
    }

    func paint(on cr: OpaquePointer, width: Int, height: Int) {
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        let w = Double(width), h = Double(height)
        let a = first.current, b = second.current
        switch view.mode {
        case .flip:
            if let shown = view.showsSecond ? b : a { FramePainting.paint(shown, on: cr, width: w, height: h) }
        case .wipe:
            let parts = view.wipeParts(of: PixelRect(x: 0, y: 0, width: width, height: height))
            for (sample, part) in [(a, parts.first), (b, parts.second)] where !part.isEmpty {
                guard let sample else { continue }
                cairo_save(cr)
                cairo_rectangle(cr, Double(part.x), Double(part.y), Double(part.width), Double(part.height))
                cairo_clip(cr)
                FramePainting.paint(sample, on: cr, width: w, height: h)
                cairo_restore(cr)
            }
            drawDivider(at: parts.second, on: cr, width: w, height: h)
        case .diff:
            guard let a, let b else { break }
            cairo_push_group(cr)
            layer(a, on: cr, width: w, height: h, operation: CAIRO_OPERATOR_OVER)
            layer(b, on: cr, width: w, height: h, operation: CAIRO_OPERATOR_DIFFERENCE)
            var difference = cairo_pop_group(cr)
            var gain = 1
            while gain < view.gain {
                // Doubling: the picture added to itself (pixman saturates at white).
                cairo_push_group(cr)
                cairo_set_source(cr, difference)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
                cairo_paint(cr)
                let doubled = cairo_pop_group(cr)
                cairo_pattern_destroy(difference)
                difference = doubled
                gain *= 2
            }
            cairo_set_source(cr, difference)
            cairo_paint(cr)
            cairo_pattern_destroy(difference)
        }
        if showsCaption { drawCaption(on: cr, height: h) }
    }

    /// One picture of the difference: the frame itself, or (luma only) its grey.
    private func layer(_ sample: Sample, on cr: OpaquePointer, width: Double, height: Double, operation: cairo_operator_t) {
        guard view.lumaOnly else {
            return FramePainting.paint(sample, on: cr, width: width, height: height, operation: operation)
        }
        cairo_push_group(cr)
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
        cairo_paint(cr)
        FramePainting.paint(sample, on: cr, width: width, height: height, operation: CAIRO_OPERATOR_HSL_LUMINOSITY)
        let grey = cairo_pop_group(cr)
        cairo_set_source(cr, grey)
        cairo_set_operator(cr, operation)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_pattern_destroy(grey)
    }

    /// A thin light line where tile 2's part begins, so the eye finds the divider.
    private func drawDivider(at second: PixelRect, on cr: OpaquePointer, width: Double, height: Double) {
        cairo_set_source_rgba(cr, 1, 1, 1, 0.7)
        cairo_set_line_width(cr, 1)
        switch view.divider {
        case .vertical:
            cairo_move_to(cr, Double(second.x) + 0.5, 0)
            cairo_line_to(cr, Double(second.x) + 0.5, height)
        case .horizontal:
            cairo_move_to(cr, 0, Double(second.y) + 0.5)
            cairo_line_to(cr, width, Double(second.y) + 0.5)
        }
        cairo_stroke(cr)
    }

    /// The view's caption at the bottom left, light on a dark box (the top is where pictures
    /// often carry what matters, and the frame codes of the tests).
    private func drawCaption(on cr: OpaquePointer, height: Double) {
        let text = view.caption(first: names.0, second: names.1)
        cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 13)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        let padding = 5.0, boxHeight = extents.height + 2 * padding
        cairo_set_source_rgba(cr, 0, 0, 0, 0.65)
        cairo_rectangle(cr, 4, height - boxHeight - 4, extents.x_advance + 2 * padding, boxHeight)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_move_to(cr, 4 + padding, height - 4 - padding - (extents.height + extents.y_bearing))
        cairo_show_text(cr, text)
    }
}
