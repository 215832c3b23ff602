import VideoWallCore

/// Who is at the other end of a remote-control connection, and so what it may ask. Each
/// transport gives its clients one role: the Unix socket `owner`, a control port `follower`,
/// or `control` to a client that proved the leader's control key.
public enum ControlRole: String, Sendable, CaseIterable {
    /// The Unix socket (mode 0600: the wall's own user): everything.
    case owner
    /// A control-port client that proved the control key: the whole wall, but not stopping
    /// the program or writing files on the leader's machine.
    case control
    /// A control-port client that proved the wall key (or any client of a keyless control
    /// port, which listens on loopback only): what a follower reads and reports.
    case follower

    /// What a follower reads of its leader: where the wall is on its clock, its sources, its
    /// clock's port and layout, and the other followers' figures (and each text overlay's
    /// words, `overlay/N/text`, so every screen shows the same).
    public static let followerProperties: Set<String> = ["wall-timeline", "wall-sources", "clock-port", "wall-layout", "wall-followers"]

    public func allows(_ command: IPCCommand) -> Bool {
        switch self {
        case .owner:
            return true
        case .control:
            switch command {
            case .quit, .screenshotToFile: return false
            default: return true
            }
        case .follower:
            switch command {
            case .getProperty(let name, _):
                if case .overlayText? = WallProperty(name: name) { return true }
                return Self.followerProperties.contains(name)
            case .wallReport, .clientName, .getVersion, .setEventEnabled: return true
            default: return false
            }
        }
    }
}
