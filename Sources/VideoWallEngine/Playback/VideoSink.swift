package import GStreamerKit

/// The video sink a tile renders into, handed to the engine by a window, the bench or a test
/// (the engine knows no window); the library's clients see it only as a `VideoOutput`. `element` goes into playbin's `video-sink`; `renderer` is the base sink inside
/// it whose `stats` and `last-sample` the engine reads (the same element when there is no bin).
package struct VideoSink: PipelineVideoOutput, @unchecked Sendable {
    package var element: Element
    package var renderer: Element

    package init(element: Element, renderer: Element? = nil) {
        self.element = element
        self.renderer = renderer ?? element
    }

    /// Headless rendering: `fakesink` with `sync=true`, so timing is as real as on a screen.
    package static func headless(name: String? = nil) throws -> VideoSink {
        let sink = try Element(factory: "fakesink", name: name)
        try sink.set("sync", true)
        try sink.set("enable-last-sample", true)
        // fakesink's default max-lateness (-1) never drops; a screen sink drops frames that
        // are more than 20 ms late, so measure with the same rule.
        try sink.set("max-lateness", 20_000_000)
        // No quality-of-service events: a decoder told it is late drops frames of its own
        // choosing (for as long as twice the lateness, which after the process stood still is
        // seconds), so each tile would drop different frames. The wall decides what is dropped
        // (key frames only under overload, a re-base after standing still), the same for all.
        try sink.set("qos", false)
        return VideoSink(element: sink)
    }

    package func videoSink(forTile index: Int) throws -> VideoSink { self }
    package var isHeadless: Bool { false }
}
