import ArgumentParser
import VideoWallCore
import VideoWallEngine

/// Options shared by every command that plays a wall.
struct PlaybackOptions: ParsableArguments {
    @Flag(name: .long, help: "Render without a window (into synced fakesinks); at exit, print a summary per tile on standard error.")
    var headless = false

    @Option(name: .long, help: ArgumentHelp("Stop after this many seconds of playback (more than 0, at most 2592000: 30 days).", valueName: "seconds"))
    var quitAfter: Double?

    @Flag(name: .long, help: "Loop the wall: every tile wraps together at the end of the longest.")
    var loop = false

    @Flag(name: .long, help: "Mute every tile.")
    var mute = false

    @Flag(name: .customLong("no-audio"), help: "Open no audio device: every tile's sound goes to a synced fakesink (as with --headless).")
    var noAudio = false

    @Option(name: .long, help: ArgumentHelp("Write a JSON report at exit ('-' for standard output). Not written: exit status 4.", valueName: "path"))
    var report: String?

    @Option(name: .long, help: ArgumentHelp("Log every rendered frame: a line of tile number, PTS and release time (CLOCK_MONOTONIC), in nanoseconds.", valueName: "path"))
    var renderLog: String?

    @Option(name: .long, help: "The most tiles a wall holds (1 to 16).")
    var maxTiles = 4

    @Option(name: .long, help: ArgumentHelp("A network tile that fails tries again: 'no', 'inf', or a number of attempts (0 to 1000); waits 1 s, then twice as long each time, up to 30 s. Default: 'inf' with --kiosk, else 'no'.", valueName: "no|inf|n"))
    var retry: String?

    @Option(name: .customLong("input-ipc-server"),
            help: ArgumentHelp("Serve mpv's JSON IPC on a Unix socket at this path (mode 0600; a stale socket is replaced, nothing else is).", valueName: "path"))
    var ipcServer: String?

    @Option(name: .long, help: ArgumentHelp("Play tile N (from 1) this much later than the wall: seconds (0.5, -0.04) or frames (12f), at most an hour either way. Repeatable; over a region's 'offset:'.", valueName: "n=time"))
    var offset: [String] = []

    @Option(name: .long, help: ArgumentHelp("How long a playlist shows a still image (PNG, JPEG) whose item gives no 'duration:' (0.04 to 86400 seconds).", valueName: "seconds"))
    var imageDuration: Double = 10

    @Option(name: .long, help: ArgumentHelp("How long the wall waits for a network tile short of data (0.5 to 3600 s): then that tile leaves the group, says so, and the others play on; it joins again once it has caught up.", valueName: "seconds"))
    var bufferingHold = 5.0

    @Option(name: .long, help: ArgumentHelp("The most the media cache keeps (stills made into clips, backwards and sounded copies, in XDG_CACHE_HOME/videowall), in MiB (1 to 1048576): past it the files used longest ago are removed.", valueName: "MiB"))
    var cacheLimit = 2048

    @Option(name: .customLong("ab-loop-a"), help: ArgumentHelp("The A-B loop's start, in seconds (0 to 2592000); with --ab-loop-b after it, the wall loops between them.", valueName: "seconds"))
    var abLoopA: Double?

