/// What a key or a button asks the wall to do.
public enum WallCommand: Equatable, Sendable {
    case togglePlayPause
    case seekBy(seconds: Double)
    case stepFrames(Int)
    case slower, faster
    case toggleFullscreen
    case toggleMute
    case toggleLoop
    /// mpv's `l`: set A, then B (the wall loops between them), then clear.
    case cycleABLoop
    case toggleNames
    case quit
    /// Tile (from 0) whose audio is heard.
    case selectAudio(tile: Int)
    /// Tile (from 0) that the offset keys move; the selected tile again: none.
    case selectTile(Int)
    /// The selected tile alone moves by this many of its frames (positive: on), by changing
    /// its offset; the others keep their frames.
    case nudgeFrames(Int)
    /// The selected tile's offset changes by this many milliseconds (positive: later).
    case nudgeMilliseconds(Int)
    /// The selected tile's offset goes back to 0.
    case resetOffset
    /// The selected playlist tile, or every playlist tile, shows its next item now (mpv's
    /// `>` and Enter) or its previous one (`<`).
    case nextItem, previousItem
    /// Every tile's frame at its source resolution and the window, saved together (`s`).
    case takeScreenshots
    /// The frame info overlay on every tile, on or off (`i`).
    case toggleInfo
    /// Zoom back to the whole picture (`z`).
    case resetZoom
    /// Zoom to one source pixel per screen pixel (`Z`).
    case showSourcePixels
    /// Source pixels enlarged as sharp blocks (nearest-neighbour) or smoothly, on every tile (`N`).
    case toggleNearest
    /// The selected tile zooms on its own, or with the others again (`u`).
    case toggleZoomLink
    /// PSNR and SSIM of tile 2 against tile 1 for the frames on screen (`I`).
    case measureQuality
    /// With `--compare`: the next view, wipe, flip, difference (`c`).
    case cycleCompareView
    /// With `--compare`: the other tile, in a flip (`Tab`).
    case flipCompare
    /// With `--compare`: the next gain of the difference, 1, 4, 16, 64 (`g`).
    case cycleDifferenceGain
    /// With `--compare`: the difference of brightness only, or of every colour (`Y`).
    case toggleLumaDifference
    /// With `--compare`: the wipe's divider vertical or horizontal (`W`).
    case toggleWipeDivider

    /// Held modifier keys (`GdkModifierType`'s control and alt, mod1).
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let control = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
    }

    /// Keys as mpv users know them, by GDK key name (`gdk_keyval_name`), and VideoWall's own
    /// with Ctrl or Alt (mpv binds neither `Ctrl+.` nor `Alt+1`).
    public static func forKey(_ name: String, modifiers: Modifiers = []) -> WallCommand? {
        if modifiers.contains(.control) {
            switch name {
            case "period": return .nudgeFrames(1)
            case "comma": return .nudgeFrames(-1)
            // With Shift: `>` and `<`.
            case "greater": return .nudgeFrames(10)
            case "less": return .nudgeFrames(-10)
            default: return nil
            }
        }
        if modifiers.contains(.alt) {
            switch name {
            case "1", "2", "3", "4": return .selectTile(Int(name)! - 1)
            // The tile shows 1 ms later (`.`) or earlier (`,`) media: its offset goes down or up.
            case "period": return .nudgeMilliseconds(-1)
            case "comma": return .nudgeMilliseconds(1)
            case "BackSpace": return .resetOffset
            default: return nil
            }
        }
        switch name {
        case "space", "p": return .togglePlayPause
        case "Left": return .seekBy(seconds: -5)
        case "Right": return .seekBy(seconds: 5)
        case "Down": return .seekBy(seconds: -60)
        case "Up": return .seekBy(seconds: 60)
        case "period": return .stepFrames(1)
        case "comma": return .stepFrames(-1)
        case "bracketleft": return .slower
        case "bracketright": return .faster
        case "f": return .toggleFullscreen
        case "m": return .toggleMute
        case "l": return .cycleABLoop
        case "L": return .toggleLoop
        case "n": return .toggleNames
        case "s": return .takeScreenshots
        case "i": return .toggleInfo
        case "z": return .resetZoom
        case "Z": return .showSourcePixels
        case "N": return .toggleNearest
        case "u": return .toggleZoomLink
        case "I": return .measureQuality
        case "c": return .cycleCompareView
        case "Tab": return .flipCompare
        case "g": return .cycleDifferenceGain
        case "Y": return .toggleLumaDifference
        case "W": return .toggleWipeDivider
        case "greater", "Return", "KP_Enter": return .nextItem
        case "less": return .previousItem
        case "q", "Escape": return .quit
        case "1", "2", "3", "4": return .selectAudio(tile: Int(name)! - 1)
        default: return nil
        }
    }
}
