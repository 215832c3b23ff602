import VideoWallCore

/// What the client asks of one tile.
public struct TileSpec: Sendable {
    public var source: String
    /// Where the video goes: `.headless` (a synced `fakesink`, and no audio device), or a
    /// window's output for the tile.
    public var output: any VideoOutput
    public var endOfStream: EndOfStreamPolicy
    public var muted: Bool
    public var volume: Double
    /// false: the sound goes to a synced `fakesink` and no audio device is opened, window or
    /// not (mpv's `--no-audio`). true: playbin's choice of device, unless the output is headless.
    public var opensAudioDevice: Bool
    /// Whether the tile starts again when the wall loops as a group (`groupLoop`); false holds
    /// its last frame while the others go round (a region's `loop: false` in kiosk mode).
    public var loopsWithGroup: Bool
    /// How much later the tile plays than the wall (`--offset`, a region's `offset:`).
    public var offset: TileOffset
    /// Items played one after another without a gap, going round after the last (`source` is
    /// the first); empty for a tile that plays `source` alone, which may itself be a folder or
    /// an `.m3u` file (read at `load`).
    public var playlist: [PlaylistItem]
    /// When the whole playlist may play (a region's `days:`, `from:`, `until:`, `start:`, `end:`);
    /// each item may narrow it with its own.
    package var playlistSchedule = Schedule()
    /// What a playlist tile shows while nothing of its list is scheduled: its region's
    /// background colour.
    public var background = RGBColor.black
    /// The clip of that colour (`StillClip.blank`), made at load for a playlist with schedules.
    var idleClip: String?
    /// What the tile is named after when `source` is a copy made at load (a playlist's first
    /// item as a still's clip or with sound, or its background): the file the user gave.
    var shownName: String?
    /// The playlist file or folder the tile was given, when `source` became its first item.
    var listSource: String?
    /// How the picture is turned: the stream's orientation, `--video-rotate` and the region's
    /// `rotate:` (`PictureRotation`).
    public var rotation = PictureRotation.auto
    /// Whether the playlist is played with its sound (`SoundedClip`): decided at load, when
    /// some item has sound and every item is a local file.
    var playlistHasSound = false

    public init(source: String, output: any VideoOutput = .headless,
                endOfStream: EndOfStreamPolicy = .hold, muted: Bool = false, volume: Double = 1,
                opensAudioDevice: Bool = true, loopsWithGroup: Bool = true, offset: TileOffset = .zero,
                playlist: [PlaylistItem] = [], rotation: PictureRotation = .auto) {
        self.rotation = rotation
        self.playlist = playlist
        self.source = source
        self.output = output
        self.endOfStream = endOfStream
        self.muted = muted
        self.volume = volume
        self.opensAudioDevice = opensAudioDevice
        self.loopsWithGroup = loopsWithGroup
        self.offset = offset
    }
}

/// Settings of a wall.
public struct WallConfiguration: Sendable {
    /// How many tiles one wall holds; asking for more is an error per extra source.
    public var maximumTiles = 4
    /// The longest the discoverer may take to describe a source.
    package var loadTimeout: Duration = .seconds(15)
    /// The longest a tile may take to preroll (or a seek to land) before it fails.
    package var prerollTimeout: Duration = .seconds(20)
    /// The longest the wall waits for its tiles before it starts: a tile not ready by then
    /// joins later, in sync, when it is (or stays "not ready").
    package var startTimeout: Duration = .seconds(3)
    /// The longest `close()` waits for the pipelines to reach NULL (it takes milliseconds;
    /// one whose thread is stuck in `open()` never does).
    package var closeTimeout: Duration = .milliseconds(1500)
    /// Time between "play" and the first frame, so every tile is PLAYING before it is due.
    package var startMargin: Duration = .milliseconds(5)
    /// Nil: `pause()` pauses at once. Else it pauses this far ahead, halfway through a frame,
    /// its timeline saying when (`WallTimeline.pauseAt`): a leader's followers pause at the
    /// same instant and stop on the same frame.
    package var pauseLead: Duration?
    /// Drag seeks are throttled to one per this interval (the last request wins).
    package var seekInterval: Duration = .milliseconds(500)
    /// `sync: items`: every playlist tile changes item with the others, each row of items
    /// lasting as long as its longest (`ItemRows`).
    package var itemsInRows = false
    /// Whether a playlist tile with sound starts once its first item is made ready, the others
    /// made while it plays (`ItemPreparation`); else the wall starts once all are made (a wall
    /// across machines, whose machines must hold the same list, and `sync: items`).
    package var preparesItemsWhilePlaying = true
    /// How long such a tile, its first item ready, waits for the others before it starts
    /// without them: a list of short clips starts whole, one with a long copy to make starts
    /// on the items before it.
    package var itemPreparationLead: Duration = .seconds(5)
    /// How long a playlist's still image is shown when its item says nothing (`--image-duration`).
    package var imageDuration: Duration = .seconds(10)
    /// How long a file new in a folder playlist must keep its size before it is played (one
    /// still being copied in is not).
    package var folderQuietPeriod: Duration = .seconds(2)
    /// The local date and time playlist schedules are read against (the machine's, by default;
    /// tests hand in their own).
    package var localTime: @Sendable () -> LocalMoment = LocalMoment.now
    /// Loop the whole group: every tile wraps together at the longest tile's end.
    public var groupLoop = false
    /// Whether and how a network tile that fails opens its source again and rejoins the wall
    /// (never, by default).
    public var recovery = RecoveryPolicy.never
    /// The watchdog: a tile that shows no new frame, or waits for data, past these limits
    /// while the wall plays fails (and recovers, if `recovery` allows); nil: no watchdog.
    public var stallWatch: StallWatch?
    /// Where every tile's rendered frames are logged (`RenderLog`); nil: nowhere.
    package var renderLog: RenderLog?
    /// The clock every tile runs on: this machine's, or a leader's over the network.
    public var clock = WallClockSource.system
    /// Serves the wall's clock to followers on this UDP port (nil: not served).
    public var clockServicePort: Int?
    /// The address it is served on (nil: every address of the machine).
    package var clockServiceAddress: String?
    /// How long the wall waits for a network tile short of data before that tile leaves the
    /// group and the others play on (`--buffering-hold`); nil: as long as it takes.
    package var bufferingHold: Duration? = .seconds(5)

    public init() {}
}

/// Events of the whole wall: its transport, and each tile's own events by tile index.
public enum WallEvent: Sendable {
    case transport(TransportState)
    /// The wall began seeking (right after `.transport(.seeking)`); `movesPlace` false: tiles
    /// brought onto one frame after a pause, not a seek anyone asked for.
    case seekBegan(movesPlace: Bool)
    /// The wall stopped seeking (right after the transport left `.seeking`); whether the seek
    /// that ended it moved the wall's place.
    case seekEnded(movedPlace: Bool)
    /// A setting of the wall's changed: volume, mute, loop, speed, the A-B points, a tile's
    /// offset or which tile is heard. The wall as it stands after the change.
    case changed(WallSnapshot)
    /// Where the wall is, every `Wall.positionInterval` while it plays: what a clock
    /// display or an observer of the position follows, so no client has to poll.
    case position(MediaTime)
    case tile(Int, PlayerEvent)
    /// The machine stopped keeping up (with the slowest tile's figure), or keeps up again (nil).
    case overload(OverloadMeter.Figure?)
    /// Something happened to the whole wall that the user should know (one line).
    case warning(String)
    /// A failed network tile tries again, or came back (`WallConfiguration.recovery`).
    case tileRecovery(Int, TileRecoveryEvent)
}
