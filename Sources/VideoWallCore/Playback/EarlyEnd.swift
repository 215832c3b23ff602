/// Whether a stream that reached its end stopped well short of the duration its container
/// announced: a file cut off while copying, or a download that broke off. GStreamer reports
/// such a stream as an ordinary end of stream, so the player has to compare.
package enum EarlyEnd {
    /// Endings closer than this to the announced duration are normal: containers round, and
    /// the last frame's start is one frame before the end.
    package static let tolerance = MediaTime.milliseconds(500)

    /// The part of the stream that never came, or nil when it ended where it should.
    /// `frameInterval`: how far apart its last frames were. A stream of one frame a second
    /// (whose caps may say 25) ends a second after its last frame starts, not 40 ms after.
    package static func missing(endedAt position: MediaTime, announced duration: MediaTime, frameInterval: MediaTime? = nil) -> MediaTime? {
        let missing = duration - position
        let allowed = max(tolerance, (frameInterval ?? .zero) * 1.5)
        return missing > allowed ? missing : nil
    }

    /// The warning a user sees, e.g. "ended at 00:00:01.533 of 00:00:03.000: the source may be cut short".
    package static func warning(endedAt position: MediaTime, announced duration: MediaTime) -> String {
        "ended at \(TimeFormatting.precise(position)) of \(TimeFormatting.precise(duration)): the source may be cut short"
    }
}
