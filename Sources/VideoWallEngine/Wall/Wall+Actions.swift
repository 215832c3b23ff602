import Foundation
import VideoWallCore

/// The wall's one command surface: every front-end (keys, the JSON IPC, MPRIS) hands over a
/// `WallAction`, and the rule for each is applied here once. `perform` starts an action and
/// returns at once (a key press: what can be done now is done before it returns); `send`
/// returns when the action is done (a seek has landed, a speed has taken), as a remote
/// client's reply should.
extension Wall {
    /// Starts `action`; whether it could be (false for a speed or volume out of range, or a
    /// percentage seek while the wall's length is not known). Play, pause, mute, loop, volume
    /// and throttled seeks have taken effect when it returns.
    @discardableResult
    public func perform(_ action: WallAction) -> Bool {
        if let answer = whileStandingBy(action) { return answer }
        switch action {
        case .play: play()
        case .pause: pause()
        case .togglePause: togglePlayPause()
        case .seek(let intent) where intent.throttled:
            guard let target = intent.resolved(position: position ?? .zero, duration: duration) else { return false }
            requestSeek(to: target, precision: intent.effectivePrecision)
        case .setLooping(let on): setLooping(on)
        case .toggleLooping: setLooping(!isLooping)
        case .setMuted(let muted): setMuted(muted)
        case .toggleMute: setMuted(!isMuted)
        case .setVolume(let level):
            guard WallAction.volumes.contains(level) else { return false }
            setVolume(level)
        case .setAudible(let tile): setAudible(tile: tile)
        case .setTileSound(let tile, let level, let muted):
            if let level, !WallAction.volumes.contains(level) { return false }
            guard slots.indices.contains(tile), slots[tile].player != nil else { return false }
            if let level { setVolume(level, ofTile: tile) }
            if let muted { setMuted(muted, tile: tile) }
        case .beginScrub:
            // A second grab (GDK follows a quick second press with a double-press of its own)
            // keeps what the first remembered: the wall it paused would not play again.
            guard scrubResumes == nil else { return true }
            scrubResumes = intendsToPlay
            pause()
        case .endScrub:
            finishSeeking(thenPlay: scrubResumes ?? false)
            scrubResumes = nil
        case .setOffset(let tile, _), .shiftOffset(let tile, _):
            guard slots.indices.contains(tile) else { return false }
            Task { await send(action) }
        case .seek(let intent):
            guard intent.resolved(position: position ?? .zero, duration: duration) != nil else { return false }
            Task { await send(action) }
        case .setRate(let rate):
            guard WallAction.rates.contains(rate) else { return false }
            Task { await send(action) }
        case .step, .slower, .faster, .cycleABLoop, .setABLoop:
            Task { await send(action) }
        }
        return true
    }

    /// Applies `action` and returns when it is done; whether it could be (as `perform`).
    @discardableResult
    public func send(_ action: WallAction) async -> Bool {
        if let answer = whileStandingBy(action) { return answer }
        switch action {
        case .seek(let intent) where !intent.throttled:
            guard let target = intent.resolved(position: position ?? .zero, duration: duration) else { return false }
            await seek(to: target, precision: intent.effectivePrecision)
        case .step(let frames): await step(frames: frames)
        case .setRate(let rate):
            guard WallAction.rates.contains(rate) else { return false }
            await setRate(rate)
        case .slower: await setRate(PlaybackRate.slower(than: rate))
        case .faster: await setRate(PlaybackRate.faster(than: rate))
        case .pause:
            // Paused, the tiles are brought onto one frame (a seek that keeps the place): the
            // pause is done when they are, so a client's next read of the position holds.
            pause()
            await pauseAlignment?.value
            await whenSeeksEnd()
        case .cycleABLoop: await cycleABLoop()
        case .setABLoop(let a, let b): await setABLoop(a: a, b: b)
        case .setOffset(let tile, let offset):
            guard slots.indices.contains(tile) else { return false }
            return await setOffset(offset.resolved(frameDuration: frameDuration(ofTile: tile)), ofTile: tile)
        case .shiftOffset(let tile, let change):
            guard slots.indices.contains(tile) else { return false }
            return await setOffset(offset(ofTile: tile) + change.resolved(frameDuration: frameDuration(ofTile: tile)), ofTile: tile)
        case .play, .togglePause, .seek, .setLooping, .toggleLooping, .setMuted, .toggleMute, .setVolume,
             .setAudible, .setTileSound, .beginScrub, .endScrub:
            return perform(action)
        }
        return true
    }
}
