import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallRemote

/// A wall's part in a wall across machines (`videowall lead`, `videowall follow`).
enum WallRole {
    /// Serves the wall's clock on `clockPort` (UDP) and the remote-control protocol on
    /// `controlPort` (TCP).
    case lead(clockPort: Int, controlPort: Int)
    /// Runs on the clock the leader at `host` serves on `clockPort`, and follows its timeline,
    /// read from its control port.
    case follow(host: String, controlPort: Int, clockPort: Int)

    static let defaultClockPort = 9637
    static let defaultControlPort = 9638
}

/// What a follower reads from its leader before it starts.
struct LeaderWall: Sendable {
    var sources: [String]
    var clockPort: Int
    var layout: SharedLayout?
}

/// The live side of a `WallRole` once the wall is loaded: a leader's control port, or a
/// follower's watch on its leader.
@MainActor
enum WallLink {
    /// Starts the leader's control port (before the wall loads, as `--input-ipc-server`).
    /// `plan`: the layout the followers are told (`wall-layout`).
    static func startLeading(_ role: WallRole?, coordinator: Coordinator, plan: TilePlan?, stop: SessionStop) async throws(IPCSocketError) -> WallRemote? {
        guard case .lead(_, let controlPort)? = role else { return nil }
        let remote = try await WallRemote.start(tcpPort: controlPort, coordinator: coordinator)
        remote.sharedLayout = plan?.shared
        stop.whenStopping { [weak remote] in remote?.stop() }
        return remote
    }

    /// A follower, once loaded: waits for its clock to follow the leader's, joins the leader's
    /// timeline, then looks at it twice a second and joins again when it moved otherwise than
    /// this wall did (a pause, a seek, a new speed). A leader that does not answer is said
    /// once; the wall holds its frame until it answers again.
    static func follow(_ role: WallRole?, coordinator: Coordinator, stop: SessionStop) async {
        guard case .follow(let host, let controlPort, _)? = role else { return }
        guard await coordinator.waitForClockSync(timeout: .seconds(10)) else {
            Console.error("follow: the clock of \(TerminalText.quoted(host)) did not synchronise within 10 s")
            stop.stop(.remoteQuit(code: ExitStatus.remoteUnreachable.rawValue))
            return
        }
        // Synchronised is said after the first answers; the estimate settles over the client
        // clock's window of exchanges (32, one per 50 ms at most): joined before, a follower
        // was seen 12 ms off its leader until its clock moved.
        await MainLoop.sleep(seconds: 2)
        var lost = false
        while stop.reason == nil {
            switch await leaderTimeline(host: host, port: controlPort) {
            case .success(let timeline):
                if lost { Console.note("follow: the leader answers again: joining it"); lost = false }
                if needsJoining(coordinator, timeline) { await coordinator.follow(timeline) }
            case .failure(let problem):
                if !lost { Console.warning("follow: lost the leader (\(problem.description)): holding the frame on screen") }
                lost = true
                coordinator.pause()
            }
            await MainLoop.sleep(seconds: 0.5)
        }
    }

    /// Whether the wall shows something else than the leader's timeline says: another state or
    /// speed, or the same frame more than `rejoinThreshold` apart (a seek). Smaller differences
    /// are the clock's estimate moving (the pipeline follows the clock as it is corrected);
    /// joining again for them would cost frames: at 2 ms, on a link with 3 ms of jitter, 1 % of
    /// the frames came 95 ms late.
    private static func needsJoining(_ coordinator: Coordinator, _ leader: WallTimeline) -> Bool {
        guard let mine = coordinator.timeline else { return true }
        if mine.isPlaying != leader.isPlaying || abs(mine.rate - leader.rate) > 1e-9 { return true }
        if leader.isPlaying, let theirs = leader.instant(showing: mine.position) {
            return abs((theirs - mine.instant).nanoseconds) > rejoinThreshold.nanoseconds
        }
        return abs((mine.position - leader.position).nanoseconds) > rejoinThreshold.nanoseconds
    }

    static let rejoinThreshold = MediaTime.milliseconds(20)

    /// The leader's `wall-timeline`, asked for off the main thread.
    nonisolated static func leaderTimeline(host: String, port: Int) async -> Result<WallTimeline, IPCSocketError> {
        await Task.detached { () -> Result<WallTimeline, IPCSocketError> in
            do throws(IPCSocketError) {
                let reply = try IPCClient.request([.string("get_property"), .string("wall-timeline")], host: host, port: port, timeout: .seconds(2))
                guard reply.succeeded, let data = reply.data, let timeline = WallTimeline(json: data) else {
                    return .failure(IPCSocketError(description: "its timeline is unreadable (\(reply.error))"))
                }
                return .success(timeline)
            } catch { return .failure(error) }
        }.value
    }

    /// What a follower asks the leader before it starts: the sources, the clock's port and the
    /// layout (when the leader was given one).
    nonisolated static func leaderWall(host: String, port: Int) async -> Result<LeaderWall, IPCSocketError> {
        await Task.detached { () -> Result<LeaderWall, IPCSocketError> in
            do throws(IPCSocketError) {
                let sources = try IPCClient.request([.string("get_property"), .string("wall-sources")], host: host, port: port, timeout: .seconds(5))
                let clock = try IPCClient.request([.string("get_property"), .string("clock-port")], host: host, port: port, timeout: .seconds(5))
                let layout = try IPCClient.request([.string("get_property"), .string("wall-layout")], host: host, port: port, timeout: .seconds(5))
                guard case .array(let list)? = sources.data, !list.isEmpty, list.count <= LayoutParser.maximumRegionCount else {
                    return .failure(IPCSocketError(description: "the leader names no sources (\(sources.error))"))
                }
                let names = list.compactMap(\.stringValue).filter { !$0.isEmpty && $0.utf8.count <= 4096 }
                guard names.count == list.count else { return .failure(IPCSocketError(description: "the leader's sources are unreadable")) }
                guard let number = clock.data?.doubleValue, number == number.rounded(), (1...65535).contains(number) else {
                    return .failure(IPCSocketError(description: "the leader serves no clock (\(clock.error))"))
                }
                // Unavailable: the leader has no layout file (it chose one by the number of sources).
                var shared: SharedLayout?
                if layout.succeeded {
                    guard let data = layout.data, let readable = SharedLayout(json: data) else {
                        return .failure(IPCSocketError(description: "the leader's layout is unreadable"))
                    }
                    shared = readable
                }
                return .success(LeaderWall(sources: names, clockPort: Int(number), layout: shared))
            } catch { return .failure(error) }
        }.value
    }
}
