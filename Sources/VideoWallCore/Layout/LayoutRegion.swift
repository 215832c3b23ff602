/// One tile of a layout.
public struct LayoutRegion: Sendable, Equatable {
    /// Fractions of the window, all within 0...1.
    public var frame: Rect
    public var fit: FitMode
    /// nil: take the next command-line source not claimed by another region.
    public var source: LayoutSource?
    /// The option fields are optional so "not said" stays distinguishable from the default:
    /// command-line flags may then fill in what the layout left open.
    public var mute: Bool?
    public var volume: Double?
    public var loop: Bool?
    public var label: String?
    /// How much later the tile plays than the wall (seconds or frames, `TileOffset`).
    public var offset: TileOffset?
    /// Items played in sequence instead of one source (`playlist:`), with its schedule.
    public var playlist: Playlist?
    /// Paint order; higher is drawn on top (a picture-in-picture inset has a higher z).
    public var z: Int
    /// Degrees clockwise the region's picture is turned, on top of the stream's orientation
    /// and `--video-rotate` (`rotate:`, 0, 90, 180 or 270): a portrait screen's region.
    public var rotate: Int?

    public init(frame: Rect, fit: FitMode = .fit, source: LayoutSource? = nil, mute: Bool? = nil,
                volume: Double? = nil, loop: Bool? = nil, label: String? = nil, z: Int = 0, offset: TileOffset? = nil,
                playlist: Playlist? = nil, rotate: Int? = nil) {
        self.playlist = playlist
        self.rotate = rotate
        self.frame = frame
        self.fit = fit
        self.source = source
        self.mute = mute
        self.volume = volume
        self.loop = loop
        self.label = label
        self.z = z
        self.offset = offset
    }
}
