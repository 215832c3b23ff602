import Foundation
package import GStreamerKit
import VideoWallCore

/// Owns the tiles of one wall and moves them in lockstep: one pipeline clock, one base time,
/// group start, pause, seek, rate change and loop. What the wall does is decided by its
/// transport (`WallTransport`, pure, in the core); the wall hands it what the user
/// asks for and what the tiles report, and carries out its effects on the pipelines
/// (`Wall+Transport`).
@MainActor
public final class Wall {
    public let configuration: WallConfiguration
    package internal(set) var slots: [TileSlot] = []
    var machine: WallTransport
    public var transport: TransportState { machine.state }
    package var rate: Double { machine.rate }

    /// The one pipeline clock every tile runs on.
    package internal(set) var clock: Clock
    /// The configuration's timeouts in seconds, as the engine's timers and deadlines count them.
    let loadSeconds: Double, prerollSeconds: Double, startSeconds: Double, closeSeconds: Double
    /// The configuration's start margin as the transport counts it.
    let startMargin: MediaTime
    private var subscribers: [AsyncStream<WallEvent>.Continuation] = []
    /// The transport's timers, running.
    var transportTimers: [TransportTimer: TimeoutToken] = [:]
    /// Inputs that arrive while the effects of another are carried out, waiting their turn.
    var pendingInputs: [TransportInput] = []
    var isHandlingInput = false
    /// Positions held by tiles waiting for a group wrap, by slot.
    var heldPositions: [Int: MediaTime?] = [:]
    /// Brings the tiles of a wall just paused onto one frame (`alignFramesAfterPause`).
    var pauseAlignment: Task<Void, Never>?
    /// Whether the last group seek asked for only brought paused tiles onto one frame where
    /// the wall stood (`alignFramesAfterPause`): no jump that listeners (MPRIS's `Seeked`) are
    /// told of. Any other seek sets it back to false.
    /// The transport state published last (`WallEvent.transport`).
    var publishedTransport: TransportState?
    /// Says where the wall is while it plays (`WallEvent.position`).
    var positionTicker: TimeoutToken?
    /// Offsets asked for in the tiles' specs and not yet given to the transport: one counted
    /// in frames waits for its tile's frame rate (`Wall+Offsets`).
    var requestedOffsets: [Int: TileOffset] = [:]
    /// While a seek bar is held (`WallAction.beginScrub`): whether the wall played when it was grabbed.
    var scrubResumes: Bool?
    /// The A-B loop's points as set (`Wall+ABLoop`); it loops while both are set, A before B.
    package internal(set) var abLoopA: MediaTime?
    package internal(set) var abLoopB: MediaTime?
    /// Callers of `seek(to:)` and the like, waiting until no seek runs.
    var seekWaiters: [CheckedContinuation<Void, Never>] = []
    /// `load`, waiting until the transport stops waiting for prerolls.
    var prerollWaiter: CheckedContinuation<Void, Never>?
    let monotonic = SystemMonotonicClock()
    /// Whether the wall loops as a group (starts as `configuration.groupLoop`).
    package var isLooping: Bool { machine.isLooping }
    var overloadMeter = OverloadMeter()
    var overloadResponse = OverloadResponse()
    /// The overload meter's own ticks, so a sample taken after the process stood still is not
    /// taken for a slow second.
    var overloadTicks = SuspensionDetector()
    var suspensionTimer: TimeoutToken?
    /// How long the process stood still while the wall played (SIGSTOP, a paused machine).
    package var suspendedTime: Duration { machine.suspendedTime.duration }
    var overloadTimer: TimeoutToken?
    /// Descriptions still on their way after `load` returned, by slot.
    var describing: [Int: Task<Void, Never>] = [:]
    /// The discoveries themselves, by slot: cancelled when the wall closes, so none runs on.
    private var discoveryTasks: [Task<Result<Asset, AssetError>, Never>] = []
    /// What wakes a wait of `load` or of a late tile for descriptions: the descriptions, a
    /// deadline, `stopLoading` or `close`.
    var startGate: FirstAnswer<Void>?
    /// When the first tile was ready: the start bound counts from there.
    var firstReady: Date?
    /// Whether `stopLoading` or `shutDown` was called: nothing starts any more.
    private(set) var isStopping = false
    /// Failed tiles trying again: the attempt each is on, and its timer (`Wall+Recovery`).
    var recoveryAttempts: [Int: Int] = [:]
    var recoveryTimers: [Int: TimeoutToken] = [:]
    /// Whether the wall was playing when it stood by (`standBy`), so `wake` plays it again.
    var playsOnWaking = false
    /// Where the wall stood when it stood by: what `position` says until it wakes.
    var standingByPosition: MediaTime?
    /// How many times each tile came back after failing.
    var recoveredCounts: [Int: Int] = [:]
    /// Hardware decoders that failed a tile and were put out of reach (`fallBackToSoftware`).
    var decodersPutOutOfReach: Set<String> = []
    /// When a tile admitted ahead of the wall shows its first frame (monotonic): the watchdog
    /// leaves it alone until then (`Wall+Stalls`).
    var joinFrameDue: [Int: MediaTime] = [:]
    /// Per tile, the playlist items left out at load and why (one line each, for the report).
    var skippedItems: [Int: [String]] = [:]
    /// The folder tiles' watches, by tile.
    var folderWatches: [Int: FolderWatch] = [:]
    /// The playlist tiles with sound whose later items are still being made ready, by tile;
    /// and those stopped, until their copy under way has ended (`close` waits for them).
    var itemPreparations: [Int: ItemPreparation] = [:]
    var stoppedPreparations: [ItemPreparation] = []
    /// Those begun by a load still under way (a first item may take minutes to copy).
    private var preparationsAtLoad: [ItemPreparation] = []
    /// The watchdog's counts (`Wall+Stalls`); nil when it is off.
    var stallWatch: StallWatch?
    /// `sync: items` (`WallConfiguration.itemsInRows`): the rows every playlist tile
    /// of this load follows; a new load makes new rows.
    var itemRows: ItemRows?
    /// The wall's volume (1: each tile at its own level) and mute, over every tile's sound.
    package internal(set) var volume = 1.0
    package internal(set) var isMuted = false
    /// Players taken out of their slots (a source the discoverer refused), still stopping.
    private var retired: [Player] = []
    /// The wall's clock served to followers (`clockServicePort`), and what a network clock last
    /// said of its synchronisation (`WallClockSource.network`).
    private var timeProvider: NetworkTimeProvider?
    var clockStatisticsWatch: BusWatch?
    package internal(set) var clockStatistics: WallClockStatistics?
    /// How many times the network clock was renewed (`renewNetworkClock`).
    var clockRenewals = 0
    /// The name of the clock the wall serves (`WallTimeline.clock`); nil when it serves none.
    package internal(set) var clockName: String?

