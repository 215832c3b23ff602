/// One entry of a playlist: a video (whole, or between `in` and `out`) or a still image shown
/// for `duration`, with its own speed, direction, mirror and schedule.
public struct PlaylistItem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case video
        case image
    }

    public enum Flip: String, Sendable, Hashable, CaseIterable {
        case horizontal, vertical
    }

    /// A path (absolute once the playlist is read) or a URI.
    public var location: String
    /// What the user named, when `location` is something made from it (a still image's clip).
    package var origin: String?
    public var kind: Kind
    public var inPoint: MediaTime?
    public var outPoint: MediaTime?
    /// How long an image is shown (nil: the wall's `--image-duration`, 10 s by default).
    public var duration: MediaTime?
    public var speed: Double
    public var reverse: Bool
    public var flip: Flip?
    package var schedule: Schedule
    /// The media's own length, once described (nil before, and for a live stream).
    package var length: MediaTime?

    public init(location: String, kind: Kind? = nil, inPoint: MediaTime? = nil, outPoint: MediaTime? = nil,
                duration: MediaTime? = nil, speed: Double = 1, reverse: Bool = false, flip: Flip? = nil) {
        self.init(location: location, kind: kind, inPoint: inPoint, outPoint: outPoint, duration: duration,
                  speed: speed, reverse: reverse, flip: flip, schedule: Schedule())
    }

    /// An item played only when `schedule` says (read from a layout or a playlist file).
    package init(location: String, kind: Kind? = nil, inPoint: MediaTime? = nil, outPoint: MediaTime? = nil,
                 duration: MediaTime? = nil, speed: Double = 1, reverse: Bool = false, flip: Flip? = nil,
                 schedule: Schedule) {
        self.location = location
        self.kind = kind ?? (Self.looksLikeImage(location) ? .image : .video)
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.duration = duration
        self.speed = speed
        self.reverse = reverse
        self.flip = flip
        self.schedule = schedule
    }

    /// The name extensions read as still images.
    package static let imageExtensions: Set<String> = ["png", "jpg", "jpeg"]
    /// The name extensions a folder playlist plays: videos, and the images above.
    package static let mediaExtensions: Set<String> = imageExtensions.union([
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "m2ts", "mts", "mpg", "mpeg", "ogv", "ogg", "flv", "wmv", "3gp",
    ])

    /// The extension of a path or URI's last part, lowercased, without a query or fragment.
    package static func nameExtension(_ location: String) -> String {
        var name = Substring(location)
        if let cut = name.firstIndex(where: { $0 == "?" || $0 == "#" }), location.contains("://") { name = name[..<cut] }
        let last = name.split(separator: "/").last ?? name
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return last[last.index(after: dot)...].lowercased()
    }

    package static func looksLikeImage(_ location: String) -> Bool { imageExtensions.contains(nameExtension(location)) }
}

/// What a tile plays in sequence, and when.
public struct Playlist: Sendable, Hashable {
    public var items: [PlaylistItem]
    /// When the whole playlist may play (each item may narrow it further).
    package var schedule: Schedule

    package init(items: [PlaylistItem], schedule: Schedule = Schedule()) {
        self.items = items
        self.schedule = schedule
    }

    /// The most items one playlist holds (a file or folder with more is cut there, with a warning).
    package static let maximumItems = 10_000

    /// Whether item `index` may play at `moment` (its own schedule and the playlist's).
    package func isScheduled(_ index: Int, at moment: LocalMoment) -> Bool {
        items.indices.contains(index) && schedule.includes(moment) && items[index].schedule.includes(moment)
    }

    /// The item to play after `index` (nil: from the start), skipping those not scheduled at
    /// `moment` and those `isPlayable` refuses (broken, still being written). With `wraps` the
    /// search goes round to the start; nil when no item can play.
    package func next(after index: Int?, at moment: LocalMoment, wraps: Bool,
                     isPlayable: (Int) -> Bool = { _ in true }) -> Int? {
        guard !items.isEmpty else { return nil }
        let first = min(max(index.map { $0 + 1 } ?? 0, 0), items.count)
        let candidates = Array(first..<items.count) + (wraps ? Array(0..<first) : [])
        return candidates.first { isScheduled($0, at: moment) && isPlayable($0) }
    }
}
