import GStreamerKit
import VideoWallCore

/// What the client asks of one tile.
public struct TileSpec: @unchecked Sendable {
    public var source: String
    /// Where the video goes; nil renders headless into a synced `fakesink`.
    public var videoSink: VideoSink?
    /// nil: a synced `fakesink` when headless, playbin's automatic choice otherwise.
    public var audioSink: Element?
    public var endOfStream: EndOfStreamPolicy
    public var muted: Bool
    public var volume: Double
    /// false: with no `audioSink` given, the sound goes to a synced `fakesink` and no audio
    /// device is opened, window or not (mpv's `--no-audio`).
    public var opensAudioDevice: Bool

    public init(source: String, videoSink: VideoSink? = nil, audioSink: Element? = nil,
                endOfStream: EndOfStreamPolicy = .hold, muted: Bool = false, volume: Double = 1,
                opensAudioDevice: Bool = true) {
        self.source = source
        self.videoSink = videoSink
        self.audioSink = audioSink
        self.endOfStream = endOfStream
        self.muted = muted
        self.volume = volume
        self.opensAudioDevice = opensAudioDevice
    }
}

/// Settings of a coordinator.
public struct CoordinatorConfiguration: Sendable {
    /// How many tiles one wall holds; asking for more is an error per extra source.
    public var maximumTiles = 4
    public var loadTimeout: Double = 15
    public var prerollTimeout: Double = 20
    /// The longest the wall waits for its tiles before it starts: a tile not ready by then
    /// joins later, in sync, when it is (or stays "not ready").
    public var startTimeout: Double = 3
    /// The longest `close()` waits for the pipelines to reach NULL (it takes milliseconds;
    /// one whose thread is stuck in `open()` never does).
    public var closeTimeout: Double = 1.5
    /// Time between "play" and the first frame, so every tile is PLAYING before it is due.
    public var startMargin = MediaTime.milliseconds(5)
    /// Drag seeks are throttled to one per this interval (the last request wins).
    public var seekInterval = MediaTime.milliseconds(500)
    /// Loop the whole group: every tile wraps together at the longest tile's end.
    public var groupLoop = false

    public init() {}
}

/// Events of the whole wall: its transport, and each tile's own events by tile index.
public enum WallEvent: Sendable {
    case transport(TransportState)
    case tile(Int, PlayerEvent)
    /// The machine stopped keeping up (with the slowest tile's figure), or keeps up again (nil).
    case overload(OverloadMeter.Figure?)
    /// Something happened to the whole wall that the user should know (one line).
    case warning(String)
}
