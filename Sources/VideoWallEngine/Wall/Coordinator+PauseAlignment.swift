import Foundation
internal import GStreamerKit
import VideoWallCore

extension Coordinator {
    /// Pipelines are paused one after another, and a pause can fall across a frame boundary:
    /// a tile whose sink had just shown frame n+1 prerolls n+2 while the others preroll n+1,
    /// and the paused wall shows two frames (with a clip with sound, one pause in two). Once
    /// every tile has prerolled, tiles on different frames are brought onto one by an accurate
    /// seek to the earliest, where the wall stands. Nothing is done when they agree, or when
    /// the wall has moved on meanwhile (played, sought, stepped).
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
            guard let self, let target = self.framesApart() else { return }
            self.requestSeek(to: target, precision: .accurate)
            self.lastSeekKeptPlace = true
        }
    }

    /// Where the earliest paused tile stands on the wall, when the paused tiles stand on
    /// frames half a frame or more apart (offsets counted); nil when they agree. Tiles that
    /// ended, wait on their first frame for their offset, or cannot seek say nothing.
    private func framesApart() -> MediaTime? {
        let placed = active.filter { $0.state == .paused && $0.asset.isSeekable }.compactMap { tile -> MediaTime? in
            guard let position = tile.position else { return nil }
            let delay = machine.delay(ofTile: tile.index)
            return position <= .zero && delay > .zero ? nil : position + delay
        }
        guard placed.count > 1, let low = placed.min(), let high = placed.max() else { return nil }
        let frame = active.compactMap { frameDuration(ofTile: $0.index) }.min() ?? .milliseconds(40)
        return high - low >= frame * 0.5 ? low : nil
    }
}
