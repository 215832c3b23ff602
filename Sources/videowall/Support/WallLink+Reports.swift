import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine
import VideoWallRemote

/// A follower's reports to its leader (`wall-report`, `FollowerReport`): what it says once a
/// second of how it fares, so the machine the wall is run from knows each screen's state.
extension WallLink {
    /// How often a follower reports to its leader (`wall-report`).
    static let reportInterval = Duration.seconds(1)

    /// What the follower tells its leader: its screen and machine, its clock, how far its frames
    /// are from the leader's (while both play the same timeline) and whether it keeps up.
    static func report(of wall: Wall, against leader: WallTimeline, screen: String?, host: String?) -> FollowerReport {
        let clock = wall.clockStatistics
        func milliseconds(_ time: MediaTime) -> Double { min(FollowerReport.largestMilliseconds, abs(time.seconds) * 1000) }
        var apart: Double?
        if leader.isPlaying, let mine = wall.timeline, mine.isPlaying, wall.playlistItems?.count != 1,
           let distance = distance(of: mine, from: leader, wall) {
            apart = milliseconds(distance)
        }
        let statistics = wall.tiles.compactMap(\.statistics)
        return FollowerReport(screen: screen, host: host, synchronised: clock?.synchronised ?? false,
                              roundTripMilliseconds: clock.map { milliseconds($0.roundTrip) },
                              clockErrorMilliseconds: clock.map { milliseconds(max($0.maximumError, .zero - $0.minimumError)) },
                              apartMilliseconds: apart, overload: wall.overload.map(Self.bounded),
                              framesRendered: statistics.map(\.framesRendered).reduce(0, +), framesDropped: statistics.map(\.framesDropped).reduce(0, +))
    }

    private static func bounded(_ figure: OverloadMeter.Figure) -> OverloadMeter.Figure {
        func bounded(_ rate: Double) -> Double { rate.isFinite ? min(max(rate, 0), FollowerReport.largestFrameRate) : 0 }
        return OverloadMeter.Figure(shownPerSecond: bounded(figure.shownPerSecond), duePerSecond: bounded(figure.duePerSecond))
    }

    /// Sends `report` off the main thread; a leader that refuses it (one older than reports) is
    /// said once, and the follower follows on.
    static func report(_ report: FollowerReport, over leader: ControlPortConnection) async {
        let refused = await Task.detached { () -> String? in
            do throws(IPCSocketError) {
                let reply = try leader.request([.string("wall-report"), report.json])
                return reply.succeeded ? nil : reply.error
            } catch { return nil }  // the next timeline read says the leader is lost
        }.value
        if let refused, !reportRefusalSaid {
            reportRefusalSaid = true
            Console.warning("follow: the leader does not take this follower's reports (\(TerminalText.shortened(refused))); following on")
        }
    }

    private static var reportRefusalSaid = false

    /// This machine's name (`gethostname`), named in its reports; nil when it has none.
    static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(cString: buffer)
        return name.isEmpty ? nil : String(name.prefix(FollowerReport.longestName))
    }
}
