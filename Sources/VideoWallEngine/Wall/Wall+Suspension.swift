import Foundation
internal import GStreamerKit
import VideoWallCore

extension Wall {
    /// Watches for the process standing still while the wall plays: the transport is ticked
    /// with how far the tiles' pictures have got (`WallTransport.suspensionTick`).
    func watchForSuspension() {
        suspensionTimer?.cancel()
        suspensionTimer = MainLoop.every(seconds: machine.configuration.suspensionTickInterval.seconds) { [weak self] in
            guard let self else { return false }
            self.handle(.suspensionTick(reached: self.transport == .playing ? self.reachedRunningTime : nil))
            return true
        }
    }

    /// Where the latest frame on screen ends, on the wall's running time: how far the tiles'
    /// pictures have got, whatever the clock says.
    private var reachedRunningTime: MediaTime? {
        active.compactMap { player in player.shownFrameEndRunningTime.map { $0 + machine.offset(ofTile: player.index) } }.max()
    }
}
