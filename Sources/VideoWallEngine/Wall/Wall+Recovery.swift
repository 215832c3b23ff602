import Foundation
internal import GStreamerKit
import VideoWallCore

/// Tiles that recover. A network tile that fails for a reason that may pass (the server went
/// away, a connection reset, a timeout), or any tile the watchdog found stalled, opens its source again after a pause that grows
/// (`RecoveryPolicy`), and when it is ready it joins the wall where the wall is, like a late
/// tile: sought ahead of the wall and started on the wall's clock, with no pause of the others.
extension Wall {
    /// The tile failed: try again later if the policy and the reason allow. A hardware
    /// decoder that failed is put out of reach (its rank to none, for every tile from now on)
    /// and the tile opens again at once, decoded in software, whatever `--retry` says: the
    /// GPU's trouble is not the source's.
    func tileFailedMayRecover(_ index: Int) {
        if fallBackToSoftware(index) { return }
        guard !isStopping, configuration.recovery.attempts != 0, slots.indices.contains(index),
              let player = slots[index].player, player.state == .failed, let failure = player.failure,
              failure.mayPass, player.asset.isNetwork || failure.isStall else { return }
        let attempt = (recoveryAttempts[index] ?? 0) + 1
        guard let delay = configuration.recovery.delay(beforeAttempt: attempt) else {
            publish(.tileRecovery(index, .gaveUp(attempts: attempt - 1)))
            return
        }
        recoveryAttempts[index] = attempt
        publish(.tileRecovery(index, .retrying(attempt: attempt, after: delay, reason: failure)))
        recoveryTimers[index] = MainLoop.after(seconds: delay.inSeconds) { [weak self] in
            Task { await self?.retry(index) }
        }
    }

    private func fallBackToSoftware(_ index: Int) -> Bool {
        guard !isStopping, slots.indices.contains(index), let player = slots[index].player, player.state == .failed,
              let decoder = player.failedHardwareDecoder, !decodersPutOutOfReach.contains(decoder) else { return false }
        decodersPutOutOfReach.insert(decoder)
        GStreamer.setRank(HardwareDecoding.rankNone, ofFeature: decoder)
        let why = player.failure?.reasonText ?? "an error"
        player.warn("the hardware decoder \(decoder) failed (\(why)): the tile plays in software, as every tile will from now on")
        Task { await retry(index) }
        return true
    }

    /// Opens the tile's source again; the transport brings it in once it prerolled.
    private func retry(_ index: Int) async {
        recoveryTimers[index] = nil
        guard !isStopping, slots.indices.contains(index), let player = slots[index].player, player.revive() else { return }
        handle(.tileRetrying(index))
        // A failure of this preroll comes back through the player's failed event, and the next
        // attempt is planned from there.
        let ok = await player.preroll(timeout: prerollSeconds)
        guard ok, !isStopping else { return }
        prerollFinished(player, ok: true)
    }

    /// A late tile joined: if it was recovering, it has recovered once it shows a frame (a
    /// join whose data then does not come is not "playing again"; failing meanwhile, it goes
    /// on counting its attempts).
    func noteJoined(_ index: Int) {
        guard let attempts = recoveryAttempts[index], let player = player(at: index) else { return }
        player.whenNextFrameArrives { [weak self] in
            guard let self, self.recoveryAttempts[index] == attempts else { return }
            self.recoveryAttempts[index] = nil
            self.recoveredCounts[index, default: 0] += 1
            self.publish(.tileRecovery(index, .recovered(attempts: attempts)))
        }
    }

    /// Stops every planned attempt (the wall closes or loads other sources).
    func cancelRecoveries() {
        recoveryTimers.values.forEach { $0.cancel() }
        recoveryTimers.removeAll()
        recoveryAttempts.removeAll()
    }
}

extension AssetError {
    /// Whether the cause may go away by itself, so trying again makes sense: a network error,
    /// a stream that broke, a timeout. Not a refused fetch, a missing plugin, a picture too
    /// large or a source that is not media.
    var mayPass: Bool {
        switch reason {
        case .network, .playbackFailed, .timedOut, .stalled: return true
        default: return false
        }
    }

    /// The watchdog's verdict: a local tile is rebuilt for it too.
    var isStall: Bool { if case .stalled = reason { true } else { false } }
}
