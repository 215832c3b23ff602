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
    public private(set) var rate: Double = 1

    /// The one pipeline clock every tile runs on.
    public let clock: Clock
    private var subscribers: [AsyncStream<WallEvent>.Continuation] = []
    /// Shared base time while playing; the running time where the wall stands while paused.
    private var baseTime: MediaTime?
    private var pausedRunningTime: MediaTime = .zero
    private var resumeAfterBuffering = false
    private var throttle: SeekThrottle
    private var throttleTimer: TimeoutToken?
    private let monotonic = SystemMonotonicClock()
    private var seeking = false
    private var loopPlan: LoopPlan?
    /// Whether the wall loops as a group (starts as `configuration.groupLoop`).
    public private(set) var isLooping: Bool
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
    private var lastSeekTarget: MediaTime?

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
        setTransport(.paused)
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
            checkEnded()
        }
    }

    private func makePlayer(index: Int, asset: Asset, spec: TileSpec) throws -> Player {
        let sink = try spec.videoSink ?? VideoSink.headless(name: "tile\(index)-video")
        var audio = spec.audioSink
        if spec.videoSink == nil, audio == nil, asset.audio != nil {
            let fake = try Element(factory: "fakesink", name: "tile\(index)-audio")
            try fake.set("sync", true)
            audio = fake
        }
        let player = try Player(index: index, asset: asset, videoSink: sink, audioSink: audio, clock: clock,
                                endOfStream: spec.endOfStream, muted: spec.muted, volume: spec.volume)
        player.messageObserver = { [weak self] player, message in self?.observe(player, message) }
        forwarders.append(Task { @MainActor [weak self] in
            for await event in player.events { self?.publish(.tile(index, event)) }
        })
        return player
    }

    /// Which tiles loop, and how: the group loop wraps every tile at the longest tile's end.
    private func planLoops() {
        let players = active
        if isLooping {
            let plan = LoopPlan.make(durations: players.map(\.asset.duration),
                                     frameDurations: players.map { $0.asset.video?.frameDuration })
            loopPlan = plan
            for (i, player) in players.enumerated() {
                player.setGaplessLoop(plan.method(forTile: i) == .gapless)
            }
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
        guard transport != .playing, transport != .loading, !seeking else { return }
        if transport == .ended {
            Task { await perform(SeekRequest(target: .zero, precision: .accurate, rate: nil)); play() }
            return
        }
        startAll()
    }

    private func startAll() {
        let players = active
        guard !players.isEmpty else { return }
        let now = MediaTime(clock.time)
        let base = SyncMath.resumeBaseTime(clockNow: now + configuration.startMargin, pausedRunningTime: pausedRunningTime)
        baseTime = base
        for player in players {
            player.pipeline.setBaseTime((base + player.baseOffset).clockTime)
        }
        for player in players {
            player.pipeline.setState(.playing)
            player.apply(.play)
        }
        setTransport(.playing)
    }

    /// Pauses every tile at the same running time.
    public func pause() {
        guard transport == .playing || transport == .buffering else { return }
        pauseAll()
        setTransport(.paused)
    }

    private func pauseAll() {
        if let baseTime {
            let running = MediaTime(clock.time) - baseTime
            pausedRunningTime = running < .zero ? .zero : running
        }
        baseTime = nil
        for player in active {
            player.pipeline.setState(.paused)
            player.apply(.pause)
        }
    }

    public func togglePlayPause() {
        if transport == .playing { pause() } else { play() }
    }

    /// Seeks every tile now (not throttled) and waits until all show the target.
    public func seek(to target: MediaTime, precision: SeekPrecision = .accurate) async {
        await perform(SeekRequest(target: target, precision: precision, rate: nil))
    }

    /// Changes the speed of every tile together (a flushing seek at the current position).
    public func setRate(_ newRate: Double) async {
        guard newRate > 0 else { return }
        await perform(SeekRequest(target: position ?? .zero, precision: .accurate, rate: newRate))
    }

    /// Steps every tile `frames` frames (negative: back) and leaves the wall paused there.
    public func step(frames: Int) async {
        await whenDescribed()
        guard let frameDuration = active.compactMap({ $0.asset.video?.frameDuration }).min() else { return }
        if transport == .playing { pause() }
        let target = FrameMath.steppedTarget(from: position ?? .zero, frames: frames,
                                             frameDuration: frameDuration, duration: duration)
        await perform(SeekRequest(target: Self.frameSeekTime(target, frameDuration: frameDuration), precision: .accurate, rate: nil))
    }

    /// A frame's start, nudged past timestamp rounding in containers so an accurate seek
    /// lands on that frame and not the one before.
    public static func frameSeekTime(_ frameStart: MediaTime, frameDuration: MediaTime) -> MediaTime {
        frameStart + MediaTime(nanoseconds: min(frameDuration.nanoseconds / 4, 1_000_000))
    }

    /// A seek while the user drags: at most one per `seekInterval`, the last request wins; a
    /// request made before the tiles can seek runs as soon as they can.
    public func requestSeek(to target: MediaTime, precision: SeekPrecision = .accurate) {
        let request = SeekRequest(target: target, precision: precision, rate: nil)
        if let now = throttle.submit(request, at: monotonic.now) {
            Task { await perform(now) }
        } else {
            armThrottleTimer()
        }
    }

    /// The drag ended: the held request (if any) runs now.
    public func finishSeeking() {
        throttleTimer?.cancel()
        if let held = throttle.flush(at: monotonic.now) { Task { await perform(held) } }
    }

    private func armThrottleTimer() {
        throttleTimer?.cancel()
        guard let deadline = throttle.nextDeadline else { return }
        let wait = max(0, (deadline - monotonic.now).seconds)
        throttleTimer = MainLoop.after(seconds: wait) { [weak self] in
            guard let self else { return }
            if let due = self.throttle.fire(at: self.monotonic.now) { Task { await self.perform(due) } } else { self.armThrottleTimer() }
        }
    }

    /// One group seek: pause, flushing seek on every tile, wait for every preroll, then start
    /// all on a new base time. After a flush every tile's running time restarts at 0, so one
    /// base time puts them on the same frame.
    func perform(_ request: SeekRequest) async {
        guard transport != .loading else { _ = throttle.submit(request, at: monotonic.now); return }
        guard !seeking else { _ = throttle.submit(request, at: monotonic.now); armThrottleTimer(); return }
        _ = throttle.setCanSeek(false, at: monotonic.now)
        seeking = true
        lastSeekTarget = request.target
        let resume = transport == .playing || (transport == .buffering && resumeAfterBuffering)
        if transport == .playing || transport == .buffering { pauseAll() }
        setTransport(.seeking)
        for player in active { await player.pauseAndSettle(timeout: configuration.prerollTimeout) }
        if let newRate = request.rate { rate = newRate }

        let players = active
        for player in players where player.pipeline.currentState.current.rawValue < ElementState.paused.rawValue {
            _ = await player.preroll(timeout: configuration.prerollTimeout)  // a stopped tile comes back
        }
        var flags: SeekFlags = [.flush]
        flags.insert(request.precision == .accurate ? .accurate : [.keyUnit, .snapBefore])
        var counts: [Int] = []
        for player in players {
            counts.append(player.asyncDoneCount)
            player.pipeline.seek(rate: rate, flags: flags, start: clampedTarget(request.target, for: player).clockTime)
        }
        for (player, count) in zip(players, counts) {
            _ = await player.waitForAsyncDone(after: count, timeout: configuration.prerollTimeout)
            player.baseOffset = .zero
            if player.state == .ended { player.apply(.restarted) }
        }
        pausedRunningTime = .zero
        seeking = false
        lastSeekTarget = nil
        setTransport(.paused)
        if resume { startAll() }
        if let held = throttle.setCanSeek(true, at: monotonic.now) { await perform(held) } else { armThrottleTimer() }
    }

    /// A shorter tile asked for a time past its end shows its last frame.
    private func clampedTarget(_ target: MediaTime, for player: Player) -> MediaTime {
        guard let duration = player.asset.duration else { return target }
        let frame = player.asset.video?.frameDuration ?? .milliseconds(40)
        let last = duration - frame
        return target > last ? (last < .zero ? .zero : last) : target
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

    private func publish(_ event: WallEvent) {
        subscribers.forEach { $0.yield(event) }
    }

    private func setTransport(_ new: TransportState) {
        guard new != transport else { return }
        transport = new
        publish(.transport(new))
    }

    // MARK: What the tiles report

    private func observe(_ player: Player, _ message: BusMessage) {
        switch message.kind {
        case .endOfStream:
            reachedEnd(player)
        case .buffering:
            handleBuffering()
        case .clockLost:
            // The shared clock went away (an audio clock provider left): take it again and re-base.
            guard transport == .playing else { return }
            pauseAll()
            player.pipeline.useClock(clock)
            startAll()
        case .error:
            checkEnded()
        default:
            break
        }
    }

    private func reachedEnd(_ player: Player) {
        if let plan = loopPlan, let i = active.firstIndex(where: { $0 === player }),
           plan.method(forTile: i) == .rearmAtWrap {
            Task { await rearm(player, plan: plan) }
            return
        }
        if player.endOfStreamPolicy == .stop { player.pipeline.setState(.ready) }
        checkEnded()
    }

    private func checkEnded() {
        let players = active
        if !players.isEmpty, players.allSatisfy({ $0.state == .ended }), transport == .playing {
            pauseAll()
            setTransport(.ended)
        } else if players.isEmpty, !slots.isEmpty {
            setTransport(.ended)
        }
    }

    /// A shorter tile in a group loop holds its last frame, then starts again exactly when the
    /// longest tile wraps: it is prerolled at 0 and given a base time shifted to that wrap.
    private func rearm(_ player: Player, plan: LoopPlan) async {
        guard transport == .playing, let base = baseTime, let groupDuration = plan.groupDuration,
              groupDuration > .zero else { return }
        let running = MediaTime(clock.time) - base
        let loop = Int64(running.nanoseconds / groupDuration.nanoseconds) + 1
        guard let wrap = plan.wrapRunningTime(loop: Int(loop)) else { return }
        player.pipeline.setState(.paused)
        let count = player.asyncDoneCount
        player.pipeline.seek(rate: rate, flags: [.flush, .accurate], start: .zero)
        guard await player.waitForAsyncDone(after: count, timeout: configuration.prerollTimeout),
              transport == .playing, let currentBase = baseTime else { return }
        player.baseOffset = wrap
        player.pipeline.setBaseTime((currentBase + wrap).clockTime)
        player.apply(.restarted)
        player.pipeline.setState(.playing)
    }

    /// A network tile that runs dry holds the whole group until every tile has enough.
    private func handleBuffering() {
        let waiting = active.filter { $0.asset.isNetwork && !$0.asset.isLive && $0.bufferingPercent < 100 }
        if !waiting.isEmpty, transport == .playing {
            resumeAfterBuffering = true
            pauseAll()
            setTransport(.buffering)
        } else if waiting.isEmpty, transport == .buffering {
            resumeAfterBuffering = false
            startAll()
        }
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