    @Option(name: .customLong("ab-loop-b"), help: ArgumentHelp("The A-B loop's end, in seconds (0 to 2592000).", valueName: "seconds"))
    var abLoopB: Double?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("When playback reaches SECONDS (0 to 2592000, before --quit-after), save each tile's frame at its source resolution as DIR/tile-N.png, all of one instant, and the window as DIR/window.png. Once per run; headless too (no window.png).", valueName: "seconds dir"))
    var tileScreenshotsAt: [String] = []

    @Option(name: .customLong("video-rotate"),
            help: ArgumentHelp("Turn every picture: 'auto' (upright as the stream's orientation says, the default), 'no' (ignore it), or 0, 90, 180, 270 degrees clockwise on top of it (mpv's option).", valueName: "auto|no|degrees"))
    var videoRotate = "auto"

    @Option(name: .long, help: ArgumentHelp("Hardware video decoding (mpv's option): 'auto' (as GStreamer ranks the decoders, VA-API's raised when a VA device opens; the default), 'no' (software only), or one family first: 'nvdec', 'vaapi', 'v4l2'.", valueName: "auto|no|nvdec|vaapi|v4l2"))
    var hwdec = "auto"

    @Flag(name: .customLong("no-mpris"), help: "Do not offer the wall on the D-Bus session bus as an MPRIS player (org.mpris.MediaPlayer2.videowall).")
    var noMPRIS = false

    static let tileLimits = 1...LayoutParser.maximumRegionCount

    func validate() throws {
        if let quitAfter { try NumberChecks.seconds(quitAfter, option: "--quit-after") }
        try NumberChecks.whole(maxTiles, option: "--max-tiles", in: Self.tileLimits)
        try NumberChecks.whole(cacheLimit, option: "--cache-limit", in: 1...1_048_576)
        try NumberChecks.seconds(bufferingHold, option: "--buffering-hold", allowsZero: true, minimum: 0.5, maximum: 3600)
        if let report, report != "-" { try OutputPaths.check(report, option: "--report") }
        if let renderLog { try OutputPaths.check(renderLog, option: "--render-log") }
        if let retry, RecoveryPolicy(parsing: retry) == nil {
            throw ValidationError("--retry must be 'no', 'inf' or a number of attempts from 0 to \(RecoveryPolicy.largestCount), got \(TerminalText.quoted(retry))")
        }
        try NumberChecks.seconds(imageDuration, option: "--image-duration", allowsZero: true, minimum: 0.04, maximum: 86_400)
        if let abLoopA { try NumberChecks.seconds(abLoopA, option: "--ab-loop-a", allowsZero: true) }
        if let abLoopB { try NumberChecks.seconds(abLoopB, option: "--ab-loop-b", allowsZero: true) }
        if let abLoopA, let abLoopB, abLoopB <= abLoopA {
            throw ValidationError("--ab-loop-b \(NumberChecks.text(abLoopB)) must be after --ab-loop-a \(NumberChecks.text(abLoopA))")
        }
        for text in offset where TileOffsetAssignment(parsing: text) == nil {
            throw ValidationError("--offset must be TILE=TIME with TILE from 1 to 64 and TIME in seconds (0.5, -0.04) or frames (12f), "
                + "at most \(Int(TileOffset.largest.seconds)) s or \(TileOffset.largestFrames) frames either way, got \(TerminalText.quoted(text))")
        }
        _ = try HardwareDecoding.option(hwdec)
        if PictureRotation(parsing: videoRotate) == nil {
            throw ValidationError("--video-rotate must be auto, no, 0, 90, 180 or 270, got \(TerminalText.quoted(videoRotate))")
        }
        if let ipcServer, ipcServer.isEmpty || ipcServer.utf8.count > 107 || ipcServer.contains("\0") {
            throw ValidationError("--input-ipc-server must be a socket path of 1 to 107 bytes, got \(ipcServer.utf8.count)")
        }
    }


    /// `--tile-screenshots-at SECONDS DIR`, once the command has taken back any media words the
    /// option swallowed (the parser gives it every word up to the next option).
    func validateTileScreenshots() throws {
        guard !tileScreenshotsAt.isEmpty else { return }
        let (seconds, folder) = try TimedOutputOption.check("--tile-screenshots-at", words: tileScreenshotsAt, quitAfter: quitAfter,
                                                            example: "a folder, e.g. --tile-screenshots-at 2.5 shots")
        try OutputPaths.checkFolder(folder, option: "--tile-screenshots-at \(NumberChecks.text(seconds))")
    }

    var settings: PlaybackSettings {
        PlaybackSettings(quitAfter: quitAfter, loop: loop, mute: mute, noAudio: noAudio, report: report, renderLog: renderLog, maxTiles: maxTiles,
                         ipcServer: ipcServer, retry: retry.flatMap(RecoveryPolicy.init(parsing:)), mpris: !noMPRIS,
                         offsets: offset.compactMap(TileOffsetAssignment.init(parsing:)),
                         abLoop: (abLoopA.map(MediaTime.seconds), abLoopB.map(MediaTime.seconds)),
                         tileScreenshots: tileScreenshotsAt.count == 2 ? Double(tileScreenshotsAt[0]).map { ($0, tileScreenshotsAt[1]) } : nil,
                         imageDuration: imageDuration, cacheLimit: cacheLimit, bufferingHold: bufferingHold, videoRotate: PictureRotation(parsing: videoRotate) ?? .auto,
                         hardwareDecoding: HardwareDecoding(rawValue: hwdec) ?? .auto)
    }
}

