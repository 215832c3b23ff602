internal import CGtk
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallPresentation
import VideoWallEngine

/// A tile's video surface: a GtkDrawingArea painted with cairo from the frames of
/// `queue ! videocrop ! videoconvertscale ! capsfilter ! videoconvertscale method=nearest !
/// capsfilter ! appsink`.
///
/// A zoomed tile is cut from the source resolution (`videocrop`) before it is scaled to the
/// screen, so the picture is sharp: never an enlarged screen-sized frame.
///
/// Two scalers, because `videoconvertscale` reads its `method` only when its caps change
/// (`set_info`): setting it on a running element does nothing until the next resize. The
/// first scaler (bilinear) normally scales to the screen and the second passes frames
/// through untouched; for pixel peeping (`setNearest`) the first only converts the cut part to
/// BGRx at its source size and the second enlarges it with nearest-neighbour, so each source
/// pixel is a sharp block. Either way a switch is a caps change of both, which they apply.
///
/// Frames are scaled to the on-screen size and converted to BGRx inside the pipeline, so the
/// CPU never converts a full-size frame. The widget is sized to the fitted rectangle: nothing
/// draws bars. Each frame is painted with the width, height and stride of its own caps. (gtksink
/// was the first choice, but after a size renegotiation it could pair a new frame with the old
/// geometry and draw nothing until the next caps change.)
@MainActor
final class VideoSurface {
    let videoSink: VideoSink
    /// The drawing area; the container holds the only reference.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The size and format of the frames the sink gets.
    private let filter: Element
    /// Between the two scalers: the screen size (bilinear) or the source size (nearest).
    private let sourceFilter: Element
    private let crop: Element
    /// Whether the second scaler enlarges source pixels with nearest-neighbour filtering.
    private(set) var nearest = false
    private var zoom = ZoomView()
    /// The part of the source a screen of a wall across screens shows (`setCanvasPart`).
    private var canvasPart: Rect?
    /// What the crop cuts now (left, right, top, bottom source pixels).
    private var appliedCrop = (left: 0, right: 0, top: 0, bottom: 0)
    /// The size of the part the crop keeps, in source pixels (nil until a zoom is applied).
    private var cutSize: (width: Int, height: Int)?
    let frames = FrameQueue()
    private var newSample: SignalConnection?
    private var newPreroll: SignalConnection?
    private var formatProbe: PadProbe?
    /// The size frames are scaled to (nil until the media size is known).
    private(set) var size: (width: Int, height: Int)?
    private var pendingResize: TimeoutToken?

    /// How the picture is turned on its monitor (a screen's `rotate:`): frames are scaled to
    /// the upright size, then turned (`videoflip`) to the widget's.
    private let turn: ScreenTurn

    init(name: String, turn: ScreenTurn = .none) throws {
        self.turn = turn
        let bin = try Bin.make(name: "\(name)-bin")
        // The queue decouples decoding from scaling and drawing; the source format is read
        // where frames leave it, and travels with each frame to the paint that fits the tile.
        let queue = try Element(factory: "queue", name: "\(name)-queue")
        crop = try Element(factory: "videocrop", name: "\(name)-crop")
        let scale = try Element(factory: "videoconvertscale", name: "\(name)-scale")
        sourceFilter = try Element(factory: "capsfilter", name: "\(name)-source-size")
        let peep = try Element(factory: "videoconvertscale", name: "\(name)-nearest")
        filter = try Element(factory: "capsfilter", name: "\(name)-size")
        let sink = try AppSink(name: name)
        try scale.set("add-borders", false)
        try peep.set("add-borders", false)
        try peep.setFromString("method", "nearest-neighbour")
        let anySize = try Caps("video/x-raw,format=BGRx,pixel-aspect-ratio=1/1")
        for sizeFilter in [sourceFilter, filter] {
            try sizeFilter.set("caps", caps: anySize)
            // A frame already on its way with the previous size is let through while the
            // new size is negotiated, instead of failing the stream as not negotiated.
            try sizeFilter.setFromString("caps-change-mode", "delayed")
        }
        try sink.set("sync", true)
        // No quality-of-service events (see `VideoSink.headless`): the wall decides what is
        // dropped, the same for every tile.
        try sink.set("qos", false)
        try sink.set("max-lateness", 20_000_000)
        try sink.set("enable-last-sample", true)
        var chain: [Element] = [queue, crop, scale, sourceFilter, peep, filter, sink]
        if turn != .none {
            // After the scalers: only screen-sized frames are turned.
            let flip = try Element(factory: "videoflip", name: "\(name)-turn")
            try flip.setFromString("video-direction", ["90r", "180", "90l"][turn.rawValue / 90 - 1])
            chain.insert(flip, at: chain.count - 1)
        }
        for element in chain { try bin.add(element) }
        for (a, b) in zip(chain, chain.dropFirst()) { try a.link(to: b) }
        try bin.exposePad("sink", of: queue, as: "sink")
        videoSink = VideoSink(element: bin, renderer: sink)

        widget = gtk_drawing_area_new()!
        let frames = self.frames
        // Streaming thread, at the frame's presentation time: queue it. On each frame-clock
        // tick the window picks the frame every tile paints (`WallWindow.presentFrames`).
        newSample = try sink.onNewSample { sample in frames.store(sample) }
        // A paused pipeline hands over the frame of a seek or a frame step only as a preroll
        // buffer; without it the picture would stay on the frame the wall paused on. (Playing,
        // the same buffer comes again as a sample at its time: storing it twice is harmless.)
        newPreroll = try sink.onNewPreroll { sample in frames.store(sample) }
        // The source's format, before any crop: what the tile is fitted to.
        formatProbe = crop.staticPad("sink")?.onCaps { caps in
            if let format = caps.videoFormat { frames.formatArrived(MediaFormat(format)) }
        }
        connectDraw()
    }

