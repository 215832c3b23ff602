import Foundation

/// The items of a playlist tile, handed to playbin one after another: read on the streaming
/// thread that emits `about-to-finish`, so it is locked.
final class PlaylistSequence: @unchecked Sendable {
    private let lock = NSLock()
    let uris: [String]
    /// The item last handed over (0: the first, which the pipeline opened with).
    private var queued = 0

    init(uris: [String]) {
        self.uris = uris
    }

    /// The next item's URI, going round after the last; it becomes the queued one.
    func advance() -> String {
        lock.lock(); defer { lock.unlock() }
        queued = (queued + 1) % uris.count
        return uris[queued]
    }

    var queuedIndex: Int {
        lock.lock(); defer { lock.unlock() }
        return queued
    }
}
