import Foundation
import VideoWallCore

/// mpv's A-B loop for the whole wall: with both points set (A before B) every tile plays its
/// part of the range (less its offset) and starts it again at its end, every frame once per
/// pass and without a gap (a segment seek with a stop, answered at each SEGMENT_DONE by a
/// non-flushing seek back to A, as the whole-clip loop does). Seeks stay inside the range.
/// A network tile, which cannot seek without flushing, starts its part again after a short gap.
extension Wall {
    /// The range the wall loops over, when both points are set and A is before B.
    package var abLoopRange: Range<MediaTime>? {
        guard let a = abLoopA, let b = abLoopB, a < b else { return nil }
        return a..<b
    }

    /// Sets both points (nil: unset). The wall goes to A when the loop begins, and plays on
    /// from where it stands when it ends.
    package func setABLoop(a: MediaTime?, b: MediaTime?) async {
        let before = abLoopRange
        abLoopA = a.map { max(.zero, $0) }
        abLoopB = b.map { max(.zero, $0) }
        publish(.changed(snapshot))
        guard abLoopRange != before else { return }
        handle(.setABLoop(abLoopRange, position: position ?? .zero))
        await whenSeeksEnd()
    }

    /// The `l` key, as mpv has it: the first press sets A where the wall stands, the second B
    /// (the loop begins), the third clears both.
    package func cycleABLoop() async {
        let here = position ?? .zero
        if abLoopA == nil {
            await setABLoop(a: here, b: nil)
        } else if abLoopB == nil {
            await setABLoop(a: abLoopA, b: here)
        } else {
            await setABLoop(a: nil, b: nil)
        }
    }
}
