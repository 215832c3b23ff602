import Foundation
import GStreamerKit
import VideoWallCore

/// The frames one tile has received and not yet left behind, handed from the streaming thread
/// to the window, which picks one per frame-clock tick (`CommonFrameChoice`) and paints it.
///
/// A tile keeps frames newer than the one on screen, so that when another tile is late the
/// wall can show an instant every tile has. Each frame is kept with the shared-clock span in
/// which it is due (base time plus running time, and its duration).
final class FrameQueue: @unchecked Sendable {
    struct Entry {
        let sample: Sample
        /// Nil for a frame with no time on the shared clock (no timestamp, no base time yet).
        let span: CommonFrameChoice.Frame?
    }

    /// Frames kept at most. Only a machine that cannot keep up fills it (the others are held
    /// back to the slowest tile): a few seconds of frames at the tile's on-screen size.
    private static let capacity = 60
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var shown: Sample?
    private var shownIsNew = false

    /// Streaming thread: a frame reached the sink at its time (or as a paused preroll). A frame
    /// due no later than the newest one kept starts the queue again: a seek, a new base time.
    func store(_ sample: Sample, baseTime: ClockTime?) {
        var span: CommonFrameChoice.Frame?
        if let base = baseTime, let running = sample.runningTime {
            span = CommonFrameChoice.Frame(due: MediaTime(base) + MediaTime(running),
                                           duration: sample.duration.map(MediaTime.init) ?? .zero)
        }
        lock.lock(); defer { lock.unlock() }
        if let span, let newest = entries.last?.span, span.due > newest.due {
            entries.append(Entry(sample: sample, span: span))
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        } else {
            entries = [Entry(sample: sample, span: span)]
        }
    }

    /// The spans of the frames waiting, oldest first; nil when a frame has no span or none waits.
    var spans: [CommonFrameChoice.Frame]? {
        lock.lock(); defer { lock.unlock() }
        guard !entries.isEmpty else { return nil }
        let spans = entries.compactMap(\.span)
        return spans.count == entries.count ? spans : nil
    }

    /// Shows the frame at `index` of `spans` (read under the same tick); older frames can no
    /// longer be chosen and go.
    func show(index: Int) {
        lock.lock(); defer { lock.unlock() }
        guard entries.indices.contains(index) else { return }
        setShown(entries[index].sample)
        entries.removeFirst(index)
    }

    /// Shows the newest frame (a paused wall, a tile playing alone or holding its end).
    func showNewest() {
        lock.lock(); defer { lock.unlock() }
        guard let newest = entries.last else { return }
        setShown(newest.sample)
        entries.removeFirst(entries.count - 1)
    }

    private func setShown(_ sample: Sample) {
        if sample !== shown { shown = sample; shownIsNew = true }
    }

    /// The frame to paint.
    var current: Sample? {
        lock.lock(); defer { lock.unlock() }
        return shown
    }

    /// Whether the frame to paint changed since the last call.
    func takeChange() -> Bool {
        lock.lock(); defer { lock.unlock() }
        defer { shownIsNew = false }
        return shownIsNew
    }

    func clear() {
        lock.lock(); entries.removeAll(); shown = nil; lock.unlock()
    }
}
