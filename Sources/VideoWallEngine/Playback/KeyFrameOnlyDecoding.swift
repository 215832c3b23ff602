import Foundation
internal import GStreamerKit
import VideoWallCore

/// A `KeyFrameFilter` in front of each video decoder of a tile: a probe on the decoder's sink
/// pad drops, on the streaming thread, what the filter leaves out. The frames left out are the
/// tile's frames dropped before its sink (`skipped`): the sink cannot count them, and gaps in
/// the timestamps it sees would count frames that never existed (sparse and variable-rate
/// streams) as well.
final class KeyFrameOnlyDecoding: @unchecked Sendable {
    private let lock = NSLock()
    private var filter = KeyFrameFilter()
    private var probes: [PadProbe] = []

    /// Watches a video decoder playbin created.
    func watch(decoder: Element) {
        guard let pad = decoder.staticPad("sink") else { return }
        let probe = pad.filteringBuffers { [weak self] buffer in
            guard let self else { return true }
            self.lock.lock(); defer { self.lock.unlock() }
            return self.filter.admits(isKeyFrame: buffer.isKeyFrame)
        }
        lock.lock()
        // Decoders playbin replaced (a network tile's next pass) are gone: their probes go too,
        // or a tile looping for weeks would keep every decoder's pad.
        probes.removeAll { !$0.padHasElement }
        probes.append(probe)
        lock.unlock()
    }

    /// How many decoders are watched (for tests).
    var watchedDecoders: Int {
        lock.lock(); defer { lock.unlock() }
        return probes.count
    }

    /// Frames the filter left out so far, from every decoder the tile had.
    var skipped: UInt64 {
        lock.lock(); defer { lock.unlock() }
        return UInt64(filter.skipped)
    }

    var isOn: Bool {
        lock.lock(); defer { lock.unlock() }
        return filter.keyFramesOnly
    }

    func set(_ on: Bool) {
        lock.lock(); defer { lock.unlock() }
        filter.setKeyFramesOnly(on)
    }

    /// Removes the probes (the player is shutting down).
    func stop() {
        lock.lock()
        let removed = probes
        probes = []
        lock.unlock()
        removed.forEach { $0.remove() }
    }
}
