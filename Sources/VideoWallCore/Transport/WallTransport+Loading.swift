/// The start bound and late tiles. The wall waits for its tiles' prerolls until all are done,
/// or `startTimeout` after the first tile is ready (counted from the first, so a busy machine
/// that is slow for every tile does not leave tiles out), and at most `prerollTimeout` and a
/// second in all. A tile not ready by then is late: left out until it is ready, then brought
/// in where the wall is (`join`), and taking part once it has joined.
extension WallTransport {
    mutating func load(_ profiles: [TileProfile?]) {
        tiles = [:]
        for (index, profile) in profiles.enumerated() {
            tiles[index] = profile.map { TransportTile(profile: $0, stage: .loading) }
                ?? TransportTile(profile: TileProfile(), stage: .failed)
        }
        if tiles.values.contains(where: { $0.stage == .loading }) {
            arm(.startBound, at: now + configuration.prerollTimeout + .seconds(1))
        }
        endPrerollsIfAllAnswered()
    }

    mutating func tilePrerolled(_ tile: Int, leadIn: MediaTime) {
        guard let stage = tiles[tile]?.stage, stage == .loading || stage == .late else { return }
        // Shifted back by its lead-in, so its first frame is due with everyone else's.
        tiles[tile]?.offset = .zero - leadIn
        if stage == .late {
            emit(.join(tile))
            return
        }
        tiles[tile]?.stage = .ready
        if firstReady == nil {
            firstReady = now
            let bound = now + configuration.startTimeout
            if armed[.startBound].map({ bound < $0 }) ?? true { arm(.startBound, at: bound) }
        }
        endPrerollsIfAllAnswered()
    }

    mutating func endPrerollsIfAllAnswered() {
        guard !prerollsHaveEnded, !tiles.values.contains(where: { $0.stage == .loading }) else { return }
        endPrerolls()
    }

    /// Loading stops waiting: the tiles still prerolling are late.
    mutating func endPrerolls() {
        guard !prerollsHaveEnded else { return }
        prerollsHaveEnded = true
        cancel(.startBound)
        let late = tiles.keys.sorted().filter { tiles[$0]?.stage == .loading }
        for tile in late { tiles[tile]?.stage = .late }
        planLoops()
        emit(.prerollsEnded(late: late))
    }

    /// The wall stands ready; a seek asked for while it loaded goes now, and the wall plays if
    /// play was asked for meanwhile (after that seek, if there is one).
    mutating func wallLoaded() {
        guard state == .loading else { return }
        endPrerolls()
        setState(.paused)
        if let held = throttle.setCanSeek(true, at: now) {
            beginSeek(held)
        } else if let abLoop {
            beginSeek(SeekRequest(target: abLoop.lowerBound, precision: .accurate, rate: nil))
        } else if tiles.values.contains(where: { $0.delay != .zero }) {
            // Every tile prerolled at its start; offsets place them where the wall's 0 is.
            beginSeek(SeekRequest(target: .zero, precision: .accurate, rate: nil))
        } else {
            armThrottleTimer()
            if wantsToPlay { startOrHold() }
        }
    }

    /// The late tile joins the group, and plays if the wall does.
    mutating func tileJoined(_ tile: Int, runningTime: MediaTime?) {
        guard tiles[tile]?.stage == .late else { return }
        // Running, it cannot start sooner than a margin from now. Standing, it starts with the
        // wall, from the running time the wall stands at: a margin there would put it behind the
        // others for good (a follower's playlist item joined 5 ms late so).
        let offset = runningTime ?? (baseTime == nil ? pausedRunningTime : self.runningTime(at: now) + configuration.startMargin)
        tiles[tile]?.offset = offset
        tiles[tile]?.stage = .ready
        planLoops()
        if state == .playing, let baseTime {
            emit(.setBaseTime(tile, baseTime + offset))
            emit(.setState([tile], .playing))
        }
        holdOrReleaseForData()
    }
}
