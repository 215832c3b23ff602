import Foundation
import VideoWallCore

/// The items of a playlist tile, handed to playbin one after another: read on the streaming
/// thread that emits `about-to-finish`, and replaced from the main thread when a watched
/// folder changes, so it is locked. A new list takes effect at the next item boundary: the
/// item playing is never cut.
final class PlaylistSequence: @unchecked Sendable {
    struct Entry: Sendable, Equatable {
        /// The file or URI the user named (a still's image, not its clip): what the report
        /// shows, and what orders a folder.
        var name: String
        var uri: String
        /// When the item may play (`days:`, `from:`/`until:`, `start:`/`end:`).
        var schedule = Schedule()
        /// Its in and out points and speed, and its mirror (`ItemShaping`).
        var shape = ItemRetiming.Shape()
        var flip: PlaylistItem.Flip?
        /// The media's own length (nil: not known).
        var length: MediaTime?

        /// How long it is on screen: from its in point to its out point (or end), over its speed.
        var shownLength: MediaTime? {
            guard let end = shape.outPoint.map({ min($0, length ?? $0) }) ?? length else { return nil }
            return max(.zero, end - (shape.inPoint ?? .zero)) * (1 / shape.speed)
        }
    }

    /// An entry and its place in the list (nil once it left it: the same file may be listed
    /// twice, so an entry is known by its place, not its name).
    struct Placed: Sendable, Equatable {
        var entry: Entry
        var index: Int?
        /// How many items the tile handed over before this one since it opened (`ItemRows`).
        var row = 0
        /// The segment its picture plays in, once placed (`ItemShaping`): where on the tile's
        /// running time it starts, what a follower's item is aligned on.
        var segment: ItemRetiming.Segment?
    }

    private let lock = NSLock()
    private var entries: [Entry]
    /// The entry last handed to playbin (at first, the one it opened with).
    private var queued: Placed
    /// The entries handed over whose first frame has not reached the tile's video path yet,
    /// in order (a short item may be handed over before the one before it is shown); the same
    /// for its sound path, which reaches each item at its own moment.
    private var handedOver: [Placed] = []
    private var handedOverToSound: [Placed] = []
    /// Whether every item carries sound in one form (`SoundedClip`) and the tile plays it.
    let hasSound: Bool
    /// The entry whose frames the video path passes now, and whose sound the sound path does.
    private var started: Placed
    private var soundStarted: Placed
    /// When the whole playlist may play, and the local time it is read against.
    private var schedule: Schedule
    private let localTime: @Sendable () -> LocalMoment
    /// `sync: items`: the list is played in its order, row by row with the other tiles'
    /// (schedules are not read: a skipped item would put the tile a row out).
    let inRows: Bool
    /// Whether the list starts again after its last item (the tile loops); else the last
    /// item ends the tile, which then holds or stops as its end-of-stream policy says.
    private var goesRoundFlag = true
    var goesRound: Bool {
        get { lock.lock(); defer { lock.unlock() }; return goesRoundFlag }
        set { lock.lock(); goesRoundFlag = newValue; lock.unlock() }
    }

    /// Whether items are still being made ready (`ItemPreparation`) and will join the list:
    /// meanwhile the list goes round over those it has, even when it does not loop, rather
    /// than end before the others had their turn.
    private var preparingFlag = false
    var isPreparing: Bool {
        get { lock.lock(); defer { lock.unlock() }; return preparingFlag }
        set { lock.lock(); preparingFlag = newValue; lock.unlock() }
    }

    /// What plays while nothing is scheduled (the background, a short clip): nil, the item
    /// before plays again.
    private let idle: Entry?

