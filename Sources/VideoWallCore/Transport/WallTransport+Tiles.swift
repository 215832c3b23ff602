/// What the wall does with what its tiles report: ends and loops, failures, buffering, a lost
/// clock, and the process standing still.
extension WallTransport {
    // MARK: Ends and loops

    mutating func tileEnded(_ tile: Int) {
        guard let state = tiles[tile]?.stage, state != .failed, let profile = tiles[tile]?.profile else { return }
        tiles[tile]?.ended = true
        // In a group loop every tile that ends is re-armed for the next wrap: a shorter tile as
        // planned, and a tile planned as gapless that missed its requeue (a clip read whole
        // while it prerolled, before the plan armed it).
        if let loopPlan, profile.endOfStream != .loop, profile.loopsWithGroup, state == .ready {
            rearm(tile, plan: loopPlan)
            return
        }
        if profile.endOfStream == .loop || abLoop != nil {
            restartOwnLoop(tile)
            return
        }
        if profile.endOfStream == .stop { emit(.setPipelineState(tile, .ready)) }
        checkEnded()
    }

    /// The whole wall ended when every tile taking part did, or when no tile is left to play.
    mutating func checkEnded() {
        guard seek == nil, state != .loading else { return }
        let part = takingPart
        if !part.isEmpty, part.allSatisfy({ tiles[$0]?.ended == true }), state == .playing {
            pauseAll()
            wantsToPlay = false
            resumesWhenATileReturns = false
            setState(.ended)
        } else if part.isEmpty, !tiles.isEmpty, !tiles.values.contains(where: { $0.stage == .late || $0.stage == .loading }) {
            // Every tile failed. One that comes back (`tileRetrying`) starts the wall again.
            resumesWhenATileReturns = state == .playing || wantsToPlay
            wantsToPlay = false
            setState(.ended)
        }
    }

    /// A tile in a group loop holds the frame it ended on, then starts again exactly when the
    /// group wraps: it is prerolled at 0 and given a base time shifted to that wrap.
    ///
    /// A tile whose end came only after the wrap that should have started it again (an end
    /// inferred late, for a file that sends none after a pass; a gapless tile that missed its
    /// requeue) joins the pass under way where the wall will be `passJoinLead` from now, as a
    /// late tile does, instead of holding its last frame for a whole pass more.
    mutating func rearm(_ tile: Int, plan: LoopPlan) {
        guard state == .playing, let baseTime, let length = plan.groupDuration, length > .zero else { return }
        let running = now - baseTime
        let pass = Int(running.nanoseconds / length.nanoseconds) + 1
        guard let wrap = plan.wrapRunningTime(loop: pass), let passStart = plan.wrapRunningTime(loop: pass - 1) else { return }
        // On time, a tile ends where the wall is near its own end (its duration after its
        // delay); one that missed the wrap ends early in the next pass.
        let joinsAt = running + configuration.passJoinLead
        let ownEnd = tiles[tile]?.profile.duration.map { $0 + (tiles[tile]?.delay ?? .zero) }
        let missedTheWrap = ownEnd.map { running - passStart < $0 - length * 0.5 } == true && joinsAt < wrap
        let due = missedTheWrap ? joinsAt : wrap
        let position = missedTheWrap ? (joinsAt - passStart) * rate : .zero
        let ticket = takeTicket()
        tiles[tile]?.operation = .rearm(due: due, position: position, ticket: ticket)
        emit(.holdPosition(tile))
        emit(.setPipelineState(tile, .paused))
        // The wall goes round to 0 (or is at `position` in this pass): the tile to where its
        // offset puts it then.
        emit(.seek(TileSeek(tile: tile, ticket: ticket, target: clampedTarget(placement(of: tile, at: position).media, tile: tile),
                            precision: .accurate, rate: rate)))
        arm(.tileSeek(tile), at: now + configuration.prerollTimeout)
    }

    /// A tile that loops on its own reached its end without going round (it was not in segment
    /// mode yet, or its source could not loop gaplessly): it starts again from 0 at once, on a
    /// base time shifted to now. Only this tile moves; the others play on.
    mutating func restartOwnLoop(_ tile: Int) {
        guard state == .playing else { return }
        let ticket = takeTicket()
        tiles[tile]?.operation = .restart(ticket: ticket)
        emit(.setPipelineState(tile, .paused))
        let range = loopRange(of: tile)
        emit(.seek(TileSeek(tile: tile, ticket: ticket, target: range?.lowerBound ?? .zero, precision: .accurate, rate: rate, loopRange: range)))
        arm(.tileSeek(tile), at: now + configuration.prerollTimeout)
    }

