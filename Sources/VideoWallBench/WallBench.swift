import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallFixtures
import VideoWallRemote

/// A wall across machines on this machine: `videowall lead` and N `videowall follow` as
/// separate processes over loopback, each writing its render log. Between each follower and
/// the leader, a relay of the bench's own (UDP for the clock, TCP for the control) gives the
/// link's delay, jitter and loss: three profiles, LAN, Wi-Fi-like, poor.
///
/// The leader loops a 12 s frame-coded clip and is driven through its control port as an
/// operator's remote would drive it: once the followers have joined, a pause and a resume, a
/// seek near the clip's end (so the loop wraps soon after), a change of speed, and a restart of
/// the leader (a new process on the same ports, its clock from a new origin). From the logs,
/// for each phase: how far apart the same frame is released across the processes (the
/// spread, leader included), which of the leader's frames a follower did not show, and how long
/// after the change every follower showed the leader's frame within 1 ms of it again.
@MainActor
struct WallBench {
    let options: BenchOptions
    let followers: Int

    /// When each change is made, in seconds from the followers' start.
    enum Schedule {
        static let steadyFrom = 5.0
        static let pause = 8.0
        static let resume = 9.5
        static let seek = 12.0
        static let seekTarget = 8.5
        static let speed = 18.0
        static let restart = 23.0
        static let end = 36.0
    }
    static var seconds: Double { Schedule.end }

    /// What a run needs: the looping clip, a folder for the render logs, free ports for the
    /// leader's clock and control, and the processes' environment (no display).
    private struct Stage {
        let clip: String, folder: String
        let clockPort: Int, controlPort: Int
        let environment: [String: String]
    }

