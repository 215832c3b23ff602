/// What a tile's video decoder is fed when the machine cannot keep up: key frames only.
///
/// A decoder of H.264 without B-frames has no frame it may leave out (every frame is a
/// reference), so a late one decodes every frame ever later, its sink drops them all, and each
/// tile shows whatever its own decoder happened to finish: the wall splits. Fed only key
/// frames, every decoder keeps up at once, and every tile shows the same frames (those the
/// sources have in common) at their due time on the shared clock.
///
/// Pure: the engine asks it about every buffer entering a decoder.
package struct KeyFrameFilter: Sendable {
    /// Key frames only (asked by the wall while it is overloaded).
    package private(set) var keyFramesOnly = false
    /// After key frames only, the frames that follow a skipped one cannot be decoded: every
    /// frame waits for the next key frame.
    private var waitsForKeyFrame = false
    /// Buffers left out so far.
    package private(set) var skipped = 0

    package init() {}

    package mutating func setKeyFramesOnly(_ on: Bool) {
        if keyFramesOnly, !on { waitsForKeyFrame = true }
        keyFramesOnly = on
    }

    /// Whether the buffer goes to the decoder.
    package mutating func admits(isKeyFrame: Bool) -> Bool {
        if isKeyFrame {
            waitsForKeyFrame = false
            return true
        }
        guard keyFramesOnly || waitsForKeyFrame else { return true }
        skipped += 1
        return false
    }
}
