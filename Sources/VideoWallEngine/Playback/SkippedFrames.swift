import Foundation
internal import GStreamerKit
import VideoWallCore

/// Frames of one tile dropped before its sink (by the decoder or the converter, acting on
/// quality-of-service events), counted from the gaps between the frames that reached it.
/// Fed on the streaming thread by probes on the sink's pad, read on the main thread.
final class SkippedFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var counter = FrameGapCounter()

    var count: UInt64 {
        lock.lock(); defer { lock.unlock() }
        return UInt64(counter.skipped)
    }

    func arrived(_ buffer: PassingBuffer) {
        guard let start = buffer.presentationTime else { return }
        lock.lock(); defer { lock.unlock() }
        counter.frameArrived(at: MediaTime(start), duration: buffer.duration.map(MediaTime.init))
    }

    /// Whether the stream has an announced hole ahead, or the timestamp of the frame that
    /// ends the last one met.
    var announcedGap: (ahead: Bool, lastEnd: MediaTime?) {
        lock.lock(); defer { lock.unlock() }
        return (counter.awaitsAnnouncedGap, counter.lastAnnouncedGapEnd)
    }

    /// The stream will skip media that does not exist (`FrameGapCounter.gapAnnounced`).
    func gapAnnounced() {
        lock.lock(); defer { lock.unlock() }
        counter.gapAnnounced()
    }

    /// A flush or a new segment: timestamps may jump with nothing lost.
    func segmentStarted() {
        lock.lock(); defer { lock.unlock() }
        counter.segmentStarted()
    }
}
