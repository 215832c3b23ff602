/// What a tile does when its media ends.
public enum EndOfStreamPolicy: String, Sendable, CaseIterable {
    /// Keep showing the last frame (the default: a wall should not go black mid-presentation).
    case hold
    /// Start again from the beginning.
    case loop
    /// Stop and clear the tile.
    case stop

    public static let `default` = EndOfStreamPolicy.hold
}
