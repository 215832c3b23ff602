/// Group seeks, and the throttle for seeks while dragging.
extension WallTransport {
    mutating func requestSeek(_ request: SeekRequest) {
        if let due = throttle.submit(request, at: now) { beginSeek(due) } else { armThrottleTimer() }
    }

    /// The held request (if any) goes now, whatever the interval; with `thenPlay` the wall
    /// plays again: asked for at once, so a seek in flight keeps it when it ends.
    mutating func finishSeeking(thenPlay: Bool) {
        cancel(.throttle)
        if let held = throttle.flush(at: now) { beginSeek(held) }
        if thenPlay { play() }
    }

    mutating func throttleFired() {
        if let due = throttle.fire(at: now) { beginSeek(due) } else { armThrottleTimer() }
    }

    mutating func armThrottleTimer() {
        guard let deadline = throttle.nextDeadline else { cancel(.throttle); return }
        if armed[.throttle] != deadline { arm(.throttle, at: deadline) }
    }

    /// Starts a group seek. While the wall loads or another seek runs the request is held
    /// (the last wins) and goes when the tiles can seek again.
    mutating func beginSeek(_ request: SeekRequest) {
        var request = request
        // While the wall loops from A to B, it stays in the loop.
        if let abLoop { request.target = min(max(request.target, abLoop.lowerBound), abLoop.upperBound - .milliseconds(1)) }
        guard state != .loading else { _ = throttle.submit(request, at: now); return }
        guard seek == nil else { _ = throttle.submit(request, at: now); armThrottleTimer(); return }
        _ = throttle.setCanSeek(false, at: now)
        cancel(.throttle)
        if state == .playing || state == .buffering { pauseAll() }
        // A tile going round alone is sought by the group seek instead.
        for tile in tiles.keys.sorted() where tiles[tile]?.operation != nil {
            tiles[tile]?.operation = nil
            cancel(.tileSeek(tile))
        }
        let part = takingPart
        lastSeekKeptPlace = request.keepsPlace
        seek = GroupSeek(request: request, step: .settling(Set(part)), tiles: part,
                         target: request.target, shownTarget: request.target)
        setState(.seeking)
        if !part.isEmpty {
            emit(.settle(part))
            arm(.seekStep, at: now + configuration.prerollTimeout)
        }
        advanceSeek()
    }

    mutating func tileSettled(_ tile: Int, position: MediaTime?) {
        guard var running = seek, case .settling(var pending) = running.step, pending.remove(tile) != nil else { return }
        if let position {
            let onWall = position + delay(ofTile: tile)
            running.startPosition = max(running.startPosition ?? onWall, onWall)
        }
        running.step = .settling(pending)
        seek = running
        advanceSeek()
    }

    mutating func tileSeekDone(_ tile: Int, ticket: Int, landedAt landed: MediaTime?) {
        if let running = seek {
            switch running.step {
            case .leader(let leader, let expected) where leader == tile && expected == ticket:
                // Every other tile is brought accurately to the frame the leader landed on (unless
                // its offset kept it on its first frame: the target stands).
                if let landed, running.waits[tile] ?? .zero == .zero {
                    let frame = tiles[tile]?.profile.frameDuration ?? .milliseconds(40)
                    let delay = delay(ofTile: tile)
                    seek?.target = FrameMath.seekTime(ofFrameStartingAt: landed, frameDuration: frame) + delay
                    seek?.shownTarget = landed + delay
                }
                seekFollowers()
                return
            case .following(var pending) where pending[tile] == ticket:
                pending[tile] = nil
                seek?.step = .following(pending)
                advanceSeek()
                return
            default:
                break
            }
        }
        tileOperationDone(tile, ticket: ticket)
    }

    /// A tile the seek waits for failed: the seek goes on without it.
    mutating func seekLost(_ tile: Int) {
        guard let running = seek else { return }
        switch running.step {
        case .settling(var pending):
            pending.remove(tile)
            seek?.step = .settling(pending)
            advanceSeek()
        case .leader(let leader, _) where leader == tile:
            // The followers go to the target asked for.
            seekFollowers()
        case .following(var pending):
            pending[tile] = nil
            seek?.step = .following(pending)
            advanceSeek()
        case .leader:
            break
        }
    }

    /// The running step waited as long as a preroll may take: the tiles it still waits for fail.
    mutating func seekStepTimedOut() {
        guard let running = seek else { return }
        let silent: [Int] = switch running.step {
        case .settling(let pending): pending.sorted()
        case .leader(let leader, _): [leader]
        case .following(let pending): pending.keys.sorted()
        }
        for tile in silent {
            emit(.failTimedOut(tile))
            tileFailed(tile)
        }
    }

