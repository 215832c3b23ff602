import VideoWallCore

/// What VideoWall knows about one source before it plays it (from GstDiscoverer).
package struct Asset: Sendable {
    /// What the user gave: a path or a URI, as typed. Errors name this.
    package var source: String
    /// The URI GStreamer plays.
    package var uri: String
    package var duration: MediaTime?
    package var isSeekable: Bool
    package var isLive: Bool
    /// The container's description ("ISO MP4/M4A"), nil for elementary streams.
    package var container: String?
    package var video: Video?
    package var audio: Audio?
    package var tags: [String: String]

    package struct Video: Sendable {
        package var width: Int
        package var height: Int
        package var pixelAspect: PixelAspectRatio
        /// The size the picture is meant to be seen at: pixel aspect applied, turned upright
        /// as the stream's orientation says.
        package var displaySize: Size
        /// The stream's `image-orientation` tag, nil when it has none.
        package var orientation: VideoOrientation? = nil
        package var frameRate: Double?
        /// One frame's duration, nil for variable or unknown rates.
        package var frameDuration: MediaTime?
        package var codec: String
        /// Bits per second, as the stream or the container says; nil when neither does.
        package var bitrate: Int? = nil
        /// The decoder GStreamer would pick for it (after `--hwdec`); nil when none would.
        package var decoder: String? = nil
    }

    package struct Audio: Sendable {
        package var channels: Int
        package var sampleRate: Int
        package var codec: String
    }

    /// What is known before discovery: where the source is, nothing about its streams.
    static func provisional(source: String) -> Asset {
        Asset(source: source, uri: MediaLocation.uri(for: source), duration: nil, isSeekable: true, isLive: false,
              container: nil, video: nil, audio: nil, tags: [:])
    }

    /// Why a seek on this source is refused, nil when it can seek. Over HTTP a file seeks by
    /// asking for a byte range, so a server that does not serve them is the reason.
    package var seekRefusal: String? {
        if isSeekable { return nil }
        if isLive { return "cannot seek a live stream" }
        return isNetwork ? "cannot seek: the server does not serve byte ranges" : "cannot seek in this source"
    }

    /// Whether the source comes over a network (its tiles hold the group while buffering).
    package var isNetwork: Bool { MediaLocation.isNetwork(uri) }
}
