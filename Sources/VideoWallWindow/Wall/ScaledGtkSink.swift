internal import CGtk
import GStreamerKit
import VideoWallEngine

/// A tile's video sink for the window: `videoscale ! videoconvert ! capsfilter ! gtksink`.
/// Frames are scaled to the on-screen size before the sink (gtksink would otherwise convert
/// and scale full frames on the CPU), and gtksink never draws bars: its widget is sized to
/// the fitted rectangle.
@MainActor
final class ScaledGtkSink {
    let videoSink: VideoSink
    /// The sink's GTK widget; we hold one reference, the container another.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let filter: Element
    private var size: (width: Int, height: Int)?
    private var pendingResize: TimeoutToken?

    init(name: String) throws {
        let bin = try Bin.make(name: "\(name)-bin")
        let scale = try Element(factory: "videoscale", name: "\(name)-scale")
        let convert = try Element(factory: "videoconvert", name: "\(name)-convert")
        filter = try Element(factory: "capsfilter", name: "\(name)-size")
        let sink = try Element(factory: "gtksink", name: name)
        try scale.set("add-borders", false)
        try sink.set("force-aspect-ratio", false)
        try sink.set("enable-last-sample", true)
        // The queue decouples the decoder's thread from scaling and drawing: without it, a
        // renegotiation (window resize, new stream size) hands gtksink buffers whose video
        // meta no longer matches its caps, and it draws nothing.
        let queue = try Element(factory: "queue", name: "\(name)-queue")
        let chain = [queue, scale, convert, filter, sink]
        for element in chain { try bin.add(element) }
        for (a, b) in zip(chain, chain.dropFirst()) { try a.link(to: b) }
        try bin.exposePad("sink", of: queue, as: "sink")
        // The media size is read where frames leave the queue, so a size change is reported
        // when those frames are about to be shown, not when they enter the queue.
        videoSink = VideoSink(element: bin, renderer: sink, mediaSizeElement: scale)
        let raw = try sink.withObjectProperty("widget") { pointer -> UnsafeMutableRawPointer? in
            if let pointer { g_object_ref(pointer) }
            return pointer
        }
        guard let raw else { throw GStreamerError(domain: "gtksink", message: "gtksink gave no widget") }
        widget = vw_widget(raw)
    }

    /// Scales frames to exactly the widget's size from now on. No pixel aspect is imposed:
    /// while a new stream size is still on its way to the window, the scaler must be free to
    /// fill the old size (gtksink, not keeping aspect, fills the widget either way).
    /// While a window is being dragged larger the size changes every frame; renegotiating
    /// each time makes gtksink draw a stale frame against new caps, so the new size is
    /// applied once it has held for 100 ms (until then gtksink stretches the last size).
    func resize(width: Int, height: Int) {
        guard width > 0, height > 0, size?.width != width || size?.height != height else { return }
        let firstSize = size == nil
        size = (width, height)
        pendingResize?.cancel()
        if firstSize {
            applySize()
        } else {
            pendingResize = MainLoop.after(seconds: 0.1) { [weak self] in self?.applySize() }
        }
    }

    private func applySize() {
        guard let size, let caps = try? Caps("video/x-raw,width=\(size.width),height=\(size.height)") else { return }
        try? filter.set("caps", caps: caps)
    }

    func release() {
        pendingResize?.cancel()
        g_object_unref(widget)
    }
}
