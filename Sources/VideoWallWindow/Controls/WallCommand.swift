/// What a key or a button asks the wall to do.
public enum WallCommand: Equatable, Sendable {
    case togglePlayPause
    case seekBy(seconds: Double)
    case stepFrames(Int)
    case slower, faster
    case toggleFullscreen
    case toggleMute
    case toggleLoop
    case toggleNames
    case quit
    /// Tile (from 0) whose audio is heard.
    case selectAudio(tile: Int)

    /// Keys as mpv users know them, by GDK key name (`gdk_keyval_name`).
    public static func forKey(_ name: String) -> WallCommand? {
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
        case "l": return .toggleLoop
        case "n": return .toggleNames
        case "q", "Escape": return .quit
        case "1", "2", "3", "4": return .selectAudio(tile: Int(name)! - 1)
        default: return nil
        }
    }
}
