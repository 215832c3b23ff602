internal import CGtk
import Foundation
import VideoWallCore
import VideoWallPresentation
import VideoWallEngine

/// One region of the window: a clipping GtkLayout over the stage (whose background shows
/// through), the tile's video surface at its fitted rectangle, and its overlays (name,
/// buffering, error).
/// Before the media size is known the region shows a placeholder with the tile's name.
@MainActor
final class TileView {
    let region: LayoutRegion
    private(set) var source: String?
    /// What the name overlay and the placeholder say; nil: nothing (a kiosk tile with no label).
    private(set) var name: String?
    let container: UnsafeMutablePointer<GtkWidget>
    private(set) var surface: VideoSurface?
    private let videoBox: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let nameOverlay: (box: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>)
    private let statusOverlay: (box: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>)
    private(set) var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The rectangle the video occupies inside the region (may exceed it with `fill`).
    private(set) var videoRect: PixelRect?
    private(set) var mediaSize: Size?
    private(set) var errorText: String?
    var showsName = true { didSet { updateOverlays() } }
    private var bufferingPercent = 100

    /// `namePrefix` tells apart the surfaces of one tile in the windows of several monitors,
    /// which meet in one pipeline.
    init(index: Int, region: LayoutRegion, source: String?, name: String?, namePrefix: String = "", turn: ScreenTurn = .none) throws {
        self.region = region
        self.source = source
        self.name = name
        container = gtk_layout_new(nil, nil)!
        // No background painter here: painting the layout's bin window covers the video
        // widgets' windows on every redraw. The stage behind shows through instead.
        videoBox = gtk_event_box_new()!
        placeholder = gtk_label_new(name ?? "")!
        gtk_style_context_add_class(gtk_widget_get_style_context(placeholder), "vw-placeholder")
        nameOverlay = GtkDrawing.overlayLabel(style: "vw-overlay", wraps: false)
        statusOverlay = GtkDrawing.overlayLabel(style: "vw-error")
        gtk_label_set_text(vw_label(nameOverlay.label), name ?? "")

        let layout = vw_layout(container)
        if source != nil {
            let surface = try VideoSurface(name: "\(namePrefix)tile\(index)-video", turn: turn)
            self.surface = surface
            gtk_container_add(vw_container(videoBox), surface.widget)
            gtk_layout_put(layout, videoBox, 0, 0)
        }
        gtk_layout_put(layout, placeholder, 0, 0)
        gtk_layout_put(layout, nameOverlay.box, 4, 4)
        gtk_layout_put(layout, statusOverlay.box, 0, 0)
    }

    /// Shows everything, then hides what the tile's state says is hidden.
    func showAll() {
        gtk_widget_show_all(container)
        updateOverlays()
    }

    /// The tile plays another source now: its name follows.
    func showSource(_ newSource: String, name newName: String?) {
        source = newSource
        name = newName
        gtk_label_set_text(vw_label(placeholder), newName ?? "")
        setNameOverlayText()
        updateOverlays()
        layout(in: frame)
    }

    /// A second line under the name (the tile's offset, whether the offset keys move it).
    private var annotation: String?

    func annotate(_ text: String?) {
        guard text != annotation else { return }
        annotation = text
        setNameOverlayText()
        updateOverlays()
        layout(in: frame)
    }

    private func setNameOverlayText() {
        gtk_label_set_text(vw_label(nameOverlay.label), [name, annotation].compactMap { $0 }.joined(separator: "\n"))
    }

    func setMediaSize(_ size: Size) {
        mediaSize = size
        layout(in: frame)
        updateOverlays()
    }

    /// Shows `text` over the region instead of the video (nil: the video again, a tile that
    /// came back).
    func setError(_ text: String?) {
        errorText = text
        updateOverlays()
        layout(in: frame)
    }

    func setBuffering(_ percent: Int) {
        bufferingPercent = percent
        updateOverlays()
        layout(in: frame)
    }

