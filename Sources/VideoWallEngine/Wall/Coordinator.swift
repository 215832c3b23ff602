import Foundation
import GStreamerKit
import VideoWallCore

/// Owns the tiles of one wall and moves them in lockstep: one pipeline clock, one base time,
/// group start, pause, seek, rate change and loop.
@MainActor
public final class Coordinator {
    public let configuration: CoordinatorConfiguration
    public private(set) var slots: [TileSlot] = []
    public private(set) var transport: TransportState = .loading
    public internal(set) var rate: Double = 1

    /// The one pipeline clock every tile runs on.
    public let clock: Clock
    private var subscribers: [AsyncStream<WallEvent>.Continuation] = []
    /// Shared base time while playing; the running time where the wall stands while paused.
    var baseTime: MediaTime?
    var pausedRunningTime: MediaTime = .zero
    var resumeAfterBuffering = false
    var throttle: SeekThrottle
    var throttleTimer: TimeoutToken?
    let monotonic = SystemMonotonicClock()
    var seeking = false
    /// Whether the wall plays once the running seek is done: set from the transport when the
    /// seek starts, then by play and pause asked for meanwhile, so a key pressed during a
    /// seek (or a speed change, which is one) is not lost.
    var playsAfterSeek = false
    var loopPlan: LoopPlan?
    /// Whether the wall loops as a group (starts as `configuration.groupLoop`).
    public private(set) var isLooping: Bool
    var overloadMeter = OverloadMeter()
    var overloadResponse = OverloadResponse()
    var suspension = SuspensionDetector()
    /// The overload meter's own ticks, so a sample taken after the process stood still is not
    /// taken for a slow second.
    var overloadTicks = SuspensionDetector()
    var suspensionTimer: TimeoutToken?
    /// How long the process stood still while the wall played (SIGSTOP, a paused machine).
    public internal(set) var suspendedTime: MediaTime = .zero
    var overloadTimer: TimeoutToken?
    /// Descriptions still on their way after `load` returned, by slot.
    var describing: [Int: Task<Void, Never>] = [:]
    /// The discoveries themselves, by slot: cancelled when the wall closes, so none runs on.
    private var discoveryTasks: [Task<Result<Asset, AssetError>, Never>] = []
    /// Tiles whose preroll had not finished when the wall started: they are left out of group
    /// transport until they join (`Coordinator+LateTiles`).
    var lateTiles: Set<ObjectIdentifier> = []
    /// Prerolls still running while `load` waits for them, and what wakes it: the last one,
    /// the start bound, `stopLoading` or `close`.
    var pendingPrerolls = 0
    var startGate: FirstAnswer<Void>?
    /// Whether `load` has started the wall (later prerolls are late tiles joining).
    var loadFinished = false
    /// When the first tile was ready: the start bound counts from there.
    var firstReady: Date?
    /// Whether `stopLoading` or `shutDown` was called: nothing starts any more.
    private(set) var isStopping = false
    /// Players taken out of their slots (a source the discoverer refused), still stopping.
    private var retired: [Player] = []

    public init(configuration: CoordinatorConfiguration = CoordinatorConfiguration()) throws {
        self.configuration = configuration
        isLooping = configuration.groupLoop
        clock = try Clock.system()
        throttle = SeekThrottle(minimumInterval: configuration.seekInterval)
    }

    /// The players that loaded; failed ones stay in `slots` with their error.
    public var players: [Player] { slots.compactMap(\.player) }
    /// The tiles that take part in group transport: prerolled, not failed, not still joining.
    var active: [Player] {
        players.filter { $0.state != .failed && $0.state != .loading && $0.state != .idle && !lateTiles.contains(ObjectIdentifier($0)) }
    }

    /// The longest tile's duration: the wall's length.
    public var duration: MediaTime? { active.compactMap(\.asset.duration).max() }

    /// The wall's position: the furthest tile's (shorter tiles hold at their end).
    public var position: MediaTime? {
        if seeking, let target = lastSeekTarget { return target }
        return active.compactMap(\.position).max()
    }
    var lastSeekTarget: MediaTime?

    /// Whether every tile that loaded can seek.
    public var isSeekable: Bool { !active.isEmpty && active.allSatisfy(\.asset.isSeekable) }

    // MARK: Loading

