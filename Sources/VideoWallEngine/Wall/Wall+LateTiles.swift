import Foundation
internal import GStreamerKit
import VideoWallCore

/// Late tiles. A tile not ready when the wall stops waiting for prerolls (the start bound,
/// `WallTransport`'s: a network source that sends nothing, a file whose `open()` does not
/// return) is left out, and when it is ready it is brought in where the wall is: sought a
/// little ahead of the wall's position and given a base time that shows that frame exactly
/// when the wall gets there.
extension Wall {
    /// A tile's preroll ended (ready, or failed or timed out). When to stop waiting for the
    /// others, and whether a tile ready after that joins, is the transport's.
    func prerollFinished(_ player: Player, ok: Bool) {
        if ok, firstReady == nil { firstReady = Date() }
        handle(ok ? .tilePrerolled(player.index, leadIn: player.leadIn) : .tileFailed(player.index))
    }

    /// Waits until every task has ended, `deadline` passes, or the wall is stopped.
    func waitForAll(_ tasks: [Task<Void, Never>], until deadline: Date) async {
        guard !tasks.isEmpty else { return }
        await waitAtMost(until: deadline) { gate in
            Task { @MainActor in
                for task in tasks { await task.value }
                gate.give(())
            }
        }
    }

    /// Waits on a gate that opens at `deadline`, when the wall is stopped (`startGate`), or
    /// when `start` (handed the gate) opens it. A timer left after the gate
    /// opened is cancelled.
    private func waitAtMost(until deadline: Date, _ start: (FirstAnswer<Void>) -> Void) async {
        guard !isStopping else { return }
        var timer: TimeoutToken?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let gate = FirstAnswer<Void>()
            gate.continuation = continuation
            startGate = gate
            timer = MainLoop.after(seconds: max(0, deadline.timeIntervalSinceNow)) { gate.give(()) }
            start(gate)
        }
        timer?.cancel()
        startGate = nil
    }

    static func pause(_ seconds: Double) async {
        await MainLoop.sleep(seconds: seconds)
    }

    /// Brings a late tile in. The wall's timeline is read from a tile that takes part: the
    /// frame it shows and that frame's running time. A playing wall: the late tile is sought
    /// to where the wall will be a lead from now (`JoinLead`: long enough to refill its buffer
    /// at the speed last measured on its link) and given the base time that shows that frame
    /// then; if its seek and refill took longer than the lead, it tries again with one that
    /// covers what they took. A paused wall: it is sought to the frame the wall stands on.
    /// With no tile to follow, it starts the wall's picture from where it stands.
    func join(_ player: Player) async {
        let index = player.index
        var join = JoinLead(measuredRefill: player.lastRefill)
        for _ in 0..<4 {
            // Not in the middle of loading the wall, or of a group seek.
            while !isStopping, transport == .loading || seeking { await Self.pause(0.05) }
            guard !isStopping, player.state != .failed, machine.isLate(index) else { return }
            // Whether it can be sought is the description's answer (its server's, over HTTP).
            if let index = slots.firstIndex(where: { $0.player === player }), let description = describing[index] {
                await waitForAll([description], until: Date().addingTimeInterval(startSeconds))
            }
            guard !isStopping, player.state != .failed, machine.isLate(index) else { return }
            let segmentMode = isLooping || player.endOfStreamPolicy == .loop
            guard player.followsWallTimeline else { break }
            giveRequestedOffsets(only: index)
            guard let target = joinTarget(lead: join.lead) else {
                // Nothing to follow. A tile that may loop still goes into segment mode, where it stands.
                if segmentMode { await player.enterSegmentMode(timeout: prerollSeconds) }
                break
            }
            // Where its offset puts it when the wall is there (waiting on its first frame, if
            // that is before its start).
            let placed = machine.placement(of: index, at: target.position)
            let count = player.asyncDoneCount
            let attemptStart = monotonic.now
            guard player.seekToJoin(at: machine.clampedTarget(placed.media, tile: index), rate: rate, segmentMode: segmentMode),
                  await player.waitForAsyncDone(after: count, timeout: prerollSeconds) else { break }
            guard !isStopping, player.state != .failed else { return }
            // A network tile admitted short of data would hold the whole wall the moment it
            // joins: it fills its buffer first, while the others play on.
            await waitForData(player, until: Date().addingTimeInterval(prerollSeconds))
            guard !isStopping, player.state != .failed else { return }
            // A group seek meanwhile moved the wall; or the frame is due already: again.
            if seeking { continue }
            if transport == .playing, let base = machine.baseTime, MediaTime(clock.time) - base + startMargin > target.runningTime + placed.wait {
                join.cameTooLate(cost: monotonic.now - attemptStart)
                continue
            }
            admit(player, at: target.runningTime + placed.wait)
            return
        }
        // It cannot be sought, or follows no one: it plays on from where it stands.
        guard !isStopping, player.state != .failed else { return }
        admit(player, at: nil)
    }

    /// Waits until the tile's buffer is full (a network tile refilling after its join seek),
    /// `deadline` passes, or the tile fails or the wall stops.
    private func waitForData(_ player: Player, until deadline: Date) async {
        while !isStopping, player.state != .failed, player.bufferingPercent < 100, Date() < deadline {
            await Self.pause(0.05)
        }
    }

    /// The late tile joins the group: its running time 0 is the wall's `runningTime` (nil:
    /// now, it plays from where it stands), and it plays if the wall does.
    private func admit(_ player: Player, at runningTime: MediaTime?) {
        if let runningTime, transport == .playing, let base = machine.baseTime {
            joinFrameDue[player.index] = monotonic.now + max(.zero, runningTime - (MediaTime(clock.time) - base))
        } else {
            joinFrameDue[player.index] = nil
        }
        handle(.tileJoined(player.index, runningTime: runningTime))
        noteJoined(player.index)
    }

    /// Where the wall will be `lead` from now (when it plays; where it stands, when it does
    /// not): a position on the media's timeline and the wall's running time then. Read from
    /// the tile with the latest frame on screen; nil when no tile shows one.
    func joinTarget(lead: MediaTime) -> (position: MediaTime, runningTime: MediaTime)? {
        // The reference's frame on the wall's timeline: its own position plus its offset.
        func shown(_ tiles: [Player]) -> [(Player, MediaTime, MediaTime)] {
            tiles.compactMap { tile in
                tile.shownFrame.map { (tile, $0.position + machine.delay(ofTile: tile.index), $0.runningTime + machine.offset(ofTile: tile.index)) }
            }
        }
        // Tiles on the wall's timeline first: a playlist tile's position is within its item,
        // a live stream's its own.
        let onTimeline = shown(active.filter(\.followsWallTimeline))
        let references = onTimeline.isEmpty ? shown(active) : onTimeline
        guard let (_, framePosition, frameRunningTime) = references.max(by: { $0.2 < $1.2 }) else {
            return nil
        }
        var runningTime = frameRunningTime
        if transport == .playing, let base = machine.baseTime { runningTime = max(runningTime, MediaTime(clock.time) - base + lead) }
        var position = framePosition + (runningTime - frameRunningTime) * rate
        // In a group loop the wall may have wrapped by then.
        if isLooping, let length = machine.loopPlan?.groupDuration, length > .zero, position >= length {
            position = position.wrapped(into: length)
        }
        return (position, runningTime)
    }
}