    /// `opening`: the URI the pipeline opens with (`firstScheduled`'s, or the idle entry's,
    /// chosen at load).
    init(entries: [Entry], opening uri: String, schedule: Schedule = Schedule(), inRows: Bool = false, idle: Entry? = nil,
         hasSound: Bool = false, localTime: @escaping @Sendable () -> LocalMoment = LocalMoment.now) {
        precondition(!entries.isEmpty)
        self.hasSound = hasSound
        self.entries = entries
        self.schedule = schedule
        self.inRows = inRows
        self.idle = idle
        self.localTime = localTime
        if let idle, idle.uri == uri {
            queued = Placed(entry: idle, index: nil)
        } else {
            let index = entries.firstIndex { $0.uri == uri } ?? 0
            queued = Placed(entry: entries[index], index: index)
        }
        started = queued
        soundStarted = queued
    }

    /// The first item scheduled at `now` (the first item when none is).
    static func firstScheduled(_ items: [PlaylistItem], playlist schedule: Schedule, at now: LocalMoment) -> PlaylistItem? {
        scheduled(items, playlist: schedule, at: now) ?? items.first
    }

    /// The first item scheduled at `now`; nil when none is.
    static func scheduled(_ items: [PlaylistItem], playlist schedule: Schedule, at now: LocalMoment) -> PlaylistItem? {
        items.first { schedule.includes(now) && $0.schedule.includes(now) }
    }

    /// The next entry scheduled now after the queued one, which becomes the queued one. After
    /// a new list, the order is that list's; if the queued entry left the list, the search
    /// starts from where its name would be; after the last entry it goes round, or, when the
    /// list does not (`goesRound`) and no item is still being prepared, there is none (nil).
    /// When nothing is scheduled now, the idle entry plays (the background), or without one
    /// the queued entry again.
    func advance() -> String? {
        lock.lock(); defer { lock.unlock() }
        let start: Int
        if let index = queued.index {
            start = index + 1
        } else if queued.entry == idle {
            start = 0
        } else {
            let gone = Self.fileName(queued.entry.name)
            start = entries.firstIndex { FolderPlaylist.nameOrder(gone, Self.fileName($0.name)) } ?? 0
        }
        let row = queued.row + 1
        if inRows {
            guard goesRoundFlag || start < entries.count else { return nil }
            let index = start % entries.count
            queued = Placed(entry: entries[index], index: index, row: row)
        } else {
            let now = localTime()
            var found: Placed?
            if schedule.includes(now) {
                for step in 0..<entries.count {
                    guard goesRoundFlag || preparingFlag || start + step < entries.count else { return nil }
                    let index = (start + step) % entries.count
                    if entries[index].schedule.includes(now) {
                        found = Placed(entry: entries[index], index: index, row: row)
                        break
                    }
                }
            }
            if let found {
                queued = found
            } else if let idle {
                queued = Placed(entry: idle, index: nil, row: row)
            } else {
                queued.row = row
            }
        }
        if handedOver.count < 64 { handedOver.append(queued) }
        if hasSound, handedOverToSound.count < 64 { handedOverToSound.append(queued) }
        return queued.entry.uri
    }

    /// An item's first segment reaches the tile's video path (or, `path: .sound`, its sound
    /// path, which reaches each item at its own moment): the entry it belongs to. After a new
    /// start (`fresh`: the pipeline opened again), it is the one queued.
    func itemStarting(fresh: Bool, on path: ItemShaping.Path = .picture) -> Placed {
        lock.lock(); defer { lock.unlock() }
        switch path {
        case .picture: return Self.start(fresh: fresh, queued: queued, handedOver: &handedOver, current: &started)
        case .sound: return Self.start(fresh: fresh, queued: queued, handedOver: &handedOverToSound, current: &soundStarted)
        }
    }

    private static func start(fresh: Bool, queued: Placed, handedOver: inout [Placed], current: inout Placed) -> Placed {
        if fresh {
            handedOver.removeAll()
            current = queued
        } else if !handedOver.isEmpty {
            current = handedOver.removeFirst()
        }
        return current
    }

    /// The segment the video path plays the started entry in (`ItemShaping`, once reshaped).
    func placeStarted(in segment: ItemRetiming.Segment) {
        lock.lock(); started.segment = segment; lock.unlock()
    }

