/// What the transport needs to know about one tile's media: the discoverer's answer, or a
/// provisional one (location only) until it comes.
public struct TileProfile: Sendable, Equatable {
    public var duration: MediaTime?
    public var frameDuration: MediaTime?
    public var isSeekable: Bool
    /// A network source that is not live: it fills a buffer, and while it is short of data the
    /// whole group waits for it (a live source cannot be waited for).
    public var buffers: Bool
    public var endOfStream: EndOfStreamPolicy
    /// Whether the tile starts again when the group loops. false (a region's `loop: false` on a
    /// wall that loops, as in kiosk mode): it holds its last frame, and the group's wrap is
    /// planned without it.
    public var loopsWithGroup: Bool
    /// Whether each of its gapless passes can be made to last as long as the group's, holding
    /// its last frame until the wrap (local media, looped by segment seeks; not a network
    /// source, which playbin itself queues again).
    public var holdsToWrap: Bool

    public init(duration: MediaTime? = nil, frameDuration: MediaTime? = nil, isSeekable: Bool = true,
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
