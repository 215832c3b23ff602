import Foundation
internal import GStreamerKit
import VideoWallCore

/// The wall's side of the transport: it hands `WallTransport` each input at the wall
/// clock's time and carries out the effects on the tiles. Effects that wait for a pipeline
/// (settling, seeking, a late tile joining) answer with an input when done.
extension Wall {
    /// Hands the transport one input. One asked for while the effects of another are carried
    /// out waits its turn, so the transport sees inputs one at a time, in order.
    func handle(_ input: TransportInput) {
        // A wall shutting down moves no tile any more.
        guard !isStopping else { return }
        pendingInputs.append(input)
        guard !isHandlingInput else { return }
        isHandlingInput = true
        while !pendingInputs.isEmpty {
            let next = pendingInputs.removeFirst()
            for effect in machine.handle(next, at: MediaTime(clock.time)) { carryOut(effect) }
        }
        isHandlingInput = false
        if !machine.isSeeking { wakeSeekWaiters() }
    }

    private func carryOut(_ effect: TransportEffect) {
        switch effect {
        case .publish(let state):
            let previous = publishedTransport
            publishedTransport = state
            publish(.transport(state))
            tickPosition(while: state)
            if state == .seeking, previous != .seeking { publish(.seekBegan(movesPlace: !machine.lastSeekKeptPlace)) }
            if previous == .seeking, state != .seeking { publish(.seekEnded(movedPlace: !machine.lastSeekKeptPlace)) }
        case .setState(let tiles, let state):
            for player in tiles.compactMap(player(at:)) {
                player.setPipelineState(state == .playing ? .playing : .paused)
                player.apply(state == .playing ? .play : .pause)
            }
        case .setPipelineState(let tile, let state):
            let element: ElementState = switch state {
            case .ready: .ready
            case .paused: .paused
            case .playing: .playing
            }
            player(at: tile)?.setPipelineState(element)
        case .setBaseTime(let tile, let time):
            player(at: tile)?.setBaseTime(time.clockTime)
        case .settle(let tiles):
            for tile in tiles { settle(tile) }
        case .seek(let seek):
            send(seek)
        case .armTimer(let timer, let deadline):
            transportTimers[timer]?.cancel()
            let wait = max(0, (deadline - MediaTime(clock.time)).seconds)
            transportTimers[timer] = MainLoop.after(seconds: wait) { [weak self] in
                self?.transportTimers[timer] = nil
                self?.handle(.timerFired(timer))
                if timer == .scheduledPause, self?.transport == .paused { self?.alignFramesAfterPause() }
            }
        case .cancelTimer(let timer):
            transportTimers.removeValue(forKey: timer)?.cancel()
        case .decodeEveryFrame:
            decodeEveryFrame()
        case .markRestarted(let tile):
            player(at: tile)?.apply(.restarted)
        case .countLoop(let tile):
            player(at: tile)?.countLoop()
        case .holdPosition(let tile):
            heldPositions[tile] = player(at: tile)?.position
        case .awaitWrap(let tile):
            player(at: tile)?.awaitWrap(holding: heldPositions.removeValue(forKey: tile) ?? nil)
        case .loopGaplessly(let tile, let on):
            player(at: tile)?.setGaplessLoop(on)
        case .holdEachPass(let tile, let length):
            player(at: tile)?.holdEachPass(to: length)
        case .useClock(let tile):
            player(at: tile)?.pipeline.useClock(clock)
        case .failTimedOut(let tile):
            guard let player = player(at: tile) else { return }
            player.fail(AssetError(source: player.asset.source, reason: .timedOut(seconds: Int(prerollSeconds))))
        case .join(let tile):
            guard !isStopping, let player = player(at: tile) else { return }
            Task { await join(player) }
        case .prerollsEnded:
            wakeLoad()
        case .warnSeekRefused(let tile):
            guard let player = player(at: tile), let reason = player.asset.seekRefusal else { return }
            player.warn("\(reason); the tile plays on")
        case .leftShortOfData(let tile, let waited):
            guard let player = player(at: tile) else { return }
            player.warn(waited.map { String(format: "its data did not come within %.0f s (a link slower than its bit rate?): the others play on without it, and it joins again once it has caught up", $0.seconds) }
                ?? "it ran short of data again: the others play on without it, and it joins again once it has caught up")
        case .warnStoodStill(let length):
            publish(.warning(String(format: "the process stood still for %.1f s (stopped, a paused machine, or heavy swapping): the wall goes on from where it was", length.seconds)))
        }
    }

    /// Pauses a tile and waits until its sinks have settled there (so a seek that follows is
    /// not mistaken as done by this state change's ASYNC_DONE); a tile stopped at its end
    /// (READY) prerolls again first.
    private func settle(_ tile: Int) {
        guard let player = player(at: tile) else { return }
        let timeout = prerollSeconds
        Task { @MainActor [weak self] in
            await player.pauseAndSettle(timeout: timeout)
            if player.asset.isSeekable {
                await player.settle()  // a stop to READY still on its way
                if player.pipeline.currentState.current.rawValue < ElementState.paused.rawValue {
                    _ = await player.preroll(timeout: timeout)
                }
            }
            guard let self else { return }
            self.handle(player.state == .failed ? .tileFailed(tile) : .tileSettled(tile, position: player.position))
        }
    }

    /// Sends one tile's flushing seek and answers when its preroll has come.
    private func send(_ seek: TileSeek) {
        guard let player = player(at: seek.tile) else { return }
        let flags: SeekFlags = switch seek.precision {
        case .accurate: [.flush, .accurate]
        case .keyFrame(let snapAfter): [.flush, .keyUnit, snapAfter ? .snapAfter : .snapBefore]
        }
        let count = player.asyncDoneCount
        player.seek(rate: seek.rate, flags: flags, start: seek.target, loopRange: seek.loopRange)
        let timeout = prerollSeconds
        Task { @MainActor [weak self] in
            let done = await player.waitForAsyncDone(after: count, timeout: timeout)
            guard let self else { return }
            self.handle(done ? .tileSeekDone(seek.tile, ticket: seek.ticket, landedAt: player.position) : .tileFailed(seek.tile))
        }
    }

    /// Returns once no group seek runs (one asked for meanwhile, and run after it, included).
    func whenSeeksEnd() async {
        guard machine.isSeeking, !isStopping else { return }
        await withCheckedContinuation { seekWaiters.append($0) }
    }

    func wakeSeekWaiters() {
        let waiting = seekWaiters
        seekWaiters.removeAll()
        waiting.forEach { $0.resume() }
    }

    /// Waits until the transport stops waiting for prerolls (every tile answered, or the start
    /// bound passed), or the wall is stopped.
    func waitForPrerolls() async {
        guard !machine.prerollsHaveEnded, !isStopping else { return }
        await withCheckedContinuation { prerollWaiter = $0 }
    }

    func wakeLoad() {
        prerollWaiter?.resume()
        prerollWaiter = nil
    }
}

extension Wall {
    /// How often a playing wall says where it is (`WallEvent.position`); mpv sends `time-pos`
    /// changes about as often.
    package static let positionInterval = 0.1

    /// Ticks while the wall plays, and stops when it does not.
    func tickPosition(while state: TransportState) {
        guard state == .playing else {
            positionTicker?.cancel()
            positionTicker = nil
            return
        }
        guard positionTicker == nil else { return }
        positionTicker = MainLoop.every(seconds: Self.positionInterval) { [weak self] in
            guard let self, self.transport == .playing else {
                self?.positionTicker = nil
                return false
            }
            if let position = self.position { self.publish(.position(position)) }
            return true
        }
    }
}