    /// How long the item of row `row` is on screen (`sync: items`): the row-th of the list,
    /// going round.
    func shownLength(atRow row: Int) -> MediaTime? {
        lock.lock(); defer { lock.unlock() }
        return entries[((row % entries.count) + entries.count) % entries.count].shownLength
    }

    /// The entry the video path passes now, and its place in the list.
    var startedEntry: Placed {
        lock.lock(); defer { lock.unlock() }
        return started
    }

    /// The entry after (or before) the one at `position` (the item on screen), going round,
    /// passing over entries not scheduled now. Nil when nothing else is scheduled now.
    func entry(after position: Int?, forward: Bool) -> Placed? {
        lock.lock(); defer { lock.unlock() }
        let count = entries.count
        let start = min(position ?? 0, count - 1)
        let now = localTime()
        guard schedule.includes(now) else { return nil }
        var index = start
        for _ in 0..<count {
            index = ((index + (forward ? 1 : -1)) % count + count) % count
            if index == start { return nil }
            if entries[index].schedule.includes(now) { return Placed(entry: entries[index], index: index) }
        }
        return nil
    }

    /// The entry at `position` (from 0), scheduled or not: the user named it.
    func entry(at position: Int) -> Placed? {
        lock.lock(); defer { lock.unlock() }
        return entries.indices.contains(position) ? Placed(entry: entries[position], index: position) : nil
    }

    /// Makes `placed` the one last handed over: the next boundary goes on from it.
    func queue(_ placed: Placed) {
        lock.lock(); defer { lock.unlock() }
        queued = Placed(entry: placed.entry, index: placed.index, row: queued.row + 1)
        handedOver.removeAll()
        handedOverToSound.removeAll()
    }

    /// A new list (not empty), for the next boundary on; with a schedule, the whole list's new
    /// one. The entries handed over keep their place if they are in the new list.
    func replace(_ newEntries: [Entry], schedule newSchedule: Schedule? = nil) {
        guard !newEntries.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        func placed(_ old: Placed) -> Placed {
            if let index = old.index, newEntries.indices.contains(index), newEntries[index] == old.entry { return old }
            return Placed(entry: old.entry, index: newEntries.firstIndex { $0.name == old.entry.name }, row: old.row)
        }
        entries = newEntries
        queued = placed(queued)
        started = placed(started)
        soundStarted = placed(soundStarted)
        handedOver = handedOver.map(placed)
        handedOverToSound = handedOverToSound.map(placed)
        if let newSchedule { schedule = newSchedule }
    }

    /// The entry last handed over and its place in the list.
    var queuedEntry: Placed {
        lock.lock(); defer { lock.unlock() }
        return queued
    }

    var count: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }

    private static func fileName(_ location: String) -> String {
        String(location.split(separator: "/").last ?? Substring(location))
    }
}

extension PlaylistSequence.Entry {
    /// A playlist item as playbin is handed it: named as the user named it.
    init(_ item: PlaylistItem) {
        // A video's `duration:` ends it that long after its in point (a still's is in its clip).
        var outPoint = item.outPoint
        if outPoint == nil, item.origin == nil, item.kind == .video, let duration = item.duration {
            outPoint = (item.inPoint ?? .zero) + duration
        }
        self.init(name: item.origin ?? item.location, uri: MediaLocation.uri(for: item.location), schedule: item.schedule,
                  shape: ItemRetiming.Shape(inPoint: item.inPoint, outPoint: outPoint, speed: item.speed), flip: item.flip,
                  length: item.length)
    }
}

extension LocalMoment {
    /// The machine's local date and time now (its time zone), to the second.
    @Sendable package static func now() -> LocalMoment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date())
        let date = CalendarDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDate(daysSinceEpoch: 0)!
        return LocalMoment(date: date, secondOfDay: (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0))
    }
}
