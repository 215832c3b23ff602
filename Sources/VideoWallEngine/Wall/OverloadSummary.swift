import VideoWallCore

/// How the machine fell behind over a run: the worst figure of the slowest tile (over two
/// seconds of play), and how long the wall played overloaded.
package struct OverloadSummary: Equatable, Sendable {
    package var worst: OverloadMeter.Figure
    package var overloadedTime: Duration

    package init(worst: OverloadMeter.Figure, overloadedTime: Duration) {
        self.worst = worst
        self.overloadedTime = overloadedTime
    }
}