    /// A tile's own seek is done. If the wall stopped playing meanwhile the tile stays where it is.
    mutating func tileOperationDone(_ tile: Int, ticket: Int) {
        guard let operation = tiles[tile]?.operation, operation.ticket == ticket else { return }
        tiles[tile]?.operation = nil
        cancel(.tileSeek(tile))
        guard state == .playing, let baseTime else { return }
        switch operation {
        case .rearm(let due, let position, _):
            let offset = due + placement(of: tile, at: position).wait
            tiles[tile]?.offset = offset
            emit(.setBaseTime(tile, baseTime + offset))
            markRestarted(tile)
            emit(.setPipelineState(tile, .playing))
            emit(.awaitWrap(tile))
        case .restart:
            let offset = now + configuration.startMargin - baseTime
            tiles[tile]?.offset = offset
            emit(.setBaseTime(tile, baseTime + offset))
            markRestarted(tile)
            emit(.countLoop(tile))
            emit(.setPipelineState(tile, .playing))
        }
    }

    mutating func tileSeekTimedOut(_ tile: Int) {
        guard tiles[tile]?.operation != nil else { return }
        emit(.failTimedOut(tile))
        tileFailed(tile)
    }

    mutating func markRestarted(_ tile: Int) {
        tiles[tile]?.ended = false
        emit(.markRestarted(tile))
    }

    /// Which tiles loop, and how: the group loop wraps every tile at the longest tile's end,
    /// except a tile asked to loop at its own end (a region's `loop: true`), which does so
    /// whether or not the group loops.
    mutating func planLoops() {
        let part = takingPart
        if abLoop != nil {
            // Every tile's part of the range is as long as the others': each goes round alone.
            loopPlan = nil
            for tile in part { emit(.loopGaplessly(tile, true)) }
            holdPasses([:])
            return
        }
        guard isLooping else {
            loopPlan = nil
            for tile in part { emit(.loopGaplessly(tile, tiles[tile]?.profile.endOfStream == .loop)) }
            holdPasses([:])
            return
        }
        let own = part.filter { tiles[$0]?.profile.endOfStream == .loop }
        let grouped = part.filter { tiles[$0]?.profile.endOfStream != .loop && tiles[$0]?.profile.loopsWithGroup == true }
        for tile in part where tiles[tile]?.profile.endOfStream != .loop && tiles[tile]?.profile.loopsWithGroup == false {
            emit(.loopGaplessly(tile, false))
        }
        let plan = LoopPlan.make(durations: grouped.map { tiles[$0]?.profile.duration },
                                 frameDurations: grouped.map { tiles[$0]?.profile.frameDuration },
                                 holdsToWrap: grouped.map { tiles[$0]?.profile.holdsToWrap == true })
        loopPlan = plan
        var held: [Int: MediaTime] = [:]
        for (position, tile) in grouped.enumerated() {
            emit(.loopGaplessly(tile, plan.method(forTile: position) == .gapless))
            if let length = plan.heldPassLength(forTile: position) { held[tile] = length }
        }
        for tile in own { emit(.loopGaplessly(tile, true)) }
        holdPasses(held)
    }

    /// Tells the tiles whose passes last as long as the group's (and those no longer held).
    private mutating func holdPasses(_ held: [Int: MediaTime]) {
        for tile in heldPasses.subtracting(held.keys).sorted() { emit(.holdEachPass(tile, nil)) }
        for (tile, length) in held.sorted(by: { $0.key < $1.key }) { emit(.holdEachPass(tile, length)) }
        heldPasses = Set(held.keys)
    }

    // MARK: Failures

    /// A tile failed or timed out: the rest go on without it, and a group waiting for it
    /// (loading, a seek, buffering) does not wait any more.
    mutating func tileFailed(_ tile: Int) {
        guard let stage = tiles[tile]?.stage else {
            tiles[tile] = TransportTile(profile: TileProfile(), stage: .failed)
            return
        }
        guard stage != .failed else { return }
        takeOut(tile, from: stage)
        checkEnded()
    }

