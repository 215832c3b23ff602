import Foundation
internal import GStreamerKit
import VideoWallCore

/// Group seeks, speed changes and frame steps, and seeks while dragging. How a group seek runs
/// (pause, settle, key-frame leader, followers, new base time) is `WallTransport`'s.
extension Wall {
    /// Seeks every tile now (not throttled) and waits until all show the target.
    package func seek(to target: MediaTime, precision: SeekPrecision = .accurate) async {
        await perform(SeekRequest(target: target, precision: precision, rate: nil))
    }

    /// Changes the speed of every tile together (a flushing seek at the current position).
    package func setRate(_ newRate: Double) async {
        guard newRate > 0 else { return }
        await perform(SeekRequest(target: position ?? .zero, precision: .accurate, rate: newRate))
        publish(.changed(snapshot))
    }

    /// Steps every tile `frames` frames (negative: back) and leaves the wall paused there.
    package func step(frames: Int) async {
        await whenDescribed()
        guard let frameDuration = active.compactMap({ $0.asset.video?.frameDuration }).min() else { return }
        if transport == .playing { pause() }
        let target = FrameMath.steppedTarget(from: position ?? .zero, frames: frames,
                                             frameDuration: frameDuration, duration: duration)
        await perform(SeekRequest(target: Self.frameSeekTime(target, frameDuration: frameDuration), precision: .accurate, rate: nil))
    }

    /// A frame's start, nudged past timestamp rounding in containers so an accurate seek
    /// lands on that frame and not the one before.
    package static func frameSeekTime(_ frameStart: MediaTime, frameDuration: MediaTime) -> MediaTime {
        FrameMath.seekTime(ofFrameStartingAt: frameStart, frameDuration: frameDuration)
    }

    /// A seek while the user drags: at most one per `seekInterval`, the last request wins; a
    /// request made before the tiles can seek runs as soon as they can.
    package func requestSeek(to target: MediaTime, precision: SeekPrecision = .accurate) {
        handle(.requestSeek(SeekRequest(target: target, precision: precision, rate: nil)))
    }

    /// The drag ended: the held request (if any) runs now, and with `thenPlay` the wall plays
    /// again. Asked for here, at once, rather than after waiting for the seek to finish: a
    /// seek in flight keeps the play it is given meanwhile.
    package func finishSeeking(thenPlay: Bool = false) {
        handle(.finishSeeking(thenPlay: thenPlay))
    }

    /// One group seek, and the wait until no seek runs. While another runs (or the wall
    /// loads) it is held and goes when the tiles can seek again.
    func perform(_ request: SeekRequest) async {
        handle(.seek(request))
        await whenSeeksEnd()
    }
}
