import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallPresentation

/// The frames one tile has received and not yet left behind, handed from the streaming thread
/// to the window, which picks one per frame-clock tick (`CommonFrameChoice`) and paints it.
///
/// A tile keeps frames newer than the one on screen, so that when another tile is late the
/// wall can show an instant every tile has. Each frame is kept with its running time and
/// duration; with the sink's base time they give the span of the shared clock it is due in.
final class FrameQueue: @unchecked Sendable {
    struct Entry {
        let sample: Sample
        /// When it is due on the tile's running time, and for how long; nil for a frame with no
        /// time (no timestamp, a segment not in time).
        let running: MediaTime?
        let duration: MediaTime
        /// The format of the source picture it was scaled from.
        let format: MediaFormat?
    }

    /// Frames kept at most. Only a machine that cannot keep up fills it (the others are held
    /// back to the slowest tile): a few seconds of frames at the tile's on-screen size.
    private static let capacity = 60
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var shown: Sample?
    private var shownIsNew = false
    /// The source format frames arriving now were scaled from (set by `formatArrived`).
    private var arrivingFormat: MediaFormat?
    /// The source format of the frame on screen, and whether it changed since it was last read.
    private var shownFormat: MediaFormat?
    private var shownFormatIsNew = false

    /// Streaming thread: the source announced a new format; the frames after it (on the same
    /// thread, so in order) were scaled from it.
    func formatArrived(_ format: MediaFormat) {
        lock.lock(); arrivingFormat = format; lock.unlock()
    }

    /// Streaming thread: a frame reached the sink at its time (or as a paused preroll). A frame
    /// due no later than the newest one kept starts the queue again: a seek, a loop's restart.
    func store(_ sample: Sample) {
        lock.lock(); defer { lock.unlock() }
        let entry = Entry(sample: sample, running: sample.runningTime.map(MediaTime.init),
                          duration: sample.duration.map(MediaTime.init) ?? .zero, format: arrivingFormat)
        if let running = entry.running, let newest = entries.last?.running, running > newest {
            entries.append(entry)
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        } else {
            entries = [entry]
        }
    }

    /// The spans on the shared clock of the frames waiting, oldest first, with the sink's base
    /// time now: read at each tick rather than when a frame arrived, because a frame prerolled
    /// while paused (a seek, a tile re-armed for the next wrap) gets its base time only when
    /// the wall plays. Nil when a frame has no time or none waits.
    func spans(baseTime: MediaTime) -> [CommonFrameChoice.Frame]? {
        lock.lock(); defer { lock.unlock() }
        guard !entries.isEmpty else { return nil }
        let spans = entries.compactMap { entry in entry.running.map { CommonFrameChoice.Frame(due: baseTime + $0, duration: entry.duration) } }
        return spans.count == entries.count ? spans : nil
    }

    /// Shows the frame at `index` of `spans` (read under the same tick); older frames can no
    /// longer be chosen and go.
    func show(index: Int) {
        lock.lock(); defer { lock.unlock() }
        guard entries.indices.contains(index) else { return }
        setShown(entries[index])
        entries.removeFirst(index)
    }

    /// Shows the newest frame (a paused wall, a tile playing alone or holding its end).
    func showNewest() {
        lock.lock(); defer { lock.unlock() }
        guard let newest = entries.last else { return }
        setShown(newest)
        entries.removeFirst(entries.count - 1)
    }

    private func setShown(_ entry: Entry) {
        guard entry.sample !== shown else { return }
        shown = entry.sample
        shownIsNew = true
        if let format = entry.format, format != shownFormat {
            shownFormat = format
            shownFormatIsNew = true
        }
    }

    /// The format of the source as it arrives now (before any crop), nil before the first.
    var sourceFormat: MediaFormat? {
        lock.lock(); defer { lock.unlock() }
        return arrivingFormat
    }

    /// The source format of the frame to paint, when it changed since the last call: the
    /// tile is fitted to the picture it shows, at the moment it shows it.
    func takeFormatChange() -> MediaFormat? {
        lock.lock(); defer { lock.unlock() }
        defer { shownFormatIsNew = false }
        return shownFormatIsNew ? shownFormat : nil
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
        lock.lock(); entries.removeAll(); shown = nil; shownFormat = nil; lock.unlock()
    }
}