    /// The tile no longer takes part: nothing waits for it.
    private mutating func takeOut(_ tile: Int, from stage: TransportTile.Stage) {
        tiles[tile]?.stage = .failed
        tiles[tile]?.operation = nil
        cancel(.tileSeek(tile))
        if stage == .loading { endPrerollsIfAllAnswered() }
        seekLost(tile)
        holdOrReleaseForData()
    }

    /// A failed tile opens its source again. Until it is ready it is late: the wall does not
    /// wait for it, and does not end while it may still come back.
    mutating func tileRetrying(_ tile: Int) {
        guard tiles[tile]?.stage == .failed else { return }
        tiles[tile]?.stage = .late
        tiles[tile]?.ended = false
        tiles[tile]?.bufferingPercent = 100
        tiles[tile]?.operation = nil
        tiles[tile]?.offset = .zero
        // The wall ended because every tile had failed: it plays again, and this tile joins
        // it as soon as it is ready.
        if state == .ended, resumesWhenATileReturns {
            resumesWhenATileReturns = false
            wantsToPlay = true
            setState(.paused)
            startOrHold()
        }
    }

    /// A tile plays another source: it leaves the group as a failed tile would (nothing waits
    /// for it), and comes back as a retried one does.
    mutating func tileReplaced(_ tile: Int, profile: TileProfile) {
        guard let stage = tiles[tile]?.stage else { return }
        // Not a failure: the wall does not end for it (a paused wall's only tile told to show
        // the next playlist item ended the wall).
        if stage != .failed { takeOut(tile, from: stage) }
        tiles[tile]?.profile = profile
        tileRetrying(tile)
    }

    // MARK: Buffering

    /// A network tile that runs dry holds the whole group until every tile has enough, or
    /// for `bufferingHold` at most: then it leaves the group and the others play on. A tile
    /// that left once leaves again at once when it runs dry.
    mutating func holdOrReleaseForData() {
        let short = takingPart.filter { tiles[$0]?.isShortOfData == true }
        for tile in short where tiles[tile]?.leftForData == true { leaveShortOfData(tile, waited: nil) }
        let waiting = short.contains { tiles[$0]?.leftForData != true }
        if waiting, state == .playing {
            pauseAll()
            setState(.buffering)
            armBufferingHold()
        } else if !waiting, state == .buffering {
            cancel(.bufferingHold)
            startAll()
        }
    }

    mutating func armBufferingHold() {
        guard let hold = configuration.bufferingHold, armed[.bufferingHold] == nil else { return }
        arm(.bufferingHold, at: now + hold)
    }

    /// The group has waited its longest: the tiles still short of data leave it.
    mutating func bufferingHoldOver() {
        guard state == .buffering else { return }
        for tile in takingPart where tiles[tile]?.isShortOfData == true { leaveShortOfData(tile, waited: configuration.bufferingHold) }
        holdOrReleaseForData()
    }

    /// The tile leaves the group as a late one: nothing waits for it, and it joins again when
    /// its buffer is full.
    private mutating func leaveShortOfData(_ tile: Int, waited: MediaTime?) {
        tiles[tile]?.stage = .late
        tiles[tile]?.leftForData = true
        tiles[tile]?.operation = nil
        cancel(.tileSeek(tile))
        seekLost(tile)
        emit(.leftShortOfData(tile, waited: waited))
    }

    // MARK: Clocks

    /// The shared clock went away (an audio clock provider left): the tile takes it again and
    /// the group is re-based.
    mutating func clockLost(_ tile: Int) {
        guard state == .playing else { return }
        pauseAll()
        emit(.useClock(tile))
        startAll()
    }

    /// After the process stood still, every frame is late by as long, and the sinks would
    /// drop them all until the decoders caught up: seconds of frozen pictures, with the clock
    /// and the transport bar running on. Instead the wall is re-based at once, to go on from
    /// the frames it had reached, in sync, as after a pause. The main thread alone standing
    /// still (a long call) is told apart by the pictures: the streaming threads went on, so the
    /// frames on screen kept up with the clock, and nothing is done.
    mutating func suspensionTick(reached: MediaTime?) {
        guard state == .playing, seek == nil, let baseTime else { suspension.reset(); return }
        guard let gap = suspension.tick(at: now, interval: configuration.suspensionTickInterval) else { return }
        guard let reached, now - baseTime - reached > suspension.threshold else { return }
        suspendedTime = suspendedTime + gap.length
        pauseAll()
        pausedRunningTime = reached
        startAll()
        emit(.warnStoodStill(gap.length))
    }
}