    /// `name` names the run's folder among the kept ones (`--keep-logs`).
    private func prepare(_ name: String) async throws -> Stage {
        let clip = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 360, keyFrameInterval: 30),
                                                            in: options.clipDirectory)
        let folder = options.keptLogs.map { "\($0)/\(name)-\(Self.stamp())" } ?? NSTemporaryDirectory() + "videowall-wall-bench-\(UUID().uuidString)"
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw BenchError("cannot make the folder for the render logs \(TerminalText.quoted(folder, limit: TerminalText.nameLimit)): \(error.localizedDescription)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        return Stage(clip: clip, folder: folder, clockPort: try FreePort.udp(), controlPort: try FreePort.tcp(), environment: environment)
    }

    /// The run's folder goes, unless it is kept (`--keep-logs`).
    private func discard(_ stage: Stage) {
        if options.keptLogs == nil { try? FileManager.default.removeItem(atPath: stage.folder) }
    }

    /// Where a process's output goes: beside its render log when the logs are kept.
    private func output(_ stage: Stage, _ name: String) -> String? {
        options.keptLogs == nil ? nil : stage.folder + "/" + name + ".out"
    }

    /// The time now, for a kept folder's name (UTC, to the second).
    private static func stamp() -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd-HHmmss"
        return format.string(from: Date())
    }

    /// A looping leader writing its render log to `log`, once it answers on its control port.
    private func startLeader(_ stage: Stage, log: String, seconds: Double) async throws -> ChildProcess {
        let leader = try ChildProcess([options.executable, "lead", "--headless", "--loop", "--quit-after", String(seconds),
                                       "--clock-port", String(stage.clockPort), "--control-port", String(stage.controlPort),
                                       "--render-log", stage.folder + "/" + log, "--input-ipc-server", stage.folder + "/leader.sock", stage.clip],
                                      environment: stage.environment,
                                      output: output(stage, (log as NSString).deletingPathExtension))
        guard await Self.answers(stage.controlPort, within: 20) else { throw BenchError("the leader did not answer on its control port within 20 s") }
        return leader
    }

    /// A follower's link to the leader: its clock (UDP) and its control port (TCP), each through
    /// a relay of `profile`.
    private static func relays(to stage: Stage, over profile: LinkProfile) throws -> (UDPRelay, TCPRelay) {
        (try UDPRelay(port: try FreePort.udp(), targetPort: stage.clockPort, profile: profile),
         try TCPRelay(port: try FreePort.tcp(), targetPort: stage.controlPort, profile: profile))
    }

    /// A follower reaching the leader through `relay`, writing its render log as `follower<index>.log`.
    private func startFollower(_ stage: Stage, index: Int, through relay: (UDPRelay, TCPRelay), seconds: Double) throws -> ChildProcess {
        try ChildProcess([options.executable, "follow", "--headless", "--media-root", (stage.clip as NSString).deletingLastPathComponent, "--quit-after", String(seconds),
                          "--clock-port", String(relay.0.port), "--render-log", stage.folder + "/follower\(index).log",
                          "127.0.0.1:\(relay.1.port)"], environment: stage.environment, output: output(stage, "follower\(index)"))
    }

    func measure(over profile: LinkProfile) async throws -> BenchReport.WallRun {
        let stage = try await prepare(profile.folderName)
        defer { discard(stage) }
        let folder = stage.folder
        var leader = try await startLeader(stage, log: "leader1.log", seconds: Schedule.end + 20)

        var relays: [(UDPRelay, TCPRelay)] = []
        defer { for (udp, tcp) in relays { udp.stop(); tcp.stop() } }
        let start = Self.now()
        var children: [ChildProcess] = []
        for index in 1...followers {
            let relay = try Self.relays(to: stage, over: profile)
            relays.append(relay)
            children.append(try startFollower(stage, index: index, through: relay, seconds: Schedule.end + 20))
        }
        // The operator's changes, on the leader's own socket (its control port serves followers).
        var changes: [(name: String, at: UInt64)] = []
        func at(_ seconds: Double) async { await sleep(seconds: max(0, Double(start) / 1e9 + seconds - Double(Self.now()) / 1e9)) }
        func send(_ name: String, _ command: [JSONValue]) async throws {
            let reply = await Task.detached { try? IPCClient.request(command, at: folder + "/leader.sock", timeout: .seconds(2)) }.value
            guard reply?.succeeded == true else { throw BenchError("the leader refused \(name): \(reply?.error ?? "no answer")") }
            changes.append((name, Self.now()))
        }
        await at(Schedule.pause)
        try await send("pause", [.string("set_property"), .string("pause"), .bool(true)])
        await at(Schedule.resume)
        try await send("resume", [.string("set_property"), .string("pause"), .bool(false)])
        await at(Schedule.seek)
        try await send("seek", [.string("seek"), .number(Schedule.seekTarget), .string("absolute")])
        await at(Schedule.speed)
        try await send("speed", [.string("set_property"), .string("speed"), .number(1.5)])
        await at(Schedule.restart)
        leader.interrupt()
        _ = await leader.finished()
        leader = try await startLeader(stage, log: "leader2.log", seconds: Schedule.end + 20)
        changes.append(("restart", Self.now()))
        await at(Schedule.end)
        try await Self.stop(followers: children, leader: leader)

        let first = try Self.entries(folder + "/leader1.log"), second = try Self.entries(folder + "/leader2.log")
        let logs = try (1...followers).map { try Self.entries(folder + "/follower\($0).log") }
        func moment(_ name: String) -> UInt64 { changes.first { $0.name == name }?.at ?? 0 }
        let wrap = first.wrapAfter(moment("seek")) ?? moment("seek")
        let seconds = { (value: Double) in start + UInt64(value * 1e9) }
        let phases = [
            Self.phase("steady", from: seconds(Schedule.steadyFrom), to: moment("pause"), leader: first, followers: logs),
            Self.phase("after pause and resume", from: moment("resume"), to: moment("seek"), leader: first, followers: logs),
            Self.phase("after seek", from: moment("seek"), to: wrap, leader: first, followers: logs),
            Self.phase("after loop wrap", from: wrap, to: moment("speed"), leader: first, followers: logs),
            Self.phase("after speed 1.5", from: moment("speed"), to: moment("restart") - min(moment("restart"), 2_000_000_000), leader: first, followers: logs),
            Self.phase("after leader restart", from: moment("restart"), to: seconds(Schedule.end), leader: second, followers: logs),
        ]
        // Per follower, from its start to its first frame within 1 ms of the leader's.
        let joins = logs.compactMap { log in
            first.frames.first { frame in log.nearest(to: frame).map { Self.apart($0, frame.release) <= 1_000_000 } ?? false }
                .map { Double($0.release - min($0.release, start)) / 1e9 }
        }
        return BenchReport.WallRun(followers: followers, link: profile.name, framesCompared: phases[0].framesCompared,
                                   spreadMilliseconds: phases[0].spreadMilliseconds, secondsToFirstFrameInSync: joins, phases: phases)
    }

    /// A long steady run on a LAN link, no changes: the spread minute by minute, to see whether
    /// the followers drift from the leader (`videowall bench --wall N --wall-seconds S`).
    func measureDrift(seconds: Double) async throws -> BenchReport.WallDrift {
        let stage = try await prepare("drift")
        defer { discard(stage) }
        let folder = stage.folder
        let leader = try await startLeader(stage, log: "leader.log", seconds: seconds + 60)
        let relays = try (1...followers).map { _ in try Self.relays(to: stage, over: .lan) }
        defer { for (udp, tcp) in relays { udp.stop(); tcp.stop() } }
        let start = Self.now()
        let children = try (1...followers).map { index in try startFollower(stage, index: index, through: relays[index - 1], seconds: seconds + 60) }
        await sleep(seconds: seconds)
        try await Self.stop(followers: children, leader: leader)
        let leaderFrames = try Self.entries(folder + "/leader.log")
        let logs = try (1...followers).map { try Self.entries(folder + "/follower\($0).log") }
        // Minute by minute, from the fifth second (the followers have joined).
        var minutes: [BenchReport.WallPhase] = []
        var from = start + 5_000_000_000
        let end = start + UInt64(seconds * 1e9)
        while from < end {
            let to = min(end, from + 60_000_000_000)
            minutes.append(Self.phase("minute \(minutes.count + 1)", from: from, to: to, leader: leaderFrames, followers: logs))
            from = to
        }
        return BenchReport.WallDrift(followers: followers, seconds: seconds, minutes: minutes)
    }

    /// Stops the followers, then the leader (SIGINT: each writes the rest of its render log);
    /// a follower that did not end well fails the run.
    private static func stop(followers: [ChildProcess], leader: ChildProcess) async throws {
        for child in followers { child.interrupt() }
        for child in followers {
            let usage = await child.finished()
            guard usage.status == 0 else { throw BenchError("a follower exited \(usage.status): \(usage.output.suffix(400))") }
        }
        leader.interrupt()
        _ = await leader.finished()
    }

    /// The leader's frames released from `from` to `to` against every follower's release of the
    /// same frame in the same pass.
    static func phase(_ name: String, from: UInt64, to: UInt64, leader: RenderLogFrames, followers: [RenderLogFrames]) -> BenchReport.WallPhase {
        var spreads: [Double] = []
        var missed = 0
        var backInSync: UInt64?
        for frame in leader.frames where frame.release >= from && frame.release < to {
            let matched = followers.compactMap { $0.nearest(to: frame) }
            guard matched.count == followers.count else { missed += 1; continue }
            let releases = [frame.release] + matched
            let spread = releases.max()! - releases.min()!
            spreads.append(Double(spread) / 1e6)
            if backInSync == nil, spread <= 1_000_000 { backInSync = frame.release }
        }
        return BenchReport.WallPhase(name: name, framesCompared: spreads.count, framesMissed: missed,
                                     spreadMilliseconds: Percentiles.of(spreads),
                                     secondsToSync: backInSync.map { Double($0 - min($0, from)) / 1e9 })
    }

    static func entries(_ path: String) throws -> RenderLogFrames {
        RenderLogFrames(RenderLogEntry.entries(in: try String(contentsOfFile: path, encoding: .utf8)).filter { $0.tile == 1 })
    }

    nonisolated static func apart(_ a: UInt64, _ b: UInt64) -> UInt64 { a > b ? a - b : b - a }

    nonisolated static func now() -> UInt64 { UInt64(clamping: SystemMonotonicClock().now.nanoseconds) }

    /// Whether the leader answers on its control port within `seconds`.
    static func answers(_ port: Int, within seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let answered = await Task.detached {
                (try? IPCClient.request([.string("get_property"), .string("wall-timeline")], host: "127.0.0.1", port: port, timeout: .seconds(1)))?.succeeded == true
            }.value
            if answered { return true }
            await sleep(seconds: 0.2)
        }
        return false
    }
}