    public init(configuration: WallConfiguration = WallConfiguration()) throws {
        self.configuration = configuration
        stallWatch = configuration.stallWatch
        var timings = TransportConfiguration()
        loadSeconds = configuration.loadTimeout.inSeconds
        prerollSeconds = configuration.prerollTimeout.inSeconds
        startSeconds = configuration.startTimeout.inSeconds
        closeSeconds = configuration.closeTimeout.inSeconds
        startMargin = MediaTime(configuration.startMargin)
        timings.startMargin = startMargin
        timings.seekInterval = MediaTime(configuration.seekInterval)
        timings.prerollTimeout = MediaTime(configuration.prerollTimeout)
        timings.startTimeout = MediaTime(configuration.startTimeout)
        timings.groupLoop = configuration.groupLoop
        timings.bufferingHold = configuration.bufferingHold.map(MediaTime.init)
        machine = WallTransport(configuration: timings)
        var statisticsBus: Bus?
        switch (configuration.clock, configuration.clockServicePort) {
        case (.system, nil):
            clock = try Clock.system()
        case (.system, _?):
            // A served clock counts from the wall's start, under a name of its own: a leader
            // that restarts is a new clock to its followers, as a rebooted or replaced one is,
            // and they take it up afresh (`renewNetworkClock`) on every restart alike.
            clock = try Clock.monotonicFromNow()
            clockName = UUID().uuidString
        case (.network(let host, let port), _):
            statisticsBus = try Bus.make()
            clock = try Self.networkClock(address: host, port: port, bus: statisticsBus)
        }
        if let port = configuration.clockServicePort {
            timeProvider = try NetworkTimeProvider(serving: clock, address: configuration.clockServiceAddress, port: port)
        }
        if let statisticsBus { clockStatisticsWatch = watchClockStatistics(on: statisticsBus) }
    }

