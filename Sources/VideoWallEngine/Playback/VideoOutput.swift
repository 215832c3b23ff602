/// Where a tile's pictures go. A client does not build one: it passes the engine's
/// `.headless` output (the default) or what a window hands it for a tile
/// (`WallWindow.videoOutput(forTile:)`). The GStreamer side of an output is the package's own
/// (`PipelineVideoOutput`), so no GStreamer type is part of the library's API; a tile given an
/// output of any other kind fails with its own error.
public protocol VideoOutput: Sendable {}

/// An output that can hand the engine the sink elements of one tile.
package protocol PipelineVideoOutput: VideoOutput {
    /// The sink for tile `index` (numbered from 0); an output may build it on demand.
    func videoSink(forTile index: Int) throws -> VideoSink
    /// Whether pictures go nowhere: a headless tile opens no audio device either.
    var isHeadless: Bool { get }
}

/// Headless rendering: every frame goes to a synced `fakesink`, so timing is as real as on a
/// screen, and no audio device is opened.
public struct HeadlessVideoOutput: VideoOutput, PipelineVideoOutput {
    public init() {}

    package func videoSink(forTile index: Int) throws -> VideoSink {
        try VideoSink.headless(name: "tile\(index)-video")
    }

    package var isHeadless: Bool { true }
}

extension VideoOutput where Self == HeadlessVideoOutput {
    /// Headless rendering (`HeadlessVideoOutput`): the default of `TileSpec`.
    public static var headless: HeadlessVideoOutput { HeadlessVideoOutput() }
}
