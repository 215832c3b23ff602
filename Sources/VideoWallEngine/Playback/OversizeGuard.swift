import Foundation
internal import GStreamerKit
import VideoWallCore

/// Keeps a picture larger than `SourceLimits` from being decoded. It watches each video
/// decoder's input caps (`notify::caps` on its sink pad, set before any buffer passes): once
/// they are over the limit, a probe drops every buffer in front of the decoder, so no frame
/// pool of that size is ever allocated, and `onRefusal` is told why (on the streaming thread).
/// The discoverer refuses such a source too, but it answers while the tile already prerolls.
final class OversizeGuard: @unchecked Sendable {
    private let lock = NSLock()
    private var refusal: String?
    /// Per decoder watched: the probe in front of it and the watch on its input caps.
    private var watched: [(probe: PadProbe, watch: SignalConnection)] = []
    private let onRefusal: @Sendable (String, Element?) -> Void

    /// `onRefusal` is told why, and which decoder it was (to stop a pipeline of its own).
    init(onRefusal: @escaping @Sendable (String, Element?) -> Void) {
        self.onRefusal = onRefusal
    }

    /// Watches a video decoder playbin created.
    func watch(decoder: Element) {
        guard let pad = decoder.staticPad("sink") else { return }
        // The connection is dropped in `stop()`; the closure holds the pad until then.
        let watch = pad.observeProperty("caps") { [weak self] in
            guard let self, let size = pad.currentCaps?.pictureSize,
                  let why = SourceLimits.refusal(width: size.width, height: size.height) else { return }
            self.lock.lock()
            let first = self.refusal == nil
            self.refusal = why
            self.lock.unlock()
            if first { self.onRefusal(why, pad.parentElement) }
        }
        let probe = pad.filteringBuffers { [weak self] _ in
            guard let self else { return true }
            self.lock.lock(); defer { self.lock.unlock() }
            return self.refusal == nil
        }
        lock.lock()
        // A decoder playbin replaced (a network tile's next pass) is gone: its probe and watch
        // go too (the watch's closure holds its pad), or a tile looping for weeks would keep
        // every decoder's pad.
        // One look at each pad: the same answer decides what is dropped and what is released.
        let kept = watched.map { ($0, $0.probe.padHasElement) }
        let gone = kept.filter { !$0.1 }.map(\.0)
        watched = kept.filter(\.1).map(\.0) + [(probe, watch)]
        lock.unlock()
        gone.forEach { $0.probe.remove(); $0.watch.disconnect() }
    }

    /// How many decoders are watched (for tests).
    var watchedDecoders: Int {
        lock.lock(); defer { lock.unlock() }
        return watched.count
    }

    /// Removes the probes and watches (the player is shutting down).
    func stop() {
        lock.lock()
        let removed = watched
        watched = []
        lock.unlock()
        removed.forEach { $0.probe.remove(); $0.watch.disconnect() }
    }
}
