import VideoWallCore

/// How the machine fell behind over a run: the worst figure of the slowest tile (over two
/// seconds of play), and how long the wall played overloaded.
public struct OverloadSummary: Equatable, Sendable {
    public var worst: OverloadMeter.Figure
    public var overloadedTime: Duration

    public init(worst: OverloadMeter.Figure, overloadedTime: Duration) {
        self.worst = worst
        self.overloadedTime = overloadedTime
    }
}