    /// A wall dropped without `close()` still stops what it owns: its pipelines go to NULL
    /// (on their state-change queues), its timers and discoveries stop, its event streams end.
    isolated deinit {
        shutDown()
    }

    /// The players that loaded; failed ones stay in `slots` with their error.
    package var players: [Player] { slots.compactMap(\.player) }
    /// The tiles that take part in group transport: prerolled, not failed, not still joining.
    var active: [Player] {
        machine.takingPart.compactMap(player(at:)).filter { $0.state != .failed }
    }

    func player(at index: Int) -> Player? {
        slots.indices.contains(index) ? slots[index].player : nil
    }

    /// Tiles whose preroll had not finished when the wall started: they are left out of group
    /// transport until they join (`Wall+LateTiles`).
    var lateTiles: Set<ObjectIdentifier> {
        Set(machine.lateTiles.compactMap(player(at:)).map(ObjectIdentifier.init))
    }

    /// Whether a group seek runs.
    var seeking: Bool { machine.isSeeking }

    /// The wall's length: where the tile that ends last ends (the longest, counting offsets).
    public var duration: MediaTime? {
        // A wall standing by (its screens off) still has the length of its tiles.
        machine.takingPart.compactMap(player(at:)).filter { $0.state != .failed || $0.isStandingBy }
            .compactMap { tile in tile.asset.duration.map { $0 + machine.delay(ofTile: tile.index) } }.max()
    }

    /// The wall's position: the furthest tile's (shorter tiles hold at their end), each tile's
    /// own position plus its offset. A tile still waiting on its first frame for its offset
    /// says nothing of where the wall is.
    public var position: MediaTime? {
        if let target = machine.seekPosition { return target }
        if let standingByPosition, isStandingBy { return standingByPosition }
        let placed = active.compactMap { tile in tile.position.map { (position: $0, delay: machine.delay(ofTile: tile.index)) } }
        let moving = placed.filter { $0.position > .zero || $0.delay <= .zero }
        return (moving.isEmpty ? placed : moving).map { $0.position + $0.delay }.max()
    }

    /// Whether every tile that loaded can seek.
    package var isSeekable: Bool { !active.isEmpty && active.allSatisfy(\.asset.isSeekable) }

    // MARK: Loading

