/// The wall's transport as a pure state machine: every tile on one clock and one base time,
/// started, paused, sought, held for buffering and looped together.
///
/// It is given inputs (what the user asks for, what the tiles report, timers going off) with
/// the instant they happen on the wall's clock, and answers with effects for the engine to
/// carry out. It reads no clock and arms no timer itself, so every rule is tested on a clock
/// moved by hand.
package struct WallTransport: Sendable {
    package let configuration: TransportConfiguration
    package internal(set) var state: TransportState = .loading
    /// Whether the wall plays once a seek or buffering is over: set by play and pause, also
    /// when they are asked for during a seek, so a key pressed then is not lost.
    var wantsToPlay = false
    /// The wall ended while playing because every tile failed: a tile that comes back plays.
    var resumesWhenATileReturns = false
    package internal(set) var rate: Double = 1
    /// The group's base time while it plays.
    package internal(set) var baseTime: MediaTime?
    /// The group's running time where it stands while it does not play.
    package internal(set) var pausedRunningTime = MediaTime.zero
    package internal(set) var isLooping: Bool
    /// Which tiles loop and how, while the group loops.
    package internal(set) var loopPlan: LoopPlan?
    /// The tiles told to hold each pass to the group's length (`holdEachPass`).
    var heldPasses: Set<Int> = []
    /// The A-B loop on the wall's timeline, while one is set: every tile plays its part of it
    /// (less its offset) and starts it again at its end, without a gap.
    package internal(set) var abLoop: Range<MediaTime>?
    package internal(set) var throttle: SeekThrottle
    /// How long the process stood still while the wall played.
    package internal(set) var suspendedTime = MediaTime.zero
    /// Whether loading stopped waiting for prerolls (tiles ready after that are late).
    package internal(set) var prerollsHaveEnded = false
    /// The instant the playing wall pauses at, when a pause was scheduled (`schedulePause`).
    package internal(set) var scheduledPause: MediaTime?

    var tiles: [Int: TransportTile] = [:]
    var seek: GroupSeek?
    /// Whether the group seek begun last keeps the wall's place (`SeekRequest.keepsPlace`):
    /// what the seek's events say, read when they are sent.
    package internal(set) var lastSeekKeptPlace = false
    var suspension: SuspensionDetector
    /// When the first tile was ready: the start bound counts from there.
    var firstReady: MediaTime?
    var armed: [TransportTimer: MediaTime] = [:]
    var lastTicket = 0
    /// The instant of the input being handled.
    var now = MediaTime.zero
    var effects: [TransportEffect] = []

    package init(configuration: TransportConfiguration = TransportConfiguration()) {
        self.configuration = configuration
        isLooping = configuration.groupLoop
        throttle = SeekThrottle(minimumInterval: configuration.seekInterval)
        suspension = SuspensionDetector(threshold: configuration.suspensionThreshold)
    }

    /// Handles one input at `now` (the wall's clock) and returns what the engine must do, in order.
    package mutating func handle(_ input: TransportInput, at now: MediaTime) -> [TransportEffect] {
        self.now = now
        switch input {
        case .play:
            cancelScheduledPause()
            play()
        case .playShowingCurrentFrame(let instant):
            cancelScheduledPause()
            play(showingCurrentFrameAt: instant)
        case .shiftTile(let tile, let delta): shift(tile: tile, by: delta)
        case .pause:
            cancelScheduledPause()
            pause()
        case .schedulePause(let instant): schedulePause(at: instant)
        // A seek while a pause is due: the pause was asked first, and the seek ends paused.
        case .seek(let request):
            if scheduledPause != nil { cancelScheduledPause(); pause() }
            beginSeek(request)
        case .requestSeek(let request):
            if scheduledPause != nil { cancelScheduledPause(); pause() }
            requestSeek(request)
        case .finishSeeking(let thenPlay): finishSeeking(thenPlay: thenPlay)
        case .setLooping(let on):
            isLooping = on
            planLoops()
        case .setOffset(let tile, let delay): tiles[tile]?.delay = delay
        case .setABLoop(let range, let position): setABLoop(range, position: position)
        case .load(let profiles): load(profiles)
        case .tilePrerolled(let tile, let leadIn): tilePrerolled(tile, leadIn: leadIn)
        case .tileDescribed(let tile, let profile):
            tiles[tile]?.profile = profile
            if prerollsHaveEnded { planLoops() }
        case .tileRestartedAtZero(let tile): tiles[tile]?.offset = .zero
        case .wallLoaded: wallLoaded()
        case .tileSettled(let tile, let position): tileSettled(tile, position: position)
        case .tileSeekDone(let tile, let ticket, let landed): tileSeekDone(tile, ticket: ticket, landedAt: landed)
        case .tileEnded(let tile): tileEnded(tile)
        case .tileBuffering(let tile, let percent):
            tiles[tile]?.bufferingPercent = percent
            // A tile that left for want of data comes back once its buffer is full.
            if percent >= 100, tiles[tile]?.stage == .late, tiles[tile]?.leftForData == true { emit(.join(tile)) }
            holdOrReleaseForData()
        case .tileFailed(let tile): tileFailed(tile)
        case .tileRetrying(let tile): tileRetrying(tile)
        case .tileReplaced(let tile, let profile): tileReplaced(tile, profile: profile)
        case .tileJoined(let tile, let runningTime): tileJoined(tile, runningTime: runningTime)
        case .clockLost(let tile): clockLost(tile)
        case .suspensionTick(let reached): suspensionTick(reached: reached)
        case .timerFired(let timer): timerFired(timer)
        }
        defer { effects = [] }
        return effects
    }

    // MARK: What the engine reads

    /// Whether the wall plays, or will once the running seek or buffering is over: the state a
    /// play/pause toggle acts on.
    package var intendsToPlay: Bool {
        if scheduledPause != nil { return false }
        if seek != nil || state == .loading { return wantsToPlay }
        return state == .playing || (state == .buffering && wantsToPlay)
    }

    package var isSeeking: Bool { seek != nil }

    /// Where the running seek will land, shown as the wall's position meanwhile.
    package var seekPosition: MediaTime? { seek?.shownTarget }

    /// Whether no seek is running or held for later (a drag ended and its seeks are done).
    package var isIdle: Bool { seek == nil && throttle.nextDeadline == nil }

    /// The tiles that take part in group transport: prerolled, not failed, not still joining.
    package var takingPart: [Int] { tiles.keys.sorted().filter { tiles[$0]?.stage == .ready } }

    package var lateTiles: [Int] { tiles.keys.sorted().filter { tiles[$0]?.stage == .late } }

    package func isLate(_ tile: Int) -> Bool { tiles[tile]?.stage == .late }

    /// Where the tile's running time 0 sits on the group's running time.
    package func offset(ofTile tile: Int) -> MediaTime { tiles[tile]?.offset ?? .zero }

    /// The tile's offset as the user set it (`setOffset`).
    package func delay(ofTile tile: Int) -> MediaTime { tiles[tile]?.delay ?? .zero }

    /// The tile's part of the A-B loop: A and B less its offset, within its media.
    package func loopRange(of tile: Int) -> Range<MediaTime>? {
        guard let abLoop else { return nil }
        let delay = delay(ofTile: tile)
        var start = max(.zero, abLoop.lowerBound - delay), end = max(.zero, abLoop.upperBound - delay)
        if let duration = tiles[tile]?.profile.duration { start = min(start, duration); end = min(end, duration) }
        return start < end ? start..<end : nil
    }

    /// Where a tile stands when the wall stands at `position`: the time on its own timeline,
    /// and, when its offset puts that before its start, how long (running time at the wall's
    /// rate) it waits on its first frame.
    package func placement(of tile: Int, at position: MediaTime) -> (media: MediaTime, wait: MediaTime) {
        let media = position - delay(ofTile: tile)
        guard media < .zero else { return (media, .zero) }
        return (.zero, (.zero - media) * (1 / rate))
    }

    /// The group's running time at `now`: from the base time while it plays, else where it stands.
    package func runningTime(at now: MediaTime) -> MediaTime {
        baseTime.map { now - $0 } ?? pausedRunningTime
    }

    // MARK: Play and pause

    mutating func play() {
        if seek != nil { wantsToPlay = true; return }
        switch state {
        case .loading:
            // Remembered: the wall starts as soon as it is loaded.
            wantsToPlay = true
        case .playing, .seeking:
            return
        case .buffering:
            wantsToPlay = true
        case .ended:
            // From the start again.
            wantsToPlay = true
            beginSeek(SeekRequest(target: .zero, precision: .accurate, rate: nil))
        case .paused:
            wantsToPlay = true
            startOrHold()
        }
    }

    /// `play`, with the running time where the wall stands reached at `instant`: only from
    /// paused (a wall loading, seeking or buffering starts as `play` does, a margin from then).
    mutating func play(showingCurrentFrameAt instant: MediaTime) {
        guard seek == nil, state == .paused,
              !takingPart.contains(where: { tiles[$0]?.isShortOfData == true }) else { return play() }
        wantsToPlay = true
        startAll(base: instant - pausedRunningTime)
    }

    /// `shiftTile`: the tile's offset on the group's running time moves, and its base time with it.
    mutating func shift(tile: Int, by delta: MediaTime) {
        guard seek == nil, state == .playing, let baseTime, tiles[tile]?.stage == .ready, let offset = tiles[tile]?.offset else { return }
        let moved = offset + delta
        tiles[tile]?.offset = moved
        emit(.setPipelineState(tile, .paused))
        emit(.setBaseTime(tile, baseTime + moved))
        emit(.setPipelineState(tile, .playing))
    }

    mutating func pause() {
        if seek != nil || state == .loading { wantsToPlay = false; return }
        guard state == .playing || state == .buffering else { return }
        wantsToPlay = false
        pauseAll()
        setState(.paused)
    }

    /// Starts the group, unless a tile taking part is short of data: then the group waits for
    /// it, so no tile runs ahead of one still on its first frame.
    mutating func startOrHold() {
        if takingPart.contains(where: { tiles[$0]?.isShortOfData == true }) {
            setState(.buffering)
            armBufferingHold()
        } else {
            startAll()
        }
    }

    /// Starts every tile taking part on one base time (given, or a start margin from now),
    /// where the group stands.
    mutating func startAll(base given: MediaTime? = nil) {
        let part = takingPart
        // With every tile still late, the wall starts all the same: the first to be ready
        // joins it at once.
        guard !part.isEmpty || !lateTiles.isEmpty else { return }
        let base = given ?? SyncMath.resumeBaseTime(clockNow: now + configuration.startMargin, pausedRunningTime: pausedRunningTime)
        baseTime = base
        for tile in part { emit(.setBaseTime(tile, base + offset(ofTile: tile))) }
        if !part.isEmpty { emit(.setState(part, .playing)) }
        setState(.playing)
    }

    /// Pauses every tile taking part, keeping the group's running time.
    mutating func pauseAll() {
        emit(.decodeEveryFrame)
        if let baseTime {
            let running = now - baseTime
            pausedRunningTime = running < .zero ? .zero : running
        }
        baseTime = nil
        let part = takingPart
        if !part.isEmpty { emit(.setState(part, .paused)) }
    }

    mutating func setState(_ new: TransportState) {
        guard new != state else { return }
        state = new
        emit(.publish(new))
    }

    mutating func emit(_ effect: TransportEffect) {
        effects.append(effect)
    }

    // MARK: Timers

    mutating func arm(_ timer: TransportTimer, at deadline: MediaTime) {
        armed[timer] = deadline
        emit(.armTimer(timer, at: deadline))
    }

    mutating func cancel(_ timer: TransportTimer) {
        guard armed.removeValue(forKey: timer) != nil else { return }
        emit(.cancelTimer(timer))
    }

    mutating func timerFired(_ timer: TransportTimer) {
        // A timer cancelled after it went off, or one that went off early, does nothing now.
        guard let deadline = armed[timer] else { return }
        guard now >= deadline else { emit(.armTimer(timer, at: deadline)); return }
        armed[timer] = nil
        switch timer {
        case .throttle: throttleFired()
        case .startBound: endPrerolls()
        case .seekStep: seekStepTimedOut()
        case .scheduledPause: scheduledPauseFired()
        case .tileSeek(let tile): tileSeekTimedOut(tile)
        case .bufferingHold: bufferingHoldOver()
        }
    }

    mutating func takeTicket() -> Int {
        lastTicket += 1
        return lastTicket
    }
}