    /// Scales frames to the widget's size from now on, but never past `visible`, the region's
    /// size: in `fill` mode the widget overflows its region, which shows only part of it, and
    /// a scaler asked for the whole widget makes (and converts) pixels nobody sees, for a wide
    /// source in a narrow region many times the region's. Cairo stretches the frame over the
    /// widget. While a window is dragged the size changes every frame; the new size is applied
    /// once it has held for 100 ms and meanwhile the last frames are stretched by cairo.
    func resize(width: Int, height: Int, visible: (width: Int, height: Int)) {
        let width = min(width, visible.width), height = min(height, visible.height)
        guard width > 0, height > 0, size?.width != width || size?.height != height else { return }
        let first = size == nil
        size = (width, height)
        pendingResize?.cancel()
        if first {
            applySize()
        } else {
            pendingResize = MainLoop.after(seconds: 0.1) { [weak self] in self?.applySize() }
        }
    }

    /// Shows the `zoom` part of the source (`videocrop`'s left, right, top and bottom, which
    /// it applies from its next frame on; at fit it cuts nothing and passes frames through).
    /// Returns whether the crop changed.
    @discardableResult
    func setZoom(_ zoom: ZoomView) -> Bool {
        self.zoom = zoom
        return applyCrop()
    }

    /// Shows only `part` of the source (fractions of it): what the window's screen shows of
    /// the tile on a wall across screens; zooming does not apply then. Nil: the whole picture.
    /// Returns whether the crop changed.
    @discardableResult
    func setCanvasPart(_ part: Rect?) -> Bool {
        canvasPart = part
        return applyCrop()
    }

    private func applyCrop() -> Bool {
        guard let source = frames.sourceFormat else { return false }
        let cut = canvasPart.map { ZoomView.crop(showing: $0, width: source.width, height: source.height) }
            ?? zoom.crop(width: source.width, height: source.height)
        guard cut != appliedCrop else { return false }
        appliedCrop = cut
        try? crop.set("left", cut.left)
        try? crop.set("right", cut.right)
        try? crop.set("top", cut.top)
        try? crop.set("bottom", cut.bottom)
        cutSize = (source.width - cut.left - cut.right, source.height - cut.top - cut.bottom)
        if nearest { applySize() }
        return true
    }

    /// Source pixels enlarged as sharp blocks (nearest-neighbour), or smoothly (bilinear).
    /// Returns whether it changed.
    @discardableResult
    func setNearest(_ on: Bool) -> Bool {
        guard on != nearest else { return false }
        nearest = on
        applySize()
        return true
    }

    private func applySize() {
        guard let widgetSize = size else { return }
        // The scalers make the upright picture; a turned one fills the widget once turned.
        let size = turn.swapsSides ? (width: widgetSize.height, height: widgetSize.width) : widgetSize
        guard let caps = try? Caps("video/x-raw,format=BGRx,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1") else { return }
        // Nearest: the first scaler keeps the cut part's own size (and pixel aspect ratio), so
        // only the second one scales. The size is spelled out: a capsfilter whose new caps
        // still accept the negotiated ones asks for no renegotiation.
        var between = caps
        if nearest, let cut = cutSize ?? frames.sourceFormat.map({ ($0.width, $0.height) }),
           let sourceSized = try? Caps("video/x-raw,format=BGRx,width=\(cut.width),height=\(cut.height)") {
            between = sourceSized
        }
        try? sourceFilter.set("caps", caps: between)
        try? filter.set("caps", caps: caps)
    }

    /// "draw": `gboolean (*)(GtkWidget *, cairo_t *, gpointer)`. Paints the chosen frame
    /// scaled to the widget (1:1 once the pipeline has caught up with the size).
    private func connectDraw() {
        typealias F = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean
        let draw: F = { widget, cr, data in
            guard let widget, let cr, let data else { return 0 }
            let frames = Unmanaged<FrameQueue>.fromOpaque(data).takeUnretainedValue()
            let width = Double(gtk_widget_get_allocated_width(widget)), height = Double(gtk_widget_get_allocated_height(widget))
            guard let sample = frames.current else { return 0 }
            FramePainting.paint(sample, on: cr, width: width, height: height)
            return 1
        }
        let data = Unmanaged.passRetained(frames).toOpaque()
        g_signal_connect_data(vw_gobject(widget), "draw", unsafeBitCast(draw, to: GCallback.self), data, { data, _ in
            if let data { Unmanaged<FrameQueue>.fromOpaque(data).release() }
        }, GConnectFlags(rawValue: 0))
    }

    /// Asks GTK to repaint the surface if the frame to show changed since the last paint. The
    /// window calls this for every tile on each frame-clock tick, so tiles change together.
    /// Returns whether it changed.
    @discardableResult
    func redrawIfNewFrame() -> Bool {
        guard frames.takeChange() else { return false }
        gtk_widget_queue_draw(widget)
        return true
    }

    /// The display size of the picture the surface is about to paint, when it differs from
    /// the last one: read at the tick that shows it, so the tile is refitted with that frame.
    func takeDisplaySizeChange() -> Size? { frames.takeFormatChange()?.displaySize }

    /// The sink's base time (`gst_element_get_base_time`): where its running time starts on
    /// the shared clock.
    var baseTime: MediaTime? { videoSink.renderer.baseTime.map(MediaTime.init) }

    /// The stream time of the frame the surface paints (nil before the first).
    var shownStreamTime: MediaTime? { frames.current?.streamTime.map(MediaTime.init) }

    func release() {
        pendingResize?.cancel()
        newSample?.disconnect()
        newPreroll?.disconnect()
        formatProbe?.remove()
        frames.clear()
    }
}