    /// Loads every source's description concurrently, builds a player per tile and prerolls
    /// them all. Sources beyond the tile limit, and sources that fail, become failed slots:
    /// the rest of the wall goes on. It waits for the prerolls until all are done, or at most
    /// `configuration.startTimeout` seconds after the first tile is ready: a tile not ready by
    /// then is a late tile, left out until it is ready and then brought in in sync
    /// (`Coordinator+LateTiles`).
    public func load(_ specs: [TileSpec]) async {
        let limit = configuration.maximumTiles
        let loadTimeout = configuration.loadTimeout, prerollTimeout = configuration.prerollTimeout
        slots = []
        // Discovery and preroll run side by side: each tile's pipeline starts prerolling at
        // once while the discoverer describes its source, so the first frame does not wait
        // for the description.
        var discoveries: [Task<Result<Asset, AssetError>, Never>?] = []
        for (index, spec) in specs.enumerated() {
            guard index < limit else {
                refuse(index: index, source: spec.source, AssetError(source: spec.source, reason: .tooManyTiles(limit: limit)))
                discoveries.append(nil)
                continue
            }
            let discovery = Task { @MainActor () -> Result<Asset, AssetError> in
                do throws(AssetError) {
                    return .success(try AssetLoader.playableInATile(try await AssetLoader.load(spec.source, timeout: loadTimeout)))
                } catch { return .failure(error) }
            }
            discoveries.append(discovery)
            discoveryTasks.append(discovery)
            do {
                let player = try makePlayer(index: index, asset: .provisional(source: spec.source), spec: spec)
                slots.append(TileSlot(index: index, source: spec.source, player: player, loadFailure: nil))
                pendingPrerolls += 1
                Task { @MainActor [weak self] in
                    let ok = await player.preroll(timeout: prerollTimeout)
                    self?.prerollFinished(player, ok: ok)
                }
            } catch {
                refuse(index: index, source: spec.source, AssetError(source: spec.source, reason: .playbackFailed("\(error)")))
            }
        }
        await waitForPrerolls()
        guard !isStopping else { return }
        loadFinished = true
        let deadline = (firstReady ?? Date()).addingTimeInterval(configuration.startTimeout)
        for player in players where player.state == .loading { lateTiles.insert(ObjectIdentifier(player)) }
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
        planLoops()
        // Local tiles that may loop go into segment mode now, before the first frame is due,
        // so their first wrap is already gapless.
        for player in active where isLooping || player.endOfStreamPolicy == .loop {
            await player.enterSegmentMode(timeout: prerollTimeout)
        }
        guard !isStopping else { return }
        setTransport(.paused)
        watchForOverload()
        watchForSuspension()
        if let held = throttle.setCanSeek(true, at: monotonic.now) { await perform(held) } else { armThrottleTimer() }
    }

    /// Ends `load` now (the program is stopping): tiles still loading stay as they are, and the
    /// wall does not start.
    public func stopLoading() {
        isStopping = true
        startGate?.give(())
    }

