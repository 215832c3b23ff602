import Foundation
import VideoWallCore

/// The wall while its screens are off (a layout's `power:` schedule): paused, every tile's
/// pipeline stopped so its decoder and frames are let go, and back in sync when the screens
/// come on again.
extension Wall {
    /// Whether the wall stands by (`standBy`), until `wake`.
    package var isStandingBy: Bool { players.contains { $0.isStandingBy } }

    /// Pauses the wall where it is and stops every tile's pipeline (NULL). Returns once all
    /// have stopped. The wall says where it stood until it wakes.
    package func standBy() async {
        guard !isStopping, !isStandingBy else { return }
        playsOnWaking = intendsToPlay
        // Paused with every tile brought onto one frame (what `send(.pause)` waits for), so the
        // picture left on screen, and the place it wakes at, is one instant.
        await send(.pause)
        standingByPosition = position
        for player in players { await player.standBy() }
    }

    /// Opens every tile again where the wall stood (a playlist tile on the item it showed), each
    /// joining the paused wall as a replaced tile does, all at once; then plays, every tile on
    /// one base time, if the wall was playing when it stood by. A tile that cannot open again
    /// fails as it would have at load (and recovers by the wall's rules); the others play.
    package func wake() async {
        guard !isStopping, isStandingBy else { return }
        var opening: [Task<Void, Never>] = []
        for index in slots.indices {
            guard let player = slots[index].player, player.isStandingBy else { continue }
            opening.append(Task { @MainActor in await self.reopen(tile: index, player: player) })
        }
        for task in opening { await task.value }
        // The tiles opened together with no tile left playing to join: the wall goes back to
        // where it stood, every tile on that frame, before it plays.
        let stood = standingByPosition
        standingByPosition = nil
        if let stood, !isStopping, !active.isEmpty {
            await send(.seek(SeekIntent(target: stood.seconds, reference: .absolute, precision: .accurate)))
        }
        if playsOnWaking, !isStopping { perform(.play) }
    }

    /// An action asked for while the wall stands by (its screens off): play and pause say what
    /// it does when it wakes; moving it (a seek, a step, a speed, a scrub, an A-B loop) is
    /// refused, its pipelines being stopped; the rest (sound, looping, offsets) applies as
    /// always. Nil: not standing by, or an action that applies as always.
    func whileStandingBy(_ action: WallAction) -> Bool? {
        guard isStandingBy else { return nil }
        switch action {
        case .play: playsOnWaking = true
        case .pause: playsOnWaking = false
        case .togglePause: playsOnWaking.toggle()
        case .seek, .step, .setRate, .slower, .faster, .beginScrub, .endScrub, .cycleABLoop, .setABLoop: return false
        default: return nil
        }
        return true
    }

    /// Opens tile `index` again after standing by: its source, or its playlist's item.
    private func reopen(tile index: Int, player: Player) async {
        let item = player.playlist.flatMap { sequence in sequence.entry(at: player.currentItem?.index ?? 0) }
        do throws(AssetError) {
            try await open(item?.entry.uri ?? slots[index].source, inTile: index, item: item)
        } catch {
            guard slots.indices.contains(index), slots[index].player === player else { return }
            publish(.tile(index, .failed(error)))
            handle(.tileFailed(index))
            tileFailedMayRecover(index)
        }
    }
}
