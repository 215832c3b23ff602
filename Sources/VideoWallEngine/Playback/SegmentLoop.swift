import Foundation
internal import GStreamerKit
import VideoWallCore

/// Gapless looping of local media by segment seeks, shared between the player (main thread)
/// and the demuxer's streaming thread.
///
/// playbin's own gapless switch (`about-to-finish` with the same URI) deadlocks in GStreamer
/// 1.22 as soon as the media has sound as well as video: the new group's pads wait for a
/// stream lock held by the other stream's thread, and the tile (and any call into playbin)
/// hangs for ever. A looping local tile instead plays a SEGMENT seek and answers each
/// SEGMENT_DONE with a non-flushing segment seek to the start; probes on the demuxer's source
/// pads give each pass's segments one base (`SegmentLoopTimeline`), so no frame is lost and
/// sound and picture stay together. Network sources, which cannot seek without flushing, keep
/// playbin's switch.
final class SegmentLoop: @unchecked Sendable {
    private let lock = NSLock()
    private var timeline = SegmentLoopTimeline()
    private var probes: [PadProbe] = []
    private var connections: [SignalConnection] = []

    /// Watches a demuxer playbin created: each of its streams is timed from now on.
    func watch(demuxer: Element) {
        let connection = demuxer.onPadAdded { [weak self] pad in
            guard let self else { return }
            let stream = pad.identity
            let probe = pad.rebasingSegments { [weak self] item in self?.pass(item, stream: stream).map(\.clockTime) }
            self.lock.lock(); self.probes.append(probe); self.lock.unlock()
        }
        lock.lock(); connections.append(connection); lock.unlock()
    }

    private func pass(_ item: Pad.StreamItem, stream: UInt) -> MediaTime? {
        lock.lock(); defer { lock.unlock() }
        switch item {
        case .flush:
            timeline.flushed()
        case .segment(let segment):
            return timeline.segment(stream: stream, start: MediaTime(segment.start), base: MediaTime(segment.base), rate: segment.rate,
                                    stop: segment.stop.map(MediaTime.init))
        case .buffer(let buffer):
            if let pts = buffer.presentationTime {
                timeline.buffer(stream: stream, presentationTime: MediaTime(pts), duration: buffer.duration.map(MediaTime.init))
            }
        }
        return nil
    }

    /// Where a pass ends at the earliest, on the stream's timeline
    /// (`SegmentLoopTimeline.earliestPassEnd`), from the pass under way on.
    func holdEachPass(until end: MediaTime?) {
        lock.lock(); defer { lock.unlock() }
        timeline.earliestPassEnd = end
    }

    /// Removes the probes (the player is shutting down).
    func stop() {
        lock.lock()
        let removed = probes, disconnected = connections
        probes = []
        connections = []
        lock.unlock()
        removed.forEach { $0.remove() }
        disconnected.forEach { $0.disconnect() }
    }
}
