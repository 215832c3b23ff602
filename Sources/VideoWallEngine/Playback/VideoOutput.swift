package import GStreamerKit

/// Where a tile's pictures go. A client does not build one: it passes the engine's
/// `.headless` output (the default) or what a window hands it for a tile
/// (`WallWindow.videoOutput(forTile:)`). An output the engine can play into also conforms to
/// GStreamerKit's `VideoSinkSource`, so no GStreamer type is part of the library's API; a
/// tile given an output of any other kind fails with its own error.
public protocol VideoOutput: Sendable {}

/// Headless rendering: every frame goes to a synced `fakesink`, so timing is as real as on a
/// screen, and no audio device is opened.
public struct HeadlessVideoOutput: VideoOutput {
    public init() {}
}

extension VideoOutput where Self == HeadlessVideoOutput {
    /// Headless rendering (`HeadlessVideoOutput`): the default of `TileSpec`.
    public static var headless: HeadlessVideoOutput { HeadlessVideoOutput() }
}

// A sink a package target built itself (the bench's recorders, tests) is an output as it is.
extension VideoSink: VideoOutput {}
