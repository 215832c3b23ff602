import VideoWallCore
/// The properties a remote client reads, sets and observes. Names are mpv's where mpv has the
/// same thing; the wall's own (`tiles`, `tile/N/...`, `sync-error`) are documented in the README.
public enum WallProperty: Hashable, Sendable {
    case pause, speed, timePosition, duration, percentPosition, volume, mute, loop
    case seeking, endReached, pausedForCache, frameDropCount
    case abLoopA, abLoopB
    case tiles, tileCount, syncError
    /// Walls across machines: where the media stands on the wall's clock (`WallTimeline`),
    /// the sources as given, the UDP port the wall serves its clock on, and the layout it
    /// plays (`SharedLayout`).
    case timeline, sources, clockPort, layout
    /// What each follower connected to a leader last reported (`FollowerReport`).
    case followers
    case tile(Int, TileField)
    /// `overlay/N/text`: the words of the layout's overlay N (from 1, in file order), a text
    /// overlay's; set to change them on screen.
    case overlayText(Int)

    /// What `tile/N/FIELD` gives of tile N (numbered from 1 in the order the sources were
    /// given, as messages, keys and the report number them).
    public enum TileField: String, Hashable, Sendable, CaseIterable {
        case path, state, error
        case timePosition = "time-pos"
        case duration, width, height, fps, loops
        case framesRendered = "frames-rendered"
        case framesDropped = "frames-dropped"
        /// Seconds the tile plays later than the wall; set with seconds or a `TileOffset` text.
        case offset
        /// A playlist tile's item on screen (as the user named it), its place in the list
        /// (from 1, as mpv's `playlist-pos-1`; set to go there), how many items the list has,
        /// and how many times the item changed.
        case item
        case itemPosition = "item-pos"
        case itemCount = "item-count"
        case itemChanges = "item-changes"
        /// The video decoder the tile plays with (its GStreamer element's name).
        case decoder
        /// The tile's own level, 0 to 130 percent, under the wall's `volume`; whether it is
        /// muted on its own (under the wall's `mute`).
        case volume, mute
    }

    /// Tile numbers a name may carry (a wall holds at most 16).
    public static let tileNumbers = 1...64
    /// Overlay numbers a name may carry (a layout holds at most 16).
    public static let overlayNumbers = 1...16
    /// The longest text an overlay takes, in characters (as a layout's `text:`).
    public static let overlayTextLength = 200

    public init?(name: String) {
        switch name {
        case "pause": self = .pause
        case "speed": self = .speed
        case "time-pos", "playback-time": self = .timePosition
        case "duration": self = .duration
        case "percent-pos": self = .percentPosition
        case "volume": self = .volume
        case "mute": self = .mute
        case "loop", "loop-file": self = .loop
        case "seeking": self = .seeking
        case "eof-reached": self = .endReached
        case "paused-for-cache": self = .pausedForCache
        case "frame-drop-count": self = .frameDropCount
        case "ab-loop-a": self = .abLoopA
        case "ab-loop-b": self = .abLoopB
        case "tiles": self = .tiles
        case "tile-count": self = .tileCount
        case "sync-error": self = .syncError
        case "wall-timeline": self = .timeline
        case "wall-sources": self = .sources
        case "clock-port": self = .clockPort
        case "wall-layout": self = .layout
        case "wall-followers": self = .followers
        default:
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 3, parts[0] == "overlay", parts[2] == "text", parts[1].count <= 2, parts[1].allSatisfy(\.isASCII),
               let number = Int(parts[1]), Self.overlayNumbers.contains(number) {
                self = .overlayText(number)
                return
            }
            guard parts.count == 3, parts[0] == "tile", parts[1].count <= 2, parts[1].allSatisfy(\.isASCII),
                  let number = Int(parts[1]), Self.tileNumbers.contains(number),
                  let field = TileField(rawValue: String(parts[2])) else { return nil }
            self = .tile(number, field)
        }
    }

    /// Whether a client may set it (`set_property`, `cycle`, `add`).
    public var isWritable: Bool {
        switch self {
        case .pause, .speed, .timePosition, .percentPosition, .volume, .mute, .loop, .abLoopA, .abLoopB, .tile(_, .path), .tile(_, .offset), .tile(_, .itemPosition),
             .tile(_, .volume), .tile(_, .mute), .overlayText: return true
        default: return false
        }
    }

    /// Volume as mpv has it: 0 to 130 percent of each tile's own level.
    public static let volumeRange = 0.0...130.0
    /// Speeds the wall plays at (a rate outside is refused, not clamped).
    public static let speedRange = 0.01...16.0
}
