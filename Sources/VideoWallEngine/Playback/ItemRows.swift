import Foundation
import VideoWallCore

/// `sync: items`: the playlist tiles of a wall change item together. Row k is the k-th item
/// of every tile's list (a shorter list goes round); it lasts as long as its longest item as
/// shown (its in to out points, over its speed), and the shorter ones hold their last frame
/// until the row ends. Each tile asks when its row starts, on the wall's running time from
/// the first row (`ItemShaping`), so they agree without waiting for one another. An item of
/// unknown length (a live stream) does not lengthen its row.
final class ItemRows: @unchecked Sendable {
    private let lock = NSLock()
    private var tiles: [WeakSequence] = []
    /// Row starts worked out so far (row 0 starts at 0), kept so a wall running for weeks
    /// adds one row at a time.
    private var starts: [Int: MediaTime] = [0: .zero]
    private var latest = 0

    private struct WeakSequence { weak var sequence: PlaylistSequence? }

    func add(_ sequence: PlaylistSequence) {
        lock.lock(); tiles.append(WeakSequence(sequence: sequence)); lock.unlock()
    }

    /// When row `row` starts after row 0's start.
    func start(ofRow row: Int) -> MediaTime {
        lock.lock(); defer { lock.unlock() }
        if let known = starts[row] { return known }
        guard row > latest else {
            // An earlier row than any kept (after a restart): counted again from row 0.
            var time = MediaTime.zero
            for k in 0..<max(0, row) { time += length(ofRow: k) }
            return time
        }
        var time = starts[latest] ?? .zero
        for k in latest..<row { time += length(ofRow: k) }
        starts = starts.filter { $0.key == 0 || $0.key == latest }
        starts[row] = time
        latest = row
        return time
    }

    private func length(ofRow row: Int) -> MediaTime {
        tiles.compactMap { $0.sequence?.shownLength(atRow: row) }.max() ?? .zero
    }
}
