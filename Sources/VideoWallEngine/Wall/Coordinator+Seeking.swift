import Foundation
import GStreamerKit
import VideoWallCore

/// Group seeks, speed changes and frame steps, and the throttle for seeks while dragging.
extension Coordinator {
    /// Seeks every tile now (not throttled) and waits until all show the target.
    public func seek(to target: MediaTime, precision: SeekPrecision = .accurate) async {
        await perform(SeekRequest(target: target, precision: precision, rate: nil))
    }

    /// Changes the speed of every tile together (a flushing seek at the current position).
    public func setRate(_ newRate: Double) async {
        guard newRate > 0 else { return }
        await perform(SeekRequest(target: position ?? .zero, precision: .accurate, rate: newRate))
    }

    /// Steps every tile `frames` frames (negative: back) and leaves the wall paused there.
    public func step(frames: Int) async {
        await whenDescribed()
        guard let frameDuration = active.compactMap({ $0.asset.video?.frameDuration }).min() else { return }
        if transport == .playing { pause() }
        let target = FrameMath.steppedTarget(from: position ?? .zero, frames: frames,
                                             frameDuration: frameDuration, duration: duration)
        await perform(SeekRequest(target: Self.frameSeekTime(target, frameDuration: frameDuration), precision: .accurate, rate: nil))
    }

    /// A frame's start, nudged past timestamp rounding in containers so an accurate seek
    /// lands on that frame and not the one before.
    public static func frameSeekTime(_ frameStart: MediaTime, frameDuration: MediaTime) -> MediaTime {
        frameStart + MediaTime(nanoseconds: min(frameDuration.nanoseconds / 4, 1_000_000))
    }

    /// A seek while the user drags: at most one per `seekInterval`, the last request wins; a
    /// request made before the tiles can seek runs as soon as they can.
    public func requestSeek(to target: MediaTime, precision: SeekPrecision = .accurate) {
        let request = SeekRequest(target: target, precision: precision, rate: nil)
        if let now = throttle.submit(request, at: monotonic.now) {
            Task { await perform(now) }
        } else {
            armThrottleTimer()
        }
    }

    /// The drag ended: the held request (if any) runs now, and with `thenPlay` the wall plays
    /// again. Asked for here, at once, rather than after waiting for the seek to finish: a
    /// seek in flight, or one queued a moment ago, keeps the play it sees when it starts.
    public func finishSeeking(thenPlay: Bool = false) {
        throttleTimer?.cancel()
        if let held = throttle.flush(at: monotonic.now) { Task { await perform(held) } }
        if thenPlay { play() }
    }

    func armThrottleTimer() {
        throttleTimer?.cancel()
        guard let deadline = throttle.nextDeadline else { return }
        let wait = max(0, (deadline - monotonic.now).seconds)
        throttleTimer = MainLoop.after(seconds: wait) { [weak self] in
            guard let self else { return }
            if let due = self.throttle.fire(at: self.monotonic.now) { Task { await self.perform(due) } } else { self.armThrottleTimer() }
        }
    }

    /// One group seek: pause, flushing seek on every tile, wait for every preroll, then start
    /// all on a new base time. After a flush every tile's running time restarts at 0, so one
    /// base time puts them on the same frame. A tile whose source cannot seek is left out with
    /// a warning and plays on from where it was.
    func perform(_ request: SeekRequest) async {
        guard transport != .loading else { _ = throttle.submit(request, at: monotonic.now); return }
        guard !seeking else { _ = throttle.submit(request, at: monotonic.now); armThrottleTimer(); return }
        _ = throttle.setCanSeek(false, at: monotonic.now)
        let forward = request.target > (position ?? .zero)
        seeking = true
        lastSeekTarget = request.target
        playsAfterSeek = transport == .playing || (transport == .buffering && resumeAfterBuffering)
        if transport == .playing || transport == .buffering { pauseAll() }
        setTransport(.seeking)
        for player in active { await player.pauseAndSettle(timeout: configuration.prerollTimeout) }
        if let newRate = request.rate { rate = newRate }

        let players = active.filter(\.asset.isSeekable)
        let refused = active.filter { !$0.asset.isSeekable }
        for player in players { await player.settle() }  // a stop to READY still on its way
        for player in players where player.pipeline.currentState.current.rawValue < ElementState.paused.rawValue {
            _ = await player.preroll(timeout: configuration.prerollTimeout)  // a stopped tile comes back
        }
        // A key-frame seek lands each tile on its own key frame, and clips with different
        // key-frame spacing would land seconds apart. So the longest tile goes to its key frame
        // (the one after the target when seeking forward, as mpv does, so `→` never goes back),
        // and every other tile is brought accurately to the time it landed on.
        var target = request.target
        var followers = players
        if request.precision == .keyFrame, let leader = players.max(by: { ($0.asset.duration ?? .zero) < ($1.asset.duration ?? .zero) }) {
            let count = leader.asyncDoneCount
            let frame = leader.asset.video?.frameDuration ?? .milliseconds(40)
            // Half a frame of slack, so a key frame whose timestamp rounds just below the
            // target still counts as "at or after" it.
            let start = forward ? target - frame * 0.5 : target
            leader.seek(rate: rate, flags: [.flush, .keyUnit, forward ? .snapAfter : .snapBefore], start: clampedTarget(start, for: leader))
            let done = await leader.waitForAsyncDone(after: count, timeout: configuration.prerollTimeout)
            if done, let landed = leader.position {
                target = Self.frameSeekTime(landed, frameDuration: frame)
                lastSeekTarget = landed
            }
            followers.removeAll { $0 === leader }
        }
        var counts: [Int] = []
        for player in followers {
            counts.append(player.asyncDoneCount)
            player.seek(rate: rate, flags: [.flush, .accurate], start: clampedTarget(target, for: player))
        }
        for (player, count) in zip(followers, counts) {
            _ = await player.waitForAsyncDone(after: count, timeout: configuration.prerollTimeout)
        }
        for player in players {
            player.baseOffset = .zero
            if player.state == .ended { player.apply(.restarted) }
        }
        // The refused tiles were not flushed: their running time goes on from where they
        // paused, while the group's restarts at 0, so their base time moves back by as much.
        for player in refused {
            player.baseOffset = player.baseOffset - pausedRunningTime
            if let reason = player.asset.seekRefusal { player.warn("\(reason); the tile plays on") }
        }
        pausedRunningTime = .zero
        seeking = false
        lastSeekTarget = nil
        setTransport(.paused)
        if playsAfterSeek { startAll() }
        if let held = throttle.setCanSeek(true, at: monotonic.now) { await perform(held) } else { armThrottleTimer() }
    }

    /// A shorter tile asked for a time past its end shows its last frame.
    func clampedTarget(_ target: MediaTime, for player: Player) -> MediaTime {
        guard let duration = player.asset.duration else { return target }
        let frame = player.asset.video?.frameDuration ?? .milliseconds(40)
        let last = duration - frame
        return target > last ? (last < .zero ? .zero : last) : target
    }
}
