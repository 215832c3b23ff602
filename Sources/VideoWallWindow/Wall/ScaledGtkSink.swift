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

    init(name: String) throws {
        let bin = try Bin.make(name: "\(name)-bin")
        let scale = try Element(factory: "videoscale", name: "\(name)-scale")
        let convert = try Element(factory: "videoconvert", name: "\(name)-convert")
        filter = try Element(factory: "capsfilter", name: "\(name)-size")
        let sink = try Element(factory: "gtksink", name: name)
        try scale.set("add-borders", false)
        try sink.set("force-aspect-ratio", false)
        try sink.set("enable-last-sample", true)
        for element in [scale, convert, filter, sink] { try bin.add(element) }
        try scale.link(to: convert)
        try convert.link(to: filter)
        try filter.link(to: sink)
        try bin.exposePad("sink", of: scale, as: "sink")
        videoSink = VideoSink(element: bin, renderer: sink)
        let raw = try sink.withObjectProperty("widget") { pointer -> UnsafeMutableRawPointer? in
            if let pointer { g_object_ref(pointer) }
            return pointer
        }
        guard let raw else { throw GStreamerError(domain: "gtksink", message: "gtksink gave no widget") }
        widget = vw_widget(raw)
    }

    /// Scales frames to exactly the widget's size (square pixels) from now on.
    func resize(width: Int, height: Int) {
        guard width > 0, height > 0, size?.width != width || size?.height != height else { return }
        size = (width, height)
        if let caps = try? Caps("video/x-raw,width=\(width),height=\(height),pixel-aspect-ratio=1/1") {
            try? filter.set("caps", caps: caps)
        }
    }

    func release() { g_object_unref(widget) }
}
