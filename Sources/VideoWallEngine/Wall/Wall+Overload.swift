import Foundation
internal import GStreamerKit
import VideoWallCore

extension Wall {
    /// Whether the machine cannot keep up now, with the slowest tile's figure; nil while it can.
    package var overload: OverloadMeter.Figure? { overloadMeter.overload }

    /// Starts sampling every tile's frame counts once a second. Only seconds of uninterrupted
    /// play count: a pause, a seek or buffering starts the meter's window again.
    func watchForOverload() {
        overloadTimer?.cancel()
        overloadTimer = MainLoop.every(seconds: 1) { [weak self] in
            guard let self else { return false }
            self.sampleOverload()
            return true
        }
    }

    private func sampleOverload() {
        // A seek interrupts play without ending the verdict.
        if machine.isSeeking || transport == .seeking {
            watchForStalls(wallPlays: false)
            return
        }
        // A tick seconds late: the process stood still (see `checkForSuspension`), and the
        // frames late for that say nothing about the machine's speed, nor about a tile's.
        if overloadTicks.tick(at: monotonic.now, interval: .milliseconds(1000)) != nil {
            if overloadMeter.reset() { publish(.overload(nil)) }
            stallWatch?.forgetAll()
            return
        }
        watchForStalls(wallPlays: transport == .playing || transport == .buffering)
        let changed: Bool
        if transport == .playing {
            let counts = slots.map { slot in
                let statistics = slot.player?.statistics
                return OverloadMeter.Counts(shown: statistics?.rendered ?? 0, dropped: statistics?.dropped ?? 0)
            }
            changed = overloadMeter.sample(counts, at: monotonic.now)
            if let tile = overloadMeter.overload?.tile, let player = player(at: tile) {
                let cause = OverloadCause.of(isNetwork: player.asset.isNetwork, lastShort: player.lastShort, now: monotonic.now)
                if cause != overloadMeter.overload?.cause {
                    overloadMeter.name(cause)
                    if !changed { publish(.overload(overloadMeter.overload)) }
                }
            }
        } else {
            changed = overloadMeter.reset()
        }
        if changed { publish(.overload(overloadMeter.overload)) }
        if transport == .playing {
            apply(overloadResponse.update(overloaded: overloadMeter.overload != nil, at: monotonic.now))
        }
    }

    /// Play stops or jumps: every frame is decoded again, so a pause or a seek lands on the
    /// exact frame; if the machine is still overloaded once play resumes, key frames only
    /// come back at the next sample.
    func decodeEveryFrame() {
        apply(overloadResponse.reset())
    }

    private func apply(_ step: OverloadResponse.Step) {
        switch step {
        case .none:
            return
        case .keyFramesOnly:
            for player in active { player.decodesKeyFramesOnly = true }
        case .everyFrame(let trial):
            for player in active { player.decodesKeyFramesOnly = false }
            if trial { overloadMeter.restartWindow() }
        }
    }

    /// The run's overload so far: nil if the machine always kept up.
    package var overloadSummary: OverloadSummary? {
        guard let worst = overloadMeter.worst else { return nil }
        return OverloadSummary(worst: worst, overloadedTime: overloadMeter.overloadedTime.duration)
    }
}

extension OverloadMeter.Figure {
    /// What the window and the console say: "showing 14 of 60 frames per second".
    /// With the slowest tile and what holds it back when known: "this machine cannot keep up
    /// decoding: tile 3 shows 14 of 30 frames per second".
    public var sentence: String {
        let frames = String(format: "%.0f of %.0f frames per second", shownPerSecond, duePerSecond)
        guard let tile else { return "this machine cannot keep up: the slowest tile shows " + frames }
        switch cause {
        case .link?: return "the network cannot keep up: tile \(tile + 1) shows \(frames) (its link is slower than its stream)"
        case .decoding?, nil: return "this machine cannot keep up decoding: tile \(tile + 1) shows \(frames)"
        }
    }
}