/// One tile's frames from a render log, in the order released, found by timestamp: a looping
/// or sought wall shows a frame once per pass.
struct RenderLogFrames {
    let frames: [RenderLogEntry]
    private let releasesByFrame: [UInt64: [UInt64]]

    init(_ entries: [RenderLogEntry]) {
        frames = entries.sorted { $0.release < $1.release }
        releasesByFrame = Dictionary(grouping: frames, by: \.presentationTime).mapValues { $0.map(\.release) }
    }

    /// This log's release of `frame` nearest to the other log's, if within half a second (the
    /// same pass: passes of the bench's clip are seconds apart).
    func nearest(to frame: RenderLogEntry) -> UInt64? {
        releasesByFrame[frame.presentationTime]?.min { WallBench.apart($0, frame.release) < WallBench.apart($1, frame.release) }
            .flatMap { WallBench.apart($0, frame.release) <= 500_000_000 ? $0 : nil }
    }

    /// The release of the first frame after `moment` that starts the clip again after a later
    /// one: where the loop wrapped (a seek backwards lands elsewhere than the start).
    func wrapAfter(_ moment: UInt64) -> UInt64? {
        zip(frames, frames.dropFirst()).first {
            $0.1.release > moment && $0.1.presentationTime < $0.0.presentationTime && $0.1.presentationTime < 100_000_000
        }?.1.release
    }
}
