/// How much later a tile plays than the wall, as the user writes it: seconds (`0.5`, `-0.04`)
/// or frames of that tile (`12f`, `-3f`). A positive offset delays the tile: at any moment it
/// shows what it would have shown that much earlier.
public enum TileOffset: Sendable, Equatable, CustomStringConvertible {
    case time(MediaTime)
    case frames(Int)

    /// An hour either way: more is a typing slip, not a comparison.
    public static let largest = MediaTime.seconds(3600)
    /// Frames either way (an hour at 100 frames per second).
    package static let largestFrames = 360_000

    public static let zero = TileOffset.time(.zero)

    /// Reads `0.5`, `-0.04`, `+1`, `12f`, `-3f`; nil for anything else or out of range.
    public init?(parsing text: String) {
        guard !text.isEmpty, text.count <= 32, text.allSatisfy({ $0.isASCII }) else { return nil }
        if text.hasSuffix("f") {
            guard let frames = Int(text.dropLast()), abs(frames) <= Self.largestFrames else { return nil }
            self = .frames(frames)
            return
        }
        // Digits, one point and a sign only: Double would also take "inf", "nan" and "1e5".
        guard text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }),
              let seconds = Double(text), seconds.isFinite, abs(seconds) <= Self.largest.seconds else { return nil }
        self = .time(.seconds(seconds))
    }

    /// The offset on the tile's timeline; frames count at `frameDuration` (nil: the source has
    /// no frame rate, and a frame is taken as 1/30 s).
    public func resolved(frameDuration: MediaTime?) -> MediaTime {
        switch self {
        case .time(let time): time
        case .frames(let count): (frameDuration ?? .nanoseconds(33_333_333)) * Double(count)
        }
    }

    public var description: String {
        switch self {
        case .time(let time): TimeFormatting.signedSeconds(time)
        case .frames(let count): "\(count)f"
        }
    }
}

/// One `--offset N=TIME`: a tile (1-based, as the user counts) and its offset.
package struct TileOffsetAssignment: Sendable, Equatable {
    package var tile: Int
    package var offset: TileOffset

    package init(tile: Int, offset: TileOffset) {
        self.tile = tile
        self.offset = offset
    }

    /// Reads `2=0.5` or `1=-12f`; nil when either side is malformed or the tile is not 1...64.
    package init?(parsing text: String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, let tile = Int(parts[0]), (1...64).contains(tile),
              let offset = TileOffset(parsing: String(parts[1])) else { return nil }
        self.tile = tile
        self.offset = offset
    }
}
