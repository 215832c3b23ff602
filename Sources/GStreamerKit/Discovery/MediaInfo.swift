/// What GstDiscoverer found out about one URI, as plain Swift values.
public struct MediaInfo: Sendable {
    public var uri: String
    public var duration: ClockTime?
    public var isSeekable: Bool
    public var isLive: Bool
    public var tags: [String: String]
    /// The container's description ("ISO MP4/M4A", "Matroska"), nil for an elementary stream.
    public var container: String?
    /// The outermost container's media type ("video/quicktime", "application/x-hls"): says
    /// whether the source is one file or a manifest of segments.
    public var containerMediaType: String?
    public var videoStreams: [VideoStream]
    public var audioStreams: [AudioStream]

    public struct VideoStream: Sendable {
        public var width: Int
        public var height: Int
        public var pixelAspect: (numerator: Int, denominator: Int)
        public var frameRate: (numerator: Int, denominator: Int)?
        public var codec: String
        public var bitrate: Int?
        public var isImage: Bool
        /// The decoder GStreamer would pick for the stream now (`DecoderFactories.best`).
        public var decoder: String? = nil
    }

    public struct AudioStream: Sendable {
        public var channels: Int
        public var sampleRate: Int
        public var codec: String
        public var language: String?
    }
}

/// Why discovery failed, with GstDiscoverer's own sentence.
public enum DiscoveryFailure: Error, Sendable, CustomStringConvertible {
    case invalidURI(String)
    /// The GError GstDiscoverer reported ("Resource not found.", "Could not determine type of stream.").
    case failed(GStreamerError)
    case timedOut(seconds: Double)
    /// Decoders or demuxers that are not installed, by their human description ("VP8 decoder").
    case missingPlugins([String])
    /// Stopped before it answered (the program is stopping).
    case cancelled

    public var description: String {
        switch self {
        case .invalidURI(let uri): return "invalid URI '\(uri)'"
        case .failed(let error): return error.message
        case .timedOut(let seconds): return "no answer within \(Int(seconds)) s"
        case .missingPlugins(let names): return "missing GStreamer plugin: \(names.joined(separator: ", "))"
        case .cancelled: return "stopped before it was described"
        }
    }
}