    /// Places the video at the fitted rectangle of `rect` (window coordinates of the region).
    /// Every size handed to GTK is clamped to its 32-bit `gint`: a `fill` rectangle of a stream
    /// with an extreme pixel aspect can exceed it, and a trapping conversion would take the
    /// whole wall down for one odd file.
    func layout(in rect: PixelRect) {
        frame = rect
        gtk_widget_set_size_request(container, gint(clamping: rect.width), gint(clamping: rect.height))
        let layout = vw_layout(container)
        let local = PixelRect(x: 0, y: 0, width: rect.width, height: rect.height)
        if let mediaSize, let surface, rect.width > 0, rect.height > 0 {
            // On a screen of a wall across screens the region is the part of the tile on this
            // screen, and the picture is cut to match it: it fills the region.
            let video = canvasPart != nil ? local : AspectFit.videoRect(media: mediaSize, in: local, mode: region.fit)
            videoRect = video
            gtk_layout_move(layout, videoBox, gint(clamping: video.x), gint(clamping: video.y))
            gtk_widget_set_size_request(videoBox, gint(clamping: video.width), gint(clamping: video.height))
            gtk_widget_set_size_request(surface.widget, gint(clamping: video.width), gint(clamping: video.height))
            surface.resize(width: video.width, height: video.height, visible: (rect.width, rect.height))
        }
        center(placeholder, in: local)
        center(statusOverlay.box, in: local)
        GtkDrawing.fit(nameOverlay.box, maximumWidth: rect.width - 8)
    }

    /// The part of the source this window's screen shows (fractions of the source), when the
    /// window is one screen of a wall across screens: `layout(in:)` then fills the region with
    /// that part alone. Returns whether the picture's crop changed.
    @discardableResult
    func showCanvasPart(_ part: Rect?, in rect: PixelRect) -> Bool {
        canvasPart = part
        gtk_widget_set_child_visible(container, rect.width > 0 && rect.height > 0 ? 1 : 0)
        layout(in: rect)
        return surface?.setCanvasPart(part) ?? false
    }

    private var canvasPart: Rect?

    private func center(_ widget: UnsafeMutablePointer<GtkWidget>, in rect: PixelRect) {
        let size = GtkDrawing.fit(widget, maximumWidth: rect.width - 16)
        gtk_layout_move(vw_layout(container), widget, gint(clamping: max(0, (rect.width - size.width) / 2)),
                        gint(clamping: max(0, (rect.height - size.height) / 2)))
    }

    private func updateOverlays() {
        let failed = errorText != nil
        let hasVideo = mediaSize != nil && !failed
        setVisible(videoBox, hasVideo)
        if hasVideo, let window = gtk_widget_get_window(videoBox) { gdk_window_lower(window) }
        setVisible(placeholder, !hasVideo && !failed)
        setVisible(nameOverlay.box, showsName && source != nil && (name != nil || annotation != nil))
        if let errorText {
            gtk_label_set_text(vw_label(statusOverlay.label), errorText)
            setVisible(statusOverlay.box, true)
        } else if bufferingPercent < 100 {
            gtk_label_set_text(vw_label(statusOverlay.label), "Buffering \(bufferingPercent)%")
            setVisible(statusOverlay.box, true)
        } else {
            setVisible(statusOverlay.box, false)
        }
    }

    private func setVisible(_ widget: UnsafeMutablePointer<GtkWidget>, _ visible: Bool) {
        if visible {
            gtk_widget_show_all(widget)
            // Overlays have their own X windows: keep them stacked above the video's.
            if widget != videoBox, let window = gtk_widget_get_window(widget) { gdk_window_raise(window) }
        } else {
            gtk_widget_hide(widget)
        }
    }

    /// The text the region's status overlay shows (error or buffering), nil when hidden.
    var statusText: String? {
        gtk_widget_get_visible(statusOverlay.box) != 0 ? gtk_label_get_text(vw_label(statusOverlay.label)).map { String(cString: $0) } : nil
    }

    /// The text the region's name overlay shows, nil when hidden.
    var nameText: String? {
        gtk_widget_get_visible(nameOverlay.box) != 0 ? gtk_label_get_text(vw_label(nameOverlay.label)).map { String(cString: $0) } : nil
    }

    /// The widget that takes clicks on the tile's picture (an event box with its own window).
    var clickTarget: UnsafeMutablePointer<GtkWidget> { videoBox }

    func release() { surface?.release() }
}