    mutating func advanceSeek() {
        guard let running = seek else { return }
        switch running.step {
        case .settling(let pending) where pending.isEmpty: seekSettled()
        case .following(let pending) where pending.isEmpty: completeSeek()
        default: break
        }
    }

    /// Every tile is paused and settled: the seeks go out. A tile whose source cannot seek is
    /// left out and plays on from where it was.
    mutating func seekSettled() {
        guard var running = seek else { return }
        if let newRate = running.request.rate { rate = newRate }
        let part = running.tiles.filter { tiles[$0]?.stage == .ready }
        running.seekable = part.filter { tiles[$0]?.profile.isSeekable == true }
        running.refused = part.filter { tiles[$0]?.profile.isSeekable != true }
        // A key-frame seek lands each tile on its own key frame, and clips with different
        // key-frame spacing would land seconds apart. So the longest tile goes to its key frame
        // (the one after the target when seeking forward, as mpv does, so `→` never goes back),
        // and every other tile is brought accurately to the time it landed on.
        let leader = running.seekable.max { (tiles[$0]?.profile.duration ?? .zero) < (tiles[$1]?.profile.duration ?? .zero) }
        guard running.request.precision == .keyFrame, let leader else {
            seek = running
            seekFollowers()
            return
        }
        let frame = tiles[leader]?.profile.frameDuration ?? .milliseconds(40)
        let target = running.request.target
        let forward = target > (running.startPosition ?? .zero)
        // Half a frame of slack, so a key frame whose timestamp rounds just below the target
        // still counts as "at or after" it.
        let start = forward ? target - frame * 0.5 : target
        let ticket = takeTicket()
        let placed = placement(of: leader, at: start)
        running.leader = leader
        running.step = .leader(leader, ticket: ticket)
        running.waits[leader] = placed.wait
        seek = running
        emit(.seek(TileSeek(tile: leader, ticket: ticket, target: clampedTarget(placed.media, tile: leader),
                            precision: .keyFrame(snapAfter: forward), rate: rate, loopRange: loopRange(of: leader))))
        arm(.seekStep, at: now + configuration.prerollTimeout)
    }

    mutating func seekFollowers() {
        guard var running = seek else { return }
        var pending: [Int: Int] = [:]
        for tile in running.seekable where tile != running.leader && tiles[tile]?.stage == .ready {
            let ticket = takeTicket()
            let placed = placement(of: tile, at: running.target)
            pending[tile] = ticket
            running.waits[tile] = placed.wait
            emit(.seek(TileSeek(tile: tile, ticket: ticket, target: clampedTarget(placed.media, tile: tile),
                                precision: .accurate, rate: rate, loopRange: loopRange(of: tile))))
        }
        running.step = .following(pending)
        seek = running
        if pending.isEmpty {
            completeSeek()
        } else {
            arm(.seekStep, at: now + configuration.prerollTimeout)
        }
    }

    /// Every tile shows the target: the wall stands there, and plays if it was asked to.
    mutating func completeSeek() {
        guard let running = seek else { return }
        cancel(.seekStep)
        for tile in running.seekable where tiles[tile]?.stage == .ready {
            tiles[tile]?.offset = running.waits[tile] ?? .zero
            if tiles[tile]?.ended == true { markRestarted(tile) }
        }
        // The refused tiles were not flushed: their running time goes on from where they
        // paused, while the group's restarts at 0, so their base time moves back by as much.
        for tile in running.refused where tiles[tile]?.stage == .ready {
            let moved = offset(ofTile: tile) - pausedRunningTime
            tiles[tile]?.offset = moved
            emit(.warnSeekRefused(tile))
        }
        pausedRunningTime = .zero
        seek = nil
        setState(.paused)
        if wantsToPlay { startOrHold() }
        if let held = throttle.setCanSeek(true, at: now) { beginSeek(held) } else { armThrottleTimer() }
        checkEnded()
    }

    /// Sets or clears the A-B loop. Set: every tile loops its own part without a gap, and the
    /// wall goes to A. Cleared: the tiles loop as before, and the wall goes on from `position`
    /// (a seek, so no tile stops at B any more).
    mutating func setABLoop(_ range: Range<MediaTime>?, position: MediaTime) {
        guard range != abLoop else { return }
        abLoop = range
        planLoops()
        guard state != .loading else { return }
        beginSeek(SeekRequest(target: range?.lowerBound ?? position, precision: .accurate, rate: nil))
    }

    /// A shorter tile asked for a time past its end shows its last frame.
    package func clampedTarget(_ target: MediaTime, tile: Int) -> MediaTime {
        guard let profile = tiles[tile]?.profile, let duration = profile.duration else { return target }
        let last = duration - (profile.frameDuration ?? .milliseconds(40))
        return target > last ? max(last, .zero) : target
    }
}