/// What a session plays by: the parsed options as a plain value (parsable types cannot be
/// made by hand, the demo makes its own).
struct PlaybackSettings {
    var quitAfter: Double?
    var loop = false
    var mute = false
    /// No audio device opened, window or not.
    var noAudio = false
    var report: String?
    /// `--render-log`: where every rendered frame is logged.
    var renderLog: String?
    var maxTiles = 4
    /// Where to serve the remote control (`--input-ipc-server`).
    var ipcServer: String?
    /// The web control page (`--http`), on `play` and `lead`.
    var web: WebSettings?
    /// `--retry`; nil: the default (`inf` with `--kiosk`, else `no`).
    var retry: RecoveryPolicy?
    /// Offer the wall as an MPRIS player on the session bus, when there is one.
    var mpris = true
    /// `--offset`, in the order given (a later one for the same tile wins).
    var offsets: [TileOffsetAssignment] = []
    /// `--ab-loop-a`, `--ab-loop-b`.
    var abLoop: (a: MediaTime?, b: MediaTime?) = (nil, nil)
    /// `--tile-screenshots-at`: when, and into which folder.
    var tileScreenshots: (seconds: Double, folder: String)?
    /// `--image-duration`, in seconds.
    var imageDuration = 10.0
    /// `--cache-limit`, in MiB.
    var cacheLimit = 2048
    /// `--buffering-hold`, in seconds.
    var bufferingHold = 5.0
    /// `--video-rotate`: how every tile's picture is turned, before a region's own `rotate:`.
    var videoRotate = PictureRotation.auto
    /// `--hwdec`: set in GStreamer's registry before the wall describes anything.
    var hardwareDecoding = HardwareDecoding.auto
    /// `videowall lead` or `videowall follow`: the wall's part in a wall across machines.
    var role: WallRole?

    /// How far ahead a leader starts after a change (`lead`): a follower reads the change
    /// within its poll (0.1 s) and the link's delay, and needs an accurate seek's time more.
    static let leaderStartMargin: Duration = .milliseconds(500)

    /// The tiles with `--offset` applied over what their regions say, and `--video-rotate`
    /// under each region's own turn.
    func applyingTileOptions(to specs: [TileSpec]) -> [TileSpec] {
        var specs = specs
        for assignment in offsets where assignment.tile <= specs.count { specs[assignment.tile - 1].offset = assignment.offset }
        for index in specs.indices { specs[index].rotation = videoRotate.adding(degrees: specs[index].rotation.degrees) }
        return specs
    }

    /// The wall holds `maxTiles`, or every tile of a layout that has more regions; the
    /// layout's `sync: items` makes its playlists change item together.
    func wallConfiguration(tiles: Int, layout: Layout? = nil) -> WallConfiguration {
        MediaCache.limit.withLock { $0 = Int64(cacheLimit) << 20 }
        var configuration = WallConfiguration()
        configuration.itemsInRows = layout?.syncItems ?? false
        // The machines of one wall must hold the same list when they play it.
        configuration.preparesItemsWhilePlaying = role == nil
        configuration.maximumTiles = max(maxTiles, tiles)
        configuration.groupLoop = loop
        configuration.bufferingHold = .milliseconds(Int64((bufferingHold * 1000).rounded()))
        configuration.imageDuration = .milliseconds(Int64((imageDuration * 1000).rounded()))
        configuration.recovery = retry ?? .never
        // The watchdog rebuilds a stalled tile: it runs when tiles may be rebuilt.
        configuration.stallWatch = configuration.recovery == .never ? nil : StallWatch()
        switch role {
        case .lead(let clockPort, _, let access)?:
            configuration.clockServicePort = clockPort
            configuration.clockServiceAddress = access.clockAddress
            // Every start (a resume, after a seek or a new speed) half a second ahead: time for
            // the followers to read it and seek, so they start with the leader, frame for frame.
            configuration.startMargin = PlaybackSettings.leaderStartMargin
            // And every pause: the followers pause at the same instant, on the same frame.
            configuration.pauseLead = PlaybackSettings.leaderStartMargin
        case .follow(let host, _, let clockPort, _, _, _, _)?: configuration.clock = .network(host: host, port: clockPort)
        case nil: break
        }
        configuration.renderLog = renderLog.map { path in
            RenderLog(path: path) { problem in Task { @MainActor in Console.warning(problem) } }
        }
        return configuration
    }
}
