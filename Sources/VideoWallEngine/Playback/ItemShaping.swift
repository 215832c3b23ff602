import Foundation
internal import GStreamerKit
import VideoWallCore

/// A playlist item's own in and out points, speed and mirror, applied from its first frame
/// with no seek. For the picture, its element (`filter`, a `videoflip`) is playbin's
/// `video-filter`: a probe on its input reshapes each item's segment as it arrives
/// (`ItemRetiming`), and the mirror is set there, in the streaming thread, before the item's
/// first frame goes through. A tile with sound has a second one on its sound (`audio-filter`,
/// `scaletempo`, so a faster item keeps its pitch), reshaping the same items' segments the
/// same way: both paths end each item where its own stream ends, and every item's sound
/// ends with its picture (`SoundedClip`), so both place the next item alike.
final class ItemShaping: @unchecked Sendable {
    enum Path { case picture, sound }

    let filter: Element
    private let path: Path
    private let sequence: PlaylistSequence
    private let lock = NSLock()
    private var retiming = ItemRetiming()
    /// The next segment starts the tile afresh (it opened again, or was sought).
    private var fresh = true
    private var probe: PadProbe?
    private var flip: PlaylistItem.Flip?
    /// `sync: items`: when each row starts, and the running time of row 0 (nil until known).
    private let rows: ItemRows?
    private var firstRowBase: MediaTime?

    init(sequence: PlaylistSequence, rows: ItemRows? = nil, path: Path = .picture) throws {
        self.sequence = sequence
        self.rows = rows
        self.path = path
        switch path {
        case .picture:
            filter = try Element(factory: "videoflip", name: "item-shaping")
        case .sound:
            // scaletempo takes floating-point samples only.
            let bin = try Bin.make(name: "item-sound-shaping")
            let convert = try Element(factory: "audioconvert", name: "item-sound-convert")
            let tempo = try Element(factory: "scaletempo", name: "item-sound-tempo")
            try bin.add(convert)
            try bin.add(tempo)
            try convert.link(to: tempo)
            try bin.exposePad("sink", of: convert, as: "sink")
            try bin.exposePad("src", of: tempo, as: "src")
            filter = bin
        }
        guard let input = filter.staticPad("sink") else { throw GStreamerError(domain: "videowall", message: "\(filter.name) has no sink pad") }
        probe = input.retimingSegments { [weak self] item in self?.pass(item) ?? .pass }
    }

    deinit { probe?.remove() }

    /// The pipeline opens again (a revived or replaced tile): its next item starts afresh.
    func restart() {
        lock.lock(); fresh = true; lock.unlock()
    }

    private func pass(_ item: Pad.StreamItem) -> Pad.StreamVerdict {
        lock.lock(); defer { lock.unlock() }
        switch item {
        case .flush:
            fresh = true
            return .pass
        case .buffer(let buffer):
            guard let pts = buffer.presentationTime else { return .pass }
            let shown = retiming.frame(at: MediaTime(pts), duration: buffer.duration.map(MediaTime.init))
            // Sound that straddles the in point is cut by the sink to the segment, not dropped whole.
            return shown || path == .sound ? .pass : .drop
        case .segment(let segment):
            let placed = sequence.itemStarting(fresh: fresh, on: path)
            let entry = placed.entry
            if fresh {
                retiming.restart()
                // In rows, the tile's first item keeps its place, and the others follow the rows
                // from it. (A tile opened again mid-way, rebuilt or sent to another item, keeps
                // its own time from there.)
                firstRowBase = rows.map { MediaTime(segment.base) - $0.start(ofRow: placed.row) }
            }
            fresh = false
            if path == .picture, entry.flip != flip {
                flip = entry.flip
                try? filter.setFromString("video-direction", Self.direction(entry.flip))
            }
            var shaped = retiming.itemStarts(ItemRetiming.Segment(segment), shape: entry.shape)
            if let rows, let firstRowBase {
                // Its row's start: a shorter item before it held its last frame until then.
                shaped.base = max(.zero, firstRowBase + rows.start(ofRow: placed.row))
            }
            if path == .picture { sequence.placeStarted(in: shaped) }
            return .replace(Pad.PassingSegment(start: shaped.start.clockTime, rate: shaped.rate, base: shaped.base.clockTime,
                                               stop: shaped.stop?.clockTime, time: shaped.time.clockTime))
        }
    }

    /// `videoflip`'s `video-direction` for a mirror.
    private static func direction(_ flip: PlaylistItem.Flip?) -> String {
        switch flip {
        case .horizontal?: "horiz"
        case .vertical?: "vert"
        case nil: "identity"
        }
    }
}

extension ItemRetiming.Segment {
    init(_ segment: Pad.PassingSegment) {
        self.init(start: MediaTime(segment.start), stop: segment.stop.map(MediaTime.init), time: MediaTime(segment.time),
                  base: MediaTime(segment.base), rate: segment.rate)
    }
}
