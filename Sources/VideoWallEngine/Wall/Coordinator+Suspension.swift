import Foundation
import GStreamerKit
import VideoWallCore

extension Coordinator {
    private static let suspensionTick = MediaTime.milliseconds(100)

    /// Watches for the process standing still while the wall plays (`SuspensionDetector`).
    func watchForSuspension() {
        suspensionTimer?.cancel()
        suspensionTimer = MainLoop.every(seconds: Self.suspensionTick.seconds) { [weak self] in
            guard let self else { return false }
            self.checkForSuspension()
            return true
        }
    }

    /// After the process stood still, every frame is late by as long, and the sinks would
    /// drop them all until the decoders caught up: seconds of frozen pictures, with the clock
    /// and the transport bar running on. Instead the wall is re-based at once, to go on from
    /// the frames it had reached, in sync, as after a pause. The main thread alone standing
    /// still (a long call) is told apart by the pictures: the streaming threads went on, so the
    /// frames on screen kept up with the clock, and nothing is done.
    private func checkForSuspension() {
        guard transport == .playing, !seeking, let base = baseTime else { suspension.reset(); return }
        let now = MediaTime(clock.time)
        guard let gap = suspension.tick(at: now, interval: Self.suspensionTick) else { return }
        let reached = active.compactMap { player in player.shownFrameEndRunningTime.map { $0 + player.baseOffset } }.max()
        guard let reached, now - base - reached > suspension.threshold else { return }
        suspendedTime += gap.length
        pauseAll()
        pausedRunningTime = reached
        startAll()
        publish(.warning(String(format: "the process stood still for %.1f s (stopped, a paused machine, or heavy swapping): the wall goes on from where it was", gap.length.seconds)))
    }
}
