import VideoWallCore

/// One tile of the wall as it stands now: `Wall.tiles` gives one per source, in the
/// order the sources were given, whether the tile plays, is still loading or failed.
public struct TileStatus: Equatable, Sendable {
    /// Where the tile's source was in the list given to `load` (from 0).
    public var index: Int
    public var source: String
    /// `.failed` for a tile that has no pipeline (refused, or its source could not be described).
    public var state: PlayerState
    /// Why the tile failed; nil while it has not.
    public var failure: AssetError?
    /// Why a tile still loading is not ready yet ("not ready after 4.0 s: ..."); nil once it is.
    public var notReadyReason: String?
    /// The frame the tile shows or holds; for a failed tile, where it stopped. Nil before its
    /// first frame.
    public var position: MediaTime?
    /// The source's length, once it is known.
    public var duration: MediaTime?
    /// The picture the stream negotiated; nil until it has.
    public var mediaFormat: MediaFormat?
    /// Nil when the tile never had a pipeline.
    public var statistics: TileStatistics?
    /// How many times the tile started its clip again.
    public var loopCount: Int
    /// Warnings about the tile, each once (a source that ended early, GStreamer's own).
    public var warnings: [String]
    /// How many times the tile failed and came back (`WallConfiguration.recovery`).
    public var recoveries: Int
    /// How much later the tile plays than the wall (its offset; zero when it has none).
    public var offset: MediaTime
    /// A playlist tile's item on screen (its location), and how many times the item changed;
    /// nil and 0 for a tile that plays one source.
    public var item: String? = nil
    public var itemChanges = 0
    /// The item's place in the playlist (from 0; nil when it left a folder), and how many
    /// items the playlist has now.
    public var itemPosition: Int? = nil
    public var itemCount: Int? = nil
    /// The playlist file or folder the tile was given (what a follower plays too); nil for a
    /// tile given one source, or a list in its layout.
    public var playlistSource: String? = nil
    /// The video stream as the source was described before it played (size, pixel shape and
    /// rate as its container says), its codec and bit rate; nil for a source with no picture
    /// or not yet described.
    public var describedFormat: MediaFormat? = nil
    public var codec: String? = nil
    /// The video decoder the tile's pipeline made (`avdec_h264`, `nvh264dec`); nil before.
    public var decoder: String? = nil
    public var bitrate: Int? = nil
    /// One frame of the tile, as its stream says (its caps, else its description).
    public var frameDuration: MediaTime? = nil
    /// Whether the source comes over a network (it seeks only when the drag ends).
    public var isNetwork = false
    /// Whether the tile is muted on its own (the `1`-`4` keys, `tile/N/mute`); the wall's own
    /// mute silences every tile on top of it.
    public var isMuted = true
    /// The tile's own level (its region's `volume:`, or as set since), under the wall's volume.
    public var volume = 1.0
    /// Whether the tile has not yet shown the frame after a hole in its media (a segment the
    /// server did not have): showing nothing new meanwhile, it is not late.
    public var inMediaHole = false

    /// A status as a client builds one itself (a test double of the wall, a saved snapshot).
    package init(index: Int, source: String, state: PlayerState, failure: AssetError? = nil,
                notReadyReason: String? = nil, position: MediaTime? = nil, duration: MediaTime? = nil,
                mediaFormat: MediaFormat? = nil, statistics: TileStatistics? = nil, loopCount: Int = 0,
                warnings: [String] = [], recoveries: Int = 0, offset: MediaTime = .zero) {
        self.index = index
        self.source = source
        self.state = state
        self.failure = failure
        self.notReadyReason = notReadyReason
        self.position = position
        self.duration = duration
        self.mediaFormat = mediaFormat
        self.statistics = statistics
        self.loopCount = loopCount
        self.warnings = warnings
        self.recoveries = recoveries
        self.offset = offset
    }
}