    /// Loads every source's description concurrently, builds a player per tile and prerolls
    /// them all. Sources beyond the tile limit, and sources that fail, become failed slots:
    /// the rest of the wall goes on. It waits for the prerolls until all are done, or at most
    /// `configuration.startTimeout` seconds after the first tile is ready: a tile not ready by
    /// then is a late tile, left out until it is ready and then brought in in sync
    /// (`Wall+LateTiles`).
    ///
    /// Loading into a wall that has tiles already replaces them: the first set is stopped (its
    /// pipelines go to NULL, as at `close`) and the wall starts again from a fresh transport.
    public func load(_ specs: [TileSpec]) async {
        guard !isStopping else { return }
        // A stop meanwhile still finds every tile in its slot (not ready), as the report says.
        let playlists = await Self.expandPlaylists(specs, imageDuration: .seconds(configuration.imageDuration.inSeconds),
                                                   preparingWhilePlaying: configuration.preparesItemsWhilePlaying && !configuration.itemsInRows
                                                       ? configuration.itemPreparationLead.inSeconds : nil,
                                                   started: { [weak self] in self?.preparationsAtLoad.append($0) },
                                                   localTime: configuration.localTime)
        preparationsAtLoad.removeAll()
        let specs = playlists.specs, playlistFailures = playlists.failures
        unloadTiles()
        itemRows = configuration.itemsInRows ? ItemRows() : nil
        skippedItems = playlists.skipped
        for (index, lines) in playlists.skipped.sorted(by: { $0.key < $1.key }) {
            lines.forEach { publish(.warning("tile \(index + 1): " + $0)) }
        }
        let limit = configuration.maximumTiles
        let loadTimeout = loadSeconds, prerollTimeout = prerollSeconds
        // Discovery and preroll run side by side: each tile's pipeline starts prerolling at
        // once while the discoverer describes its source, so the first frame does not wait
        // for the description.
        var discoveries: [Task<Result<Asset, AssetError>, Never>?] = []
        var profiles: [TileProfile?] = []
        for (index, spec) in specs.enumerated() {
            if let failure = playlistFailures[index] {
                refuse(index: index, source: spec.source, failure)
                discoveries.append(nil)
                profiles.append(nil)
                continue
            }
            guard index < limit else {
                refuse(index: index, source: spec.source, AssetError(source: spec.source, reason: .tooManyTiles(limit: limit)))
                discoveries.append(nil)
                profiles.append(nil)
                continue
            }
            // A made copy (a playlist's still or sounded item) is named after what the user gave.
            let shown = spec.shownName ?? spec.source
            let discovery = Task { @MainActor () -> Result<Asset, AssetError> in
                do throws(AssetError) {
                    var asset = try AssetLoader.playableInATile(try await AssetLoader.load(spec.source, seconds: loadTimeout, forTile: true))
                    asset.source = shown
                    return .success(asset)
                } catch {
                    var named = error
                    named.source = shown
                    return .failure(named)
                }
            }
            discoveries.append(discovery)
            discoveryTasks.append(discovery)
            do {
                var provisional = Asset.provisional(source: spec.source)
                provisional.source = shown
                let player = try makePlayer(index: index, asset: provisional, spec: spec)
                slots.append(TileSlot(index: index, source: shown, listSource: spec.listSource, player: player, loadFailure: nil))
                profiles.append(Self.profile(of: player))
                Task { @MainActor [weak self] in
                    let ok = await player.preroll(timeout: prerollTimeout)
                    self?.prerollFinished(player, ok: ok)
                }
            } catch {
                refuse(index: index, source: spec.source, AssetError(source: spec.source, reason: .playbackFailed("\(error)")))
                profiles.append(nil)
            }
        }
        handle(.load(profiles))
        watchFolders(playlists)
        prepareWhilePlaying(playlists)
        if let range = abLoopRange { handle(.setABLoop(range, position: .zero)) }
        requestedOffsets = [:]
        for (index, spec) in specs.enumerated() where index < limit && spec.offset != .zero { requestedOffsets[index] = spec.offset }
        await waitForPrerolls()
        guard !isStopping else { return }
        let deadline = (firstReady ?? Date()).addingTimeInterval(startSeconds)
        // A tile that could not preroll waits for its description (until the start bound), so
        // its error is the discoverer's. The others are ready: their descriptions are applied
        // as they come, and the first frame does not wait for them.
        var failed: [Task<Void, Never>] = []
        describing = [:]
        for index in slots.indices {
            guard let discovery = discoveries[index] else { continue }
            let apply = Task { @MainActor [weak self] in
                let result = await discovery.value
                self?.applyDescription(result, toSlot: index)
            }
            describing[index] = apply
            if slots[index].player?.state == .failed { failed.append(apply) }
        }
        await waitForAll(failed, until: deadline)
        guard !isStopping else { return }
        // Local tiles that may loop go into segment mode now, before the first frame is due,
        // so their first wrap is already gapless.
        for player in active where isLooping || player.endOfStreamPolicy == .loop {
            if await player.enterSegmentMode(timeout: prerollTimeout) { handle(.tileRestartedAtZero(player.index)) }
        }
        guard !isStopping else { return }
        giveRequestedOffsets()
        handle(.wallLoaded)
        watchForOverload()
        watchForSuspension()
        // A seek asked for while the wall loaded runs now.
        await whenSeeksEnd()
    }

