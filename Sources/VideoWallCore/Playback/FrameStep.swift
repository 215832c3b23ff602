/// Frame arithmetic for stepping. Frames are numbered from 0 at time 0 with a constant frame duration.
package enum FrameMath {
    /// The frame nearest to `time` (so a position a hair before a frame boundary, as pipelines
    /// report after an accurate seek, counts as that frame). A non-positive frame duration gives 0.
    package static func frameIndex(of time: MediaTime, frameDuration: MediaTime) -> Int64 {
        let period = frameDuration.nanoseconds
        guard period > 0 else { return 0 }
        let shifted = time.nanoseconds + period / 2
        // Floor division, so negative times round the same way as positive ones.
        let quotient = shifted / period
        return (shifted % period != 0 && shifted < 0) ? quotient - 1 : quotient
    }

    package static func time(ofFrame frame: Int64, frameDuration: MediaTime) -> MediaTime {
        MediaTime(nanoseconds: frame.multipliedReportingOverflow(by: frameDuration.nanoseconds).partialValue)
    }

    /// The start of the frame `frames` away from the one at `position`, clamped to the first frame
    /// and, when the duration is known, to the last frame that starts before the end.
    package static func steppedTarget(from position: MediaTime, frames: Int, frameDuration: MediaTime,
                                     duration: MediaTime?) -> MediaTime {
        guard frameDuration > .zero else { return max(position, .zero) }
        var frame = frameIndex(of: position, frameDuration: frameDuration) + Int64(frames)
        if let duration, duration > .zero {
            let lastFrame = (duration.nanoseconds - 1) / frameDuration.nanoseconds
            frame = min(frame, lastFrame)
        }
        return time(ofFrame: max(frame, 0), frameDuration: frameDuration)
    }

    /// A frame's start, nudged past timestamp rounding in containers so an accurate seek
    /// lands on that frame and not the one before.
    package static func seekTime(ofFrameStartingAt frameStart: MediaTime, frameDuration: MediaTime) -> MediaTime {
        frameStart + MediaTime(nanoseconds: min(frameDuration.nanoseconds / 4, 1_000_000))
    }
}

/// The rates offered by the faster/slower controls.
package enum PlaybackRate {
    package static let steps: [Double] = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 4]

    /// Rates off the ladder (e.g. 1.1 from a flag) move to the next step, not by a step's width.
    private static let epsilon = 1e-9

    /// The next step above `rate`, or the top step when there is none.
    package static func faster(than rate: Double) -> Double {
        steps.first { $0 > rate + epsilon } ?? steps[steps.count - 1]
    }

    /// The next step below `rate`, or the bottom step when there is none.
    package static func slower(than rate: Double) -> Double {
        steps.last { $0 < rate - epsilon } ?? steps[0]
    }
}
