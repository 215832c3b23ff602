import Foundation
import GStreamerKit
import VideoWallCore

/// What the coordinator does with what the tiles report: ends, loops, buffering, a lost clock.
extension Coordinator {

    func observe(_ player: Player, _ message: BusMessage) {
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
            // A tile the wall was waiting for may be the one that failed: let the rest go on.
            handleBuffering()
            checkEnded()
        default:
            break
        }
    }

    func reachedEnd(_ player: Player) {
        // In a group loop every tile that ends is re-armed for the next wrap: a shorter tile as
        // planned, and a tile planned as gapless that missed its requeue (a clip read whole
        // while it prerolled, before the plan armed it); from then on it loops gaplessly.
        if let plan = loopPlan, player.endOfStreamPolicy != .loop, active.contains(where: { $0 === player }) {
            Task { await rearm(player, plan: plan) }
            return
        }
        if player.loopsAtEnd {
            Task { await restartOwnLoop(player) }
            return
        }
        if player.endOfStreamPolicy == .stop { player.setPipelineState(.ready) }
        checkEnded()
    }

    func checkEnded() {
        let players = active
        if !players.isEmpty, players.allSatisfy({ $0.state == .ended }), transport == .playing {
            pauseAll()
            setTransport(.ended)
        } else if players.isEmpty, !slots.isEmpty, lateTiles.isEmpty {
            setTransport(.ended)
        }
    }

    /// A shorter tile in a group loop holds its last frame, then starts again exactly when the
    /// longest tile wraps: it is prerolled at 0 and given a base time shifted to that wrap.
    func rearm(_ player: Player, plan: LoopPlan) async {
        guard transport == .playing, let base = baseTime, let groupDuration = plan.groupDuration,
              groupDuration > .zero else { return }
        let running = MediaTime(clock.time) - base
        let loop = Int64(running.nanoseconds / groupDuration.nanoseconds) + 1
        guard let wrap = plan.wrapRunningTime(loop: Int(loop)) else { return }
        // It holds the frame it ended on until the wrap, though its sink has the first frame
        // of the next pass from the preroll on.
        let held = player.position
        player.setPipelineState(.paused)
        let count = player.asyncDoneCount
        player.seek(rate: rate, flags: [.flush, .accurate], start: .zero)
        guard await player.waitForAsyncDone(after: count, timeout: configuration.prerollTimeout),
              transport == .playing, let currentBase = baseTime else { return }
        player.baseOffset = wrap
        player.pipeline.setBaseTime((currentBase + wrap).clockTime)
        player.apply(.restarted)
        player.setPipelineState(.playing)
        player.awaitWrap(holding: held)
    }

    /// A tile that loops on its own reached its end without going round (it was not in segment
    /// mode yet, or its source could not loop gaplessly): it starts again from 0 at once, on a
    /// base time shifted to now. Only this tile moves; the others play on.
    func restartOwnLoop(_ player: Player) async {
        guard transport == .playing else { return }
        player.setPipelineState(.paused)
        let count = player.asyncDoneCount
        player.seek(rate: rate, flags: [.flush, .accurate], start: .zero)
        guard await player.waitForAsyncDone(after: count, timeout: configuration.prerollTimeout),
              transport == .playing, let currentBase = baseTime else { return }
        let offset = MediaTime(clock.time) + configuration.startMargin - currentBase
        player.baseOffset = offset
        player.pipeline.setBaseTime((currentBase + offset).clockTime)
        player.apply(.restarted)
        player.countLoop()
        player.setPipelineState(.playing)
    }

    /// A network tile that runs dry holds the whole group until every tile has enough.
    func handleBuffering() {
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
