/// What the transport needs to know about one tile's media: the discoverer's answer, or a
/// provisional one (location only) until it comes.
package struct TileProfile: Sendable, Equatable {
    package var duration: MediaTime?
    package var frameDuration: MediaTime?
    package var isSeekable: Bool
    /// A network source that is not live: it fills a buffer, and while it is short of data the
    /// whole group waits for it (a live source cannot be waited for).
    package var buffers: Bool
    package var endOfStream: EndOfStreamPolicy
    /// Whether the tile starts again when the group loops. false (a region's `loop: false` on a
    /// wall that loops, as in kiosk mode): it holds its last frame, and the group's wrap is
    /// planned without it.
    package var loopsWithGroup: Bool
    /// Whether each of its gapless passes can be made to last as long as the group's, holding
    /// its last frame until the wrap (local media, looped by segment seeks; not a network
    /// source, which playbin itself queues again).
    package var holdsToWrap: Bool

    package init(duration: MediaTime? = nil, frameDuration: MediaTime? = nil, isSeekable: Bool = true,
                buffers: Bool = false, endOfStream: EndOfStreamPolicy = .hold, loopsWithGroup: Bool = true,
                holdsToWrap: Bool = false) {
        self.duration = duration
        self.frameDuration = frameDuration
        self.isSeekable = isSeekable
        self.buffers = buffers
        self.endOfStream = endOfStream
        self.loopsWithGroup = loopsWithGroup
        self.holdsToWrap = holdsToWrap
    }
}
