import Foundation
internal import GStreamerKit
import VideoWallCore

extension Wall {
    /// Pipelines are paused one after another, and a pause can fall across a frame boundary:
    /// a tile whose sink had just shown frame n+1 prerolls n+2 while the others preroll n+1,
    /// and the paused wall shows two instants (with a clip with sound, one pause in two). Once
    /// every tile has prerolled, tiles whose frames share no instant are brought onto the
    /// latest one by an accurate seek, so the wall's position stays where it is. Nothing is
    /// done when they share one (tiles of other frame rates start their frames at other
    /// times), or when the wall has moved on meanwhile (played, sought, stepped).
    func alignFramesAfterPause() {
        pauseAlignment?.cancel()
        let deadline = Date().addingTimeInterval(prerollSeconds)
        pauseAlignment = Task { @MainActor [weak self] in
            while true {
                guard let self, !Task.isCancelled, !self.isStopping, self.transport == .paused, !self.seeking else { return }
                if self.active.allSatisfy({ $0.pipeline.currentState.pending == .voidPending }) { break }
                guard Date() < deadline else { return }
                await MainLoop.sleep(seconds: 0.01)
            }
            guard let self, let (target, frame) = self.framesApart() else { return }
            self.handle(.requestSeek(SeekRequest(target: Self.frameSeekTime(target, frameDuration: frame), precision: .accurate, keepsPlace: true)))
        }
    }

    /// Where the latest paused tile's frame starts on the wall (and the shortest frame), when
    /// the paused tiles' frames share no instant (offsets counted, to within a millisecond of
    /// container rounding); nil when they do. Tiles that ended, wait on their first frame for
    /// their offset, or cannot seek say nothing.
    private func framesApart() -> (start: MediaTime, frame: MediaTime)? {
        let spans = active.filter { $0.state == .paused && $0.asset.isSeekable }.compactMap { tile -> (start: MediaTime, end: MediaTime)? in
            guard let position = tile.position else { return nil }
            let delay = machine.delay(ofTile: tile.index)
            guard position > .zero || delay <= .zero else { return nil }
            let start = position + delay
            return (start, start + (frameDuration(ofTile: tile.index) ?? .milliseconds(40)))
        }
        guard spans.count > 1, let latest = spans.map(\.start).max(), let earliestEnd = spans.map(\.end).min(),
              latest >= earliestEnd - .milliseconds(1) else { return nil }
        return (latest, active.compactMap { frameDuration(ofTile: $0.index) }.min() ?? .milliseconds(40))
    }
}
