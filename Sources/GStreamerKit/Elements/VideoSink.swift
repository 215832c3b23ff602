/// The video sink one tile renders into, as a window, the bench or a test builds it: `element`
/// goes into playbin's `video-sink`; `renderer` is the base sink inside it whose `stats` and
/// `last-sample` are read (the same element when there is no bin).
public struct VideoSink: @unchecked Sendable {
    public var element: Element
    public var renderer: Element
    /// Every base sink inside (several when one decode is shown by several: `fanOut`).
    public var renderers: [Element]

    public init(element: Element, renderer: Element? = nil) {
        self.element = element
        self.renderer = renderer ?? element
        renderers = [self.renderer]
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

    /// One decode shown by several sinks (one tile on several monitors): a bin of
    /// `tee ! <each sink's element>`. Each branch must begin with its own queue, so one slow
    /// branch does not hold the others' frames. The first sink is the one whose statistics
    /// and last frame stand for the tile. One sink is handed back as it is.
    public static func fanOut(_ sinks: [VideoSink], name: String) throws(GStreamerError) -> VideoSink {
        guard let first = sinks.first else { throw GStreamerError(domain: "GStreamerKit", message: "\(name): no sink to fan out to") }
        guard sinks.count > 1 else { return first }
        let bin = try Bin.make(name: name)
        let tee = try Element(factory: "tee", name: "\(name)-tee")
        try bin.add(tee)
        for sink in sinks {
            try bin.add(sink.element)
            try tee.link(to: sink.element)
        }
        try bin.exposePad("sink", of: tee, as: "sink")
        var fanned = VideoSink(element: bin, renderer: first.renderer)
        fanned.renderers = sinks.flatMap(\.renderers)
        return fanned
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
