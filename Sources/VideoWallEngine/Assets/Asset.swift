import VideoWallCore

/// What VideoWall knows about one source before it plays it (from GstDiscoverer).
public struct Asset: Sendable {
    /// What the user gave: a path or a URI, as typed. Errors name this.
    public var source: String
    /// The URI GStreamer plays.
    public var uri: String
    public var duration: MediaTime?
    public var isSeekable: Bool
    public var isLive: Bool
    /// The container's description ("ISO MP4/M4A"), nil for elementary streams.
    public var container: String?
    public var video: Video?
    public var audio: Audio?
    public var tags: [String: String]

    public struct Video: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var pixelAspect: PixelAspectRatio
        /// The size the picture is meant to be seen at: pixel aspect applied, turned upright
        /// as the stream's orientation says.
        public var displaySize: Size
        /// The stream's `image-orientation` tag, nil when it has none.
        public var orientation: VideoOrientation? = nil
        public var frameRate: Double?
        /// One frame's duration, nil for variable or unknown rates.
        public var frameDuration: MediaTime?
        public var codec: String
        /// Bits per second, as the stream or the container says; nil when neither does.
        public var bitrate: Int? = nil
    }

    public struct Audio: Sendable {
        public var channels: Int
        public var sampleRate: Int
        public var codec: String
    }

    /// What is known before discovery: where the source is, nothing about its streams.
    static func provisional(source: String) -> Asset {
        Asset(source: source, uri: MediaLocation.uri(for: source), duration: nil, isSeekable: true, isLive: false,
              container: nil, video: nil, audio: nil, tags: [:])
    }

    /// Why a seek on this source is refused, nil when it can seek. Over HTTP a file seeks by
    /// asking for a byte range, so a server that does not serve them is the reason.
    public var seekRefusal: String? {
        if isSeekable { return nil }
        if isLive { return "cannot seek a live stream" }
        return isNetwork ? "cannot seek: the server does not serve byte ranges" : "cannot seek in this source"
    }

    /// Whether the source comes over a network (its tiles hold the group while buffering).
    public var isNetwork: Bool { MediaLocation.isNetwork(uri) }
}
