import Foundation
internal import GStreamerKit
import Synchronization
import VideoWallCore

/// A playlist's items made ready for a tile with sound: each made into its `SoundedClip` off
/// the main thread, one at a time and in the list's order. The tile starts once its first item
/// is ready and the others are ready too or a short lead has passed (`firstItems`); the rest
/// join the tile's list as each is made (`PlaylistSequence.replace`, at the next item
/// boundary), so a list of long files that must be encoded again starts with its first item
/// rather than once every copy is made; meanwhile the list goes round over the items it has
/// (`PlaylistSequence.isPreparing`). Released with its tile, or when the list is replaced:
/// `stop()` (or `deinit`) ends the copy under way within a fifth of a second, leaving nothing.
@MainActor
final class ItemPreparation {
    private let stopping = StopSignal()
    /// The items made so far, in the list's order.
    private(set) var ready: [PlaylistItem] = []
    /// Whether every item has been made or left out.
    private(set) var isComplete = false
    /// Whether the work has ended: complete, or stopped.
    private(set) var isFinished = false
    /// Lines of items left out not yet passed on.
    private var unsaid: [String] = []
    private weak var sequence: PlaylistSequence?
    private var listed = 0
    private var onSkipped: (@MainActor (String) -> Void)?
    private var onComplete: (@MainActor () -> Void)?

    init(_ described: [(PlaylistItem, Wall.ItemVerdict)]) {
        let stopping = stopping
        Task { @MainActor [weak self] in
            for next in described {
                // (Once the tile plays, a copy leaves it most of the machine.)
                let made = await Wall.withSound([next], besidePlay: self?.sequence != nil, stopping: stopping.isSet)
                guard !stopping.isSet(), let self else { break }
                self.unsaid += made.skipped
                self.ready += made.items
                self.passOn()
            }
            guard let self else { return }
            self.isFinished = true
            guard !stopping.isSet() else { return }
            self.isComplete = true
            self.passOn()
        }
    }

    deinit { stopping.set() }

    /// The items ready once the first is (or every item failed), and the others are too or
    /// `lead` seconds have passed since then; with the lines of the items left out so far.
    func firstItems(lead: Double) async -> (items: [PlaylistItem], skipped: [String]) {
        var firstReady: Date?
        while !isFinished {
            if !ready.isEmpty {
                let since = firstReady ?? Date()
                firstReady = since
                if Date().timeIntervalSince(since) >= lead { break }
            }
            await MainLoop.sleep(seconds: 0.05)
        }
        listed = ready.count
        defer { unsaid = [] }
        return (ready, unsaid)
    }

    /// From now on `sequence` takes each item as it is made; `onSkipped` gets the line of each
    /// item left out, and `onComplete` is told once every item has been made or left out.
    func feed(_ sequence: PlaylistSequence, onSkipped: @escaping @MainActor (String) -> Void, onComplete: @escaping @MainActor () -> Void) {
        self.sequence = sequence
        self.onSkipped = onSkipped
        self.onComplete = onComplete
        sequence.isPreparing = !isComplete
        passOn()
    }

    /// Ends the work: the copy under way stops, and no item joins the list from now on.
    func stop() { stopping.set() }

    private func passOn() {
        guard let sequence, let onSkipped else { return }
        unsaid.forEach(onSkipped)
        unsaid = []
        if ready.count > listed {
            listed = ready.count
            sequence.replace(ready.map(PlaylistSequence.Entry.init))
        }
        if isComplete, let onComplete {
            sequence.isPreparing = false
            self.onComplete = nil
            onComplete()
        }
    }
}

/// Set once, read from any thread: what a copy under way asks five times a second.
private final class StopSignal: Sendable {
    private let flag = Mutex(false)

    func set() { flag.withLock { $0 = true } }

    @Sendable func isSet() -> Bool { flag.withLock { $0 } }
}
