/// The video sink one tile renders into, as a window, the bench or a test builds it: `element`
/// goes into playbin's `video-sink`; `renderer` is the base sink inside it whose `stats` and
/// `last-sample` are read (the same element when there is no bin).
public struct VideoSink: @unchecked Sendable {
    public var element: Element
    public var renderer: Element

    public init(element: Element, renderer: Element? = nil) {
        self.element = element
        self.renderer = renderer ?? element
    }

    /// Headless rendering: `fakesink` with `sync=true`, so timing is as real as on a screen.
    public static func headless(name: String? = nil) throws -> VideoSink {
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
}

/// What hands a player the sink of each tile: a window's output conforms, so a program's
/// engine can take a window's sinks while its public API names no GStreamer type.
public protocol VideoSinkSource: Sendable {
    /// The sink for tile `index` (numbered from 0); a source may build it on demand.
    func videoSink(forTile index: Int) throws -> VideoSink
}

extension VideoSink: VideoSinkSource {
    /// A sink built for one tile hands itself over.
    public func videoSink(forTile index: Int) throws -> VideoSink { self }
}
