/// Base-time arithmetic for running several pipelines off one clock.
///
/// GStreamer's running time is `clock time - base time`. Giving every pipeline the same clock and
/// base time makes their frames with equal running time appear at the same instant.
package enum SyncMath {
    /// The base time that makes playback continue where it paused: running time must equal
    /// `pausedRunningTime` now, so base = now - running.
    package static func resumeBaseTime(clockNow: MediaTime, pausedRunningTime: MediaTime) -> MediaTime {
        clockNow - pausedRunningTime
    }

    /// A base time slightly in the future, so every pipeline has been handed it and set to PLAYING
    /// before running time 0 arrives; without the margin the first tiles would start early.
    package static func startBaseTime(clockNow: MediaTime, margin: MediaTime) -> MediaTime {
        clockNow + max(margin, .zero)
    }

    /// The running time at `clockNow` for a pipeline with `baseTime` (negative before the start).
    package static func runningTime(clockNow: MediaTime, baseTime: MediaTime) -> MediaTime {
        clockNow - baseTime
    }
}