    /// Returns once every tile's description has been applied (durations, frame rates).
    public func whenDescribed() async {
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
            slots[index].player?.confirm(asset)
            planLoops()
        case .failure(let error):
            if let player = slots[index].player {
                player.shutDown()
                retired.append(player)
                lateTiles.remove(ObjectIdentifier(player))
            }
            slots[index].player = nil
            slots[index].loadFailure = error
            publish(.tile(index, .failed(error)))
            handleBuffering()
            checkEnded()
        }
    }

    private func makePlayer(index: Int, asset: Asset, spec: TileSpec) throws -> Player {
        let sink = try spec.videoSink ?? VideoSink.headless(name: "tile\(index)-video")
        var audio = spec.audioSink
        // Headless (or asked for) means no device at all: a tile's sound goes to a synced
        // fakesink (the asset is still provisional here, so whether it has sound is not known).
        if spec.videoSink == nil || !spec.opensAudioDevice, audio == nil {
            let fake = try Element(factory: "fakesink", name: "tile\(index)-audio")
            try fake.set("sync", true)
            audio = fake
        }
        let player = try Player(index: index, asset: asset, videoSink: sink, audioSink: audio, clock: clock,
                                endOfStream: spec.endOfStream, muted: spec.muted, volume: spec.volume) { [weak self] event in
            self?.publish(.tile(index, event))
        }
        // A looping tile is armed before its preroll: a short clip is read to its end while it
        // prerolls, and playbin asks for the next URI (about-to-finish) then, before the loop
        // plan exists. Not in a group loop: there a tile shorter than the longest must hold
        // until the group wraps, and which tiles are shorter is known only from the plan.
        if !isLooping || spec.endOfStream == .loop { player.setGaplessLoop(spec.endOfStream == .loop) }
        player.messageObserver = { [weak self] player, message in self?.observe(player, message) }
        return player
    }

    /// Which tiles loop, and how: the group loop wraps every tile at the longest tile's end,
    /// except a tile asked to loop at its own end (a region's `loop: true`), which does so
    /// whether or not the group loops.
    func planLoops() {
        let players = active
        if isLooping {
            let own = players.filter { $0.endOfStreamPolicy == .loop }
            let grouped = players.filter { $0.endOfStreamPolicy != .loop }
            let plan = LoopPlan.make(durations: grouped.map(\.asset.duration),
                                     frameDurations: grouped.map { $0.asset.video?.frameDuration })
            loopPlan = plan
            for (i, player) in grouped.enumerated() {
                player.setGaplessLoop(plan.method(forTile: i) == .gapless)
            }
            for player in own { player.setGaplessLoop(true) }
        } else {
            loopPlan = nil
            for player in players { player.setGaplessLoop(player.endOfStreamPolicy == .loop) }
        }
    }

    /// Turns the group loop on or off while the wall plays.
    public func setLooping(_ on: Bool) {
        isLooping = on
        planLoops()
    }

    /// Returns once no seek is running or held (after a drag, before resuming).
    public func whenIdle() async {
        while seeking || throttle.nextDeadline != nil {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in MainLoop.after(seconds: 0.02) { c.resume() } }
        }
    }

    // MARK: Transport

    /// Starts (or resumes) every tile on one base time.
    public func play() {
        if seeking { playsAfterSeek = true; return }
        guard transport != .playing, transport != .loading else { return }
        if transport == .ended {
            Task { await perform(SeekRequest(target: .zero, precision: .accurate, rate: nil)); play() }
            return
        }
        startAll()
    }

    func startAll() {
        let players = active
        // With every tile still late, the wall starts all the same: the first to be ready
        // joins it at once.
        guard !players.isEmpty || !lateTiles.isEmpty else { return }
        let now = MediaTime(clock.time)
        let base = SyncMath.resumeBaseTime(clockNow: now + configuration.startMargin, pausedRunningTime: pausedRunningTime)
        baseTime = base
        for player in players {
            player.pipeline.setBaseTime((base + player.baseOffset).clockTime)
        }
        for player in players {
            player.setPipelineState(.playing)
            player.apply(.play)
        }
        setTransport(.playing)
    }

    /// Pauses every tile at the same running time.
    public func pause() {
        if seeking { playsAfterSeek = false; return }
        guard transport == .playing || transport == .buffering else { return }
        pauseAll()
        setTransport(.paused)
    }

    func pauseAll() {
        decodeEveryFrame()
        if let baseTime {
            let running = MediaTime(clock.time) - baseTime
            pausedRunningTime = running < .zero ? .zero : running
        }
        baseTime = nil
        for player in active {
            player.setPipelineState(.paused)
            player.apply(.pause)
        }
    }

    /// Whether the wall plays, or will once the running seek or buffering is over: the state
    /// a play/pause toggle acts on.
    public var intendsToPlay: Bool {
        if seeking { return playsAfterSeek }
        return transport == .playing || (transport == .buffering && resumeAfterBuffering)
    }

    public func togglePlayPause() {
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
        let deadline = Date().addingTimeInterval(configuration.closeTimeout)
        while stopping.contains(where: { !$0.isSettled }), Date() < deadline {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in MainLoop.after(seconds: 0.01) { c.resume() } }
        }
    }

    /// Stops every tile and releases the pipelines (their change to NULL runs on each tile's
    /// state-change queue), and stops every discovery still running.
    public func shutDown() {
        isStopping = true
        startGate?.give(())
        throttleTimer?.cancel()
        overloadTimer?.cancel()
        suspensionTimer?.cancel()
        discoveryTasks.forEach { $0.cancel() }
        for player in players { player.shutDown() }
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

    func setTransport(_ new: TransportState) {
        guard new != transport else { return }
        transport = new
        publish(.transport(new))
    }

}

/// One place in the wall: its source, and either a player or why there is none.
public struct TileSlot {
    public var index: Int
    public var source: String
    public var player: Player?
    public var loadFailure: AssetError?

    @MainActor public var failure: AssetError? { player?.failure ?? loadFailure }
}
