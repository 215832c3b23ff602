internal import GStreamerKit
import VideoWallCore

/// The watchdog (`WallConfiguration.stallWatch`): looked at with the overload meter,
/// once a second. A tile that shows no new frame while the wall plays, or waits for data far
/// too long, fails with the verdict as its reason (a tile holding its last frame until the
/// group's wrap is not watched meanwhile: `Player.awaitsWrap`, nor one joining the wall); with a recovery policy it is then rebuilt
/// alone and rejoins the wall (`Wall+Recovery`).
extension Wall {
    func watchForStalls(wallPlays: Bool) {
        guard var watch = stallWatch else { return }
        let now = monotonic.now
        for slot in slots {
            guard let player = slot.player, player.state != .failed else {
                watch.forget(tile: slot.index)
                continue
            }
            let frames = player.statistics?.rendered ?? 0
            if let verdict = watch.observe(tile: slot.index, at: now, framesRendered: frames, state: player.state, wallPlays: wallPlays,
                                           waitsByDesign: player.awaitsWrap || isJoining(slot.index, at: now)) {
                player.fail(AssetError(source: player.asset.source, reason: .stalled(verdict.text)))
            }
        }
        stallWatch = watch
    }

    /// Whether the tile is on its way into the group: late (sought ahead, refilling), or
    /// admitted and its first frame not yet due. Its own bounds (the preroll timeout of each
    /// join attempt, then the frame limit from the moment it is due) apply instead.
    private func isJoining(_ index: Int, at now: MediaTime) -> Bool {
        if machine.isLate(index) { return true }
        guard let due = joinFrameDue[index] else { return false }
        if now < due { return true }
        joinFrameDue[index] = nil
        return false
    }
}
