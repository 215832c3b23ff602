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
    }

    private let lock = NSLock()
    private var entries: [Entry]
    /// The entry last handed to playbin (at first, the one it opened with).
    private var queued: Entry

    init(entries: [Entry]) {
        precondition(!entries.isEmpty)
        self.entries = entries
        queued = entries[0]
    }

    /// The entry after the queued one, which becomes the queued one. After a new list, the one
    /// after the queued entry in that list; if the queued entry left the list, the first that
    /// comes after it in name order; from the start after the last.
    func advance() -> String {
        lock.lock(); defer { lock.unlock() }
        let next: Entry
        if let index = entries.firstIndex(where: { $0.name == queued.name }) {
            next = entries[(index + 1) % entries.count]
        } else {
            let gone = Self.fileName(queued.name)
            next = entries.first { FolderPlaylist.nameOrder(gone, Self.fileName($0.name)) } ?? entries[0]
        }
        queued = next
        return next.uri
    }

    /// A new list (not empty), for the next boundary on.
    func replace(_ newEntries: [Entry]) {
        guard !newEntries.isEmpty else { return }
        lock.lock(); entries = newEntries; lock.unlock()
    }

    /// The entry last handed over and its place in the list (nil if it left the list).
    var queuedEntry: (entry: Entry, index: Int?) {
        lock.lock(); defer { lock.unlock() }
        return (queued, entries.firstIndex { $0.name == queued.name })
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
        self.init(name: item.origin ?? item.location, uri: MediaLocation.uri(for: item.location))
    }
}