    /// Stops the tiles loaded so far and forgets them, with everything the transport knew of
    /// them; their pipelines finish stopping in the background (`close` waits for them).
    private func unloadTiles() {
        guard !slots.isEmpty else { return }
        stopTiles()
        describing.values.forEach { $0.cancel() }
        describing.removeAll()
        discoveryTasks.removeAll()
        retired.removeAll { $0.isSettled }
        retired.append(contentsOf: players)
        slots = []
        folderWatches.removeAll()
        pendingInputs.removeAll()
        heldPositions.removeAll()
        recoveredCounts.removeAll()
        stallWatch?.forgetAll()
        firstReady = nil
        overloadMeter = OverloadMeter()
        overloadResponse = OverloadResponse()
        machine = WallTransport(configuration: machine.configuration)
        publish(.transport(machine.state))
    }

    /// Wakes whatever waits on the tiles, stops the timers and discoveries, and stops every
    /// tile's pipeline: what a shut-down and a second `load` both do.
    private func stopTiles() {
        startGate?.give(())
        wakeLoad()
        transportTimers.values.forEach { $0.cancel() }
        transportTimers.removeAll()
        wakeSeekWaiters()
        overloadTimer?.cancel()
        suspensionTimer?.cancel()
        cancelRecoveries()
        discoveryTasks.forEach { $0.cancel() }
        for player in players { player.shutDown() }
        stopPreparations()
    }

    /// Stops the making of tile `index`'s later items (every tile's when nil); `close` waits
    /// for the copies under way.
    func stopPreparations(ofTile index: Int? = nil) {
        stoppedPreparations.removeAll { $0.isFinished }
        if index == nil {
            preparationsAtLoad.forEach { $0.stop() }
            stoppedPreparations += preparationsAtLoad
            preparationsAtLoad.removeAll()
        }
        for (tile, preparation) in itemPreparations where index == nil || tile == index {
            preparation.stop()
            stoppedPreparations.append(preparation)
            itemPreparations[tile] = nil
        }
    }

    /// Ends `load` now (the program is stopping): tiles still loading stay as they are, and the
    /// wall does not start.
    package func stopLoading() {
        isStopping = true
        stopPreparations()
        startGate?.give(())
        wakeLoad()
    }

    /// What the transport needs to know of a tile's source (provisional until described).
    static func profile(of player: Player) -> TileProfile {
        let asset = player.asset
        // A playlist tile goes on from item to item by itself: it has no one duration for the
        // group's loop or the wall's end, and no timeline a wall seek could place it on.
        return TileProfile(duration: player.playlist == nil ? asset.duration : nil, frameDuration: asset.video?.frameDuration,
                           isSeekable: player.followsWallTimeline,
                           buffers: asset.isNetwork && !asset.isLive, endOfStream: player.endOfStreamPolicy,
                           loopsWithGroup: player.loopsWithGroup, holdsToWrap: player.holdsToWrap)
    }

    /// Returns once every tile's description has been applied (durations, frame rates).
    package func whenDescribed() async {
        for description in describing.values { await description.value }
    }

