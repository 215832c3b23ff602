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
    var overloadTimer: TimeoutToken?
    private var forwarders: [Task<Void, Never>] = []
    /// Descriptions still on their way after `load` returned.
    private var describing: [Task<Void, Never>] = []

    public init(configuration: CoordinatorConfiguration = CoordinatorConfiguration()) throws {
        self.configuration = configuration
        isLooping = configuration.groupLoop
        clock = try Clock.system()
        throttle = SeekThrottle(minimumInterval: configuration.seekInterval)
    }

    /// The players that loaded; failed ones stay in `slots` with their error.
    public var players: [Player] { slots.compactMap(\.player) }
    var active: [Player] { players.filter { $0.state != .failed } }

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
    /// the rest of the wall goes on.
    public func load(_ specs: [TileSpec]) async {
        let limit = configuration.maximumTiles
        let loadTimeout = configuration.loadTimeout, prerollTimeout = configuration.prerollTimeout
        slots = []
        // Discovery and preroll run side by side: each tile's pipeline starts prerolling at
        // once while the discoverer describes its source, so the first frame does not wait
        // for the description.
        var discoveries: [Task<Result<Asset, AssetError>, Never>?] = []
        var prerolls: [Task<Void, Never>] = []
        for (index, spec) in specs.enumerated() {
            guard index < limit else {
                refuse(index: index, source: spec.source, AssetError(source: spec.source, reason: .tooManyTiles(limit: limit)))
                discoveries.append(nil)
                continue
            }
            discoveries.append(Task { @MainActor in
                do throws(AssetError) { return .success(try await AssetLoader.load(spec.source, timeout: loadTimeout)) } catch { return .failure(error) }
            })
            do {
                let player = try makePlayer(index: index, asset: .provisional(source: spec.source), spec: spec)
                slots.append(TileSlot(index: index, source: spec.source, player: player, loadFailure: nil))
                prerolls.append(Task { @MainActor in _ = await player.preroll(timeout: prerollTimeout) })
            } catch {
                refuse(index: index, source: spec.source, AssetError(source: spec.source, reason: .playbackFailed("\(error)")))
            }
        }
        for preroll in prerolls { await preroll.value }
        // A tile that could not preroll waits for its description, so its error is the
        // discoverer's. The others are ready: their descriptions are applied as they come,
        // and the first frame does not wait for them.
        var failed: [Task<Void, Never>] = []
        describing = []
        for index in slots.indices {
            guard let discovery = discoveries[index] else { continue }
            let apply = Task { @MainActor [weak self] in
                let result = await discovery.value
                self?.applyDescription(result, toSlot: index)
            }
            describing.append(apply)
            if slots[index].player?.state != .ready { failed.append(apply) }
        }
        for description in failed { await description.value }
        planLoops()
        // Local tiles that may loop go into segment mode now, before the first frame is due,
        // so their first wrap is already gapless.
        for player in active where isLooping || player.endOfStreamPolicy == .loop {
            await player.enterSegmentMode(timeout: prerollTimeout)
        }
        setTransport(.paused)
        watchForOverload()
        if let held = throttle.setCanSeek(true, at: monotonic.now) { await perform(held) } else { armThrottleTimer() }
    }

    /// Returns once every tile's description has been applied (durations, frame rates).
    public func whenDescribed() async {
        for description in describing { await description.value }
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
            slots[index].player?.shutDown()
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
        // Headless means no device at all: a tile's sound goes to a synced fakesink (the asset
        // is still provisional here, so whether it has sound is not known yet).
        if spec.videoSink == nil, audio == nil {
            let fake = try Element(factory: "fakesink", name: "tile\(index)-audio")
            try fake.set("sync", true)
            audio = fake
        }
        let player = try Player(index: index, asset: asset, videoSink: sink, audioSink: audio, clock: clock,
                                endOfStream: spec.endOfStream, muted: spec.muted, volume: spec.volume)
        // A looping tile is armed before its preroll: a short clip is read to its end while it
        // prerolls, and playbin asks for the next URI (about-to-finish) then, before the loop
        // plan exists. Not in a group loop: there a tile shorter than the longest must hold
        // until the group wraps, and which tiles are shorter is known only from the plan.
        if !isLooping || spec.endOfStream == .loop { player.setGaplessLoop(spec.endOfStream == .loop) }
        player.messageObserver = { [weak self] player, message in self?.observe(player, message) }
        forwarders.append(Task { @MainActor [weak self] in
            for await event in player.events { self?.publish(.tile(index, event)) }
        })
        return player
    }

    /// Which tiles loop, and how: the group loop wraps every tile at the longest tile's end,
    /// except a tile asked to loop at its own end (a region's `loop: true`), which does so
    /// whether or not the group loops.
    private func planLoops() {
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
        guard !players.isEmpty else { return }
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

    /// Shuts down and waits until every tile's event forwarding has ended, so no task still
    /// holds a player: after this the pipelines are freed (what the leak tracer checks at
    /// `gst_deinit`).
    public func close() async {
        shutDown()
        for forwarder in forwarders { await forwarder.value }
        forwarders.removeAll()
    }

    /// Stops every tile and releases the pipelines.
    public func shutDown() {
        throttleTimer?.cancel()
        overloadTimer?.cancel()
        for player in players { player.shutDown() }
        forwarders.forEach { $0.cancel() }
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
