import Foundation
import GIOKit
import VideoWallCore

/// Keeps a folder tile's playlist up to date: GIO's file monitor says that something in the
/// folder changed; the folder is then listed again (off the main thread) and every media file
/// is looked at until its size and change time have held still for `quietPeriod`, so a file
/// still being copied in is not played half-written. A settled list that differs from the one
/// playing is handed over (`onItems`) and takes effect at the next item boundary. A file
/// replaced under the same name is played anew when its turn comes (a still is made into a
/// new clip). Released with its tile: the monitor goes with it.
@MainActor
final class FolderWatch {
    let path: String
    private let quietPeriod: MediaTime
    private let imageDuration: MediaTime
    /// Whether the tile plays sound: its items are then `SoundedClip`s.
    private let withSound: Bool
    private let onItems: @MainActor ([PlaylistItem], [String]) -> Void
    private var monitor: FolderMonitor?
    private var settling: FileSettling
    private let clock = SystemMonotonicClock()
    private var rescan: Task<Void, Never>?
    /// What was handed over last: each file's name, size and change time.
    private var applied: [FileState]
    /// The discoverer's verdict on each file as it was (its length, or the line saying why it
    /// cannot play), so a change describes only the files that are new or changed.
    private var verdicts: [FileState: Wall.ItemVerdict] = [:]

    struct FileState: Hashable, Sendable {
        var name: String
        var size: Int64
        var modified: Int64
    }

    /// `onItems` gets the new items and a line for each file left out.
    init(path: String, playing: [String], quietPeriod: MediaTime, imageDuration: MediaTime, withSound: Bool = false,
         onItems: @escaping @MainActor ([PlaylistItem], [String]) -> Void) throws {
        self.path = path
        self.withSound = withSound
        self.quietPeriod = quietPeriod
        self.imageDuration = imageDuration
        self.onItems = onItems
        settling = FileSettling(quietPeriod: quietPeriod)
        applied = Self.states(in: path, names: playing)
        // The monitor speaks on its own thread: the news comes to the main queue, where the
        // engine learns everything else.
        let news = FolderNews(self)
        monitor = try FolderMonitor(path: path) { news.tell() }
    }

    deinit { rescan?.cancel() }

    /// Events come in bursts (a copy is many writes): the folder is read once they pause.
    fileprivate func changed() {
        rescan?.cancel()
        rescan = Task { @MainActor [weak self] in
            try? await Task.sleep(for: .milliseconds(200))
            guard !Task.isCancelled else { return }
            await self?.readFolder()
        }
    }

    private func readFolder() async {
        let path = self.path
        let states = await Task.detached { () -> [FileState]? in
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
            return Self.states(in: path, names: FolderPlaylist.mediaNames(names))
        }.value
        guard let states, !Task.isCancelled else { return }
        let now = clock.now
        settling.keep(only: Set(states.map(\.name)))
        let settled = states.filter { settling.observe($0.name, size: $0.size, modified: $0.modified, at: now) || applied.contains($0) }
        if settled.count < states.count {
            // Some file is still being written: look again once it may have settled.
            rescan = Task { @MainActor [weak self, quietPeriod] in
                try? await Task.sleep(for: .milliseconds(quietPeriod.nanoseconds / 1_000_000 + 50))
                guard !Task.isCancelled else { return }
                await self?.readFolder()
            }
        }
        guard settled != applied, !settled.isEmpty else { return }
        applied = settled
        var candidates: [(state: FileState, item: PlaylistItem)] = [], skipped: [String] = []
        for state in settled {
            let item = PlaylistItem(location: path + "/" + state.name)
            switch await Wall.playable(item, imageDuration: imageDuration) {
            case .success(let playable): candidates.append((state, playable))
            case .failure(let why): skipped.append("skipped \(TerminalText.quoted(item.location, limit: TerminalText.nameLimit)): \(why.text)")
            }
        }
        // Only files not described before (new, or changed since) are described again.
        let unknown = candidates.filter { verdicts[$0.state] == nil }
        for (candidate, verdict) in zip(unknown, await Wall.describe(unknown.map(\.item))) {
            verdicts[candidate.state] = verdict
        }
        verdicts = verdicts.filter { settled.contains($0.key) }
        let described = candidates.compactMap { candidate -> (PlaylistItem, Wall.ItemVerdict)? in
            guard let verdict = verdicts[candidate.state], verdict.refusal == nil else { return nil }
            var item = candidate.item
            item.length = verdict.length
            return (item, verdict)
        }
        skipped += candidates.compactMap { verdicts[$0.state]?.refusal }
        var playable = described.map(\.0)
        if withSound {
            // Made once per file version (cached): the files that did not change are found at once.
            let sounded = await Wall.withSound(described)
            playable = sounded.items
            skipped += sounded.skipped
        }
        onItems(playable, skipped)
    }

    nonisolated private static func states(in folder: String, names: [String]) -> [FileState] {
        names.compactMap { name in
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return FileState(name: name, size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        }
    }
}

/// Carries the monitor's news from its thread to the watch, on the main queue.
private final class FolderNews: Sendable {
    nonisolated(unsafe) private weak var watch: FolderWatch?

    @MainActor init(_ watch: FolderWatch) { self.watch = watch }

    func tell() {
        DispatchQueue.main.async { MainActor.assumeIsolated { self.watch?.changed() } }
    }
}
