import VideoWallCore
/// How two tiles are shown in one picture (`--compare`), for comparing two encodes or a
/// before and after: a wipe, a flip, or their difference.
public enum CompareMode: String, CaseIterable, Sendable {
    /// Tile 1 on one side of a divider the user drags, tile 2 on the other.
    case wipe
    /// One tile at a time, in place; a key switches to the other at once.
    case flip
    /// The absolute difference of the two pictures, amplified: black where they agree.
    case diff

    /// The next view in the cycle the `c` key walks: wipe, flip, diff, wipe.
    public var next: CompareMode {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// The state of a compare view: which view, where the wipe's divider stands, which tile a
/// flip shows, and how a difference is drawn. A value the window keeps and paints from;
/// every change is one of the methods, so it is tested without a screen.
public struct CompareView: Sendable, Equatable {
    /// Which way the wipe's divider runs.
    public enum Divider: Sendable, Equatable {
        /// A vertical line: tile 1 on the left, tile 2 on the right.
        case vertical
        /// A horizontal line: tile 1 above, tile 2 below.
        case horizontal
    }

    public private(set) var mode: CompareMode
    public private(set) var divider: Divider = .vertical
    /// Where the divider stands, as a fraction of the picture's width (vertical) or height.
    public private(set) var position = 0.5
    /// Whether a flip shows tile 2 (tile 1 first).
    public private(set) var showsSecond = false
    /// How much a difference is amplified: a few code values between two good encodes are
    /// invisible at 1.
    public private(set) var gain = 1
    /// Whether a difference compares brightness only (luma), so colour shifts do not show.
    public private(set) var lumaOnly = false

    /// The gains `g` steps through.
    public static let gains = [1, 4, 16, 64]

    public init(mode: CompareMode) {
        self.mode = mode
    }

    public mutating func cycleMode() { mode = mode.next }
    public mutating func flip() { showsSecond.toggle() }
    public mutating func toggleDivider() { divider = divider == .vertical ? .horizontal : .vertical }
    public mutating func toggleLumaOnly() { lumaOnly.toggle() }

    public mutating func cycleGain() {
        let index = Self.gains.firstIndex(of: gain) ?? 0
        gain = Self.gains[(index + 1) % Self.gains.count]
    }

    /// Moves the divider to the pointer at (`x`, `y`) over a picture drawn in `picture`
    /// (same coordinates); a pointer outside puts it at the nearest edge.
    public mutating func moveDivider(toPointerAt x: Double, _ y: Double, in picture: PixelRect) {
        guard !picture.isEmpty, x.isFinite, y.isFinite else { return }
        let fraction = divider == .vertical
            ? (x - Double(picture.x)) / Double(picture.width)
            : (y - Double(picture.y)) / Double(picture.height)
        position = min(max(fraction, 0), 1)
    }

    /// The parts of `picture` that a wipe gives each tile: tile 1's first. Either may be
    /// empty when the divider stands at an edge.
    public func wipeParts(of picture: PixelRect) -> (first: PixelRect, second: PixelRect) {
        switch divider {
        case .vertical:
            let split = Int((Double(picture.width) * position).rounded())
            return (PixelRect(x: picture.x, y: picture.y, width: split, height: picture.height),
                    PixelRect(x: picture.x + split, y: picture.y, width: picture.width - split, height: picture.height))
        case .horizontal:
            let split = Int((Double(picture.height) * position).rounded())
            return (PixelRect(x: picture.x, y: picture.y, width: picture.width, height: split),
                    PixelRect(x: picture.x, y: picture.y + split, width: picture.width, height: picture.height - split))
        }
    }

    /// What the view says about itself, for the line over the picture, with the tiles' names.
    public func caption(first: String, second: String) -> String {
        switch mode {
        case .wipe: divider == .vertical ? "\(first) | \(second)" : "\(first) above, \(second) below"
        case .flip: "flip: " + (showsSecond ? "2 " + second : "1 " + first)
        case .diff: "|\(first) - \(second)| x\(gain)" + (lumaOnly ? ", luma" : "")
        }
    }
}

extension Layout {
    /// The layout of `--compare`: two regions over the whole window, one above the other, so
    /// both tiles are fitted to the same rectangle and painted together.
    public static let comparison = Layout(name: "compare", regions: [
        LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1)),
        LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1), z: 1),
    ])
}