    /// A slot with no player, and why.
    private func refuse(index: Int, source: String, _ error: AssetError) {
        slots.append(TileSlot(index: index, source: source, player: nil, loadFailure: error))
        publish(.tile(index, .failed(error)))
    }

    /// Applies a source's description when the discoverer answers: the tile keeps playing with
    /// it, or, if the source turned out unplayable, the tile goes with the discoverer's reason.
    private func applyDescription(_ result: Result<Asset, AssetError>, toSlot index: Int) {
        guard index < slots.count, slots[index].loadFailure == nil else { return }
        switch result {
        case .success(let asset):
            guard let player = slots[index].player else { return }
            player.confirm(asset)
            handle(.tileDescribed(index, Self.profile(of: player)))
        case .failure(let error):
            // A tile that failed and said so already (a refused fetch) is not said to fail twice.
            let saidAlready = slots[index].player?.hasReportedFailure == true
            if let player = slots[index].player {
                player.shutDown()
                retired.append(player)
            }
            slots[index].player = nil
            slots[index].loadFailure = error
            if !saidAlready { publish(.tile(index, .failed(error))) }
            handle(.tileFailed(index))
        }
    }

    /// A tile's output that is none of the engine's or a window's (a client's own conformance).
    private struct UnsupportedVideoOutput: Error, CustomStringConvertible {
        var description: String { "the video output is not one the engine can play into" }
    }

    private func makePlayer(index: Int, asset: Asset, spec: TileSpec) throws -> Player {
        let headless = spec.output is HeadlessVideoOutput
        let sink: VideoSink
        if headless {
            sink = try VideoSink.headless(name: "tile\(index)-video")
        } else if let output = spec.output as? any VideoSinkSource {
            sink = try output.videoSink(forTile: index)
        } else {
            throw UnsupportedVideoOutput()
        }
        var audio: Element?
        // Headless (or asked for) means no device at all: a tile's sound goes to a synced
        // fakesink (the asset is still provisional here, so whether it has sound is not known).
        if headless || !spec.opensAudioDevice {
            let fake = try Element(factory: "fakesink", name: "tile\(index)-audio")
            try fake.set("sync", true)
            audio = fake
        }
        let sequence = spec.playlist.isEmpty ? nil : PlaylistSequence(
            entries: spec.playlist.map(PlaylistSequence.Entry.init), opening: MediaLocation.uri(for: spec.source),
            schedule: spec.playlistSchedule, inRows: itemRows != nil,
            idle: spec.idleClip.map { PlaylistSequence.Entry(name: "", uri: MediaLocation.uri(for: $0)) }, hasSound: spec.playlistHasSound,
            localTime: configuration.localTime)
        if let sequence {
            itemRows?.add(sequence)
            sequence.goesRound = spec.endOfStream == .loop || (isLooping && spec.loopsWithGroup)
        }
        let player = try Player(index: index, asset: asset, videoSink: sink, audioSink: audio, clock: clock,
                                endOfStream: spec.endOfStream, muted: spec.muted, volume: spec.volume,
                                rotation: spec.rotation, playlist: sequence, rows: itemRows) { [weak self] event in
            self?.publish(.tile(index, event))
            // A tile fails by more ways than a bus error (a refused fetch, an oversize picture,
            // a timeout): the transport hears of each.
            // A tile between two sources (`replaceSource`) stopped on purpose: `tileReplaced`.
            if case .stateChanged(.failed) = event, self?.player(at: index)?.isBeingReplaced != true,
               self?.player(at: index)?.isStandingBy != true {
                self?.handle(.tileFailed(index))
                self?.tileFailedMayRecover(index)
            }
        }
        if let log = configuration.renderLog { player.logRenders(to: log) }
        // A looping tile is armed before its preroll: a short clip is read to its end while it
        // prerolls, and playbin asks for the next URI (about-to-finish) then, before the loop
        // plan exists. Not in a group loop: there a tile shorter than the longest must hold
        // until the group wraps, and which tiles are shorter is known only from the plan.
        if !isLooping || spec.endOfStream == .loop { player.setGaplessLoop(spec.endOfStream == .loop) }
        player.scaleVolume(by: effectiveVolume)
        player.loopsWithGroup = spec.loopsWithGroup
        player.messageObserver = { [weak self] player, message in self?.observe(player, message) }
        return player
    }

