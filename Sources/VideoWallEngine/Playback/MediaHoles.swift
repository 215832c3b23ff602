import Foundation
internal import GStreamerKit
import VideoWallCore

/// Holes in one tile's media (segments its source skipped), told from the frames that reach
/// its sink (`MediaHoleTracker`). Fed on the streaming thread by a probe on the sink's pad and
/// by the fetcher, read on the main thread.
final class MediaHoles: @unchecked Sendable {
    private let lock = NSLock()
    private var tracker = MediaHoleTracker()

    func arrived(_ buffer: PassingBuffer) {
        guard let start = buffer.presentationTime else { return }
        lock.lock(); defer { lock.unlock() }
        tracker.frameArrived(at: MediaTime(start), duration: buffer.duration.map(MediaTime.init))
    }

    /// Whether the stream has an announced hole ahead, or the timestamp of the frame that
    /// ends the last one met.
    var state: (ahead: Bool, lastEnd: MediaTime?) {
        lock.lock(); defer { lock.unlock() }
        return (tracker.awaitsAnnouncedHole, tracker.lastHoleEnd)
    }

    /// The stream will skip media that does not exist (`MediaHoleTracker.holeAnnounced`).
    func announced() {
        lock.lock(); defer { lock.unlock() }
        tracker.holeAnnounced()
    }

    /// A flush or a new segment: timestamps may jump with nothing missing.
    func segmentStarted() {
        lock.lock(); defer { lock.unlock() }
        tracker.segmentStarted()
    }
}