    /// Turns the group loop on or off while the wall plays.
    package func setLooping(_ on: Bool) {
        handle(.setLooping(on))
        // A playlist tile goes round its list with the wall, unless its region says otherwise.
        for player in players {
            player.playlist?.goesRound = player.endOfStreamPolicy == .loop || (isLooping && player.loopsWithGroup)
        }
        publish(.changed(snapshot))
    }

    /// Returns once no seek is running or held (after a drag, before resuming).
    package func whenIdle() async {
        while !machine.isIdle {
            await MainLoop.sleep(seconds: 0.02)
        }
    }

    // MARK: Transport

    /// Starts (or resumes) every tile on one base time; asked for during a seek, once it is
    /// done; from the start again when the wall has ended.
    package func play() {
        handle(.play)
    }

    /// Pauses every tile at the same running time; asked for during a seek, once it is done.
    package func pause() {
        let wasPlaying = transport == .playing
        if wasPlaying, let lead = configuration.pauseLead, machine.scheduledPause == nil {
            return pause(at: pauseInstant(atLeast: MediaTime(lead)))
        }
        handle(.pause)
        if wasPlaying, transport == .paused { alignFramesAfterPause() }
    }

    /// Whether the wall plays, or will once the running seek or buffering is over: the state
    /// a play/pause toggle acts on.
    package var intendsToPlay: Bool { machine.intendsToPlay }

    package func togglePlayPause() {
        if intendsToPlay { pause() } else { play() }
    }

    /// Shuts down and waits until every tile's pipeline is in NULL, at most
    /// `configuration.closeTimeout` seconds (a pipeline whose thread is stuck in `open()` never
    /// gets there). After this the pipelines are freed (what the leak tracer checks at
    /// `gst_deinit`); a program must not call `gst_deinit` while `BlockingCalls` still
    /// lists calls (discoveries stop on threads of their own).
    public func close() async {
        shutDown()
        let stopping = players + retired
        let deadline = Date().addingTimeInterval(closeSeconds)
        // (A copy under way runs GStreamer on a thread of its own: it must end before gst_deinit.)
        while stopping.contains(where: { !$0.isSettled }) || stoppedPreparations.contains(where: { !$0.isFinished }), Date() < deadline {
            await MainLoop.sleep(seconds: 0.01)
        }
        await configuration.renderLog?.finish()
    }

    /// Stops every tile and releases the pipelines (their change to NULL runs on each tile's
    /// state-change queue), and stops every discovery still running.
    package func shutDown() {
        isStopping = true
        positionTicker?.cancel()
        positionTicker = nil
        stopTiles()
        folderWatches.removeAll()
        subscribers.forEach { $0.finish() }
        subscribers.removeAll()
    }

    /// A new stream of every wall event from now on; each caller gets its own (the window,
    /// the command line's error printer, a test), ended by `shutDown()`.
    public func events() -> AsyncStream<WallEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: WallEvent.self, bufferingPolicy: .bufferingNewest(1024))
        subscribers.append(continuation)
        return stream
    }

    func publish(_ event: WallEvent) {
        subscribers.forEach { $0.yield(event) }
    }

}

/// One place in the wall: its source, and either a player or why there is none.
package struct TileSlot {
    package var index: Int
    package var source: String
    /// The playlist file or folder given for the tile, when it plays one read from there.
    package var listSource: String? = nil
    package var player: Player?
    package var loadFailure: AssetError?

    @MainActor package var failure: AssetError? { player?.failure ?? loadFailure }
}
