import Foundation
import VideoWallCore
import VideoWallFixtures
import VideoWallRemote

/// A wall across machines on this machine: `videowall lead` and N `videowall follow` as
/// separate processes over loopback, each writing its render log. From the logs: how far apart
/// the same frame is released across the processes (the spread, leader included), and how long
/// each follower takes from its start to its first frame within 1 ms of the leader's.
/// Between each follower and the leader, a relay of the bench's own (UDP for the clock, TCP for
/// the control) gives the link's delay, jitter and loss: three profiles, LAN, Wi-Fi-like, poor.
@MainActor
struct WallBench {
    let options: BenchOptions
    let followers: Int
    static let seconds = 20.0

    /// Each follower reaches the leader through relays that give its clock's and its control's
    /// packets `profile`'s delay, jitter and loss.
    func measure(over profile: LinkProfile) async throws -> BenchReport.WallRun {
        let clip = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 900, keyFrameInterval: 30),
                                                            in: options.clipDirectory)
        let folder = NSTemporaryDirectory() + "videowall-wall-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clockPort = try FreePort.udp(), controlPort = try FreePort.tcp()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let leader = try ChildProcess([options.executable, "lead", "--headless", "--quit-after", String(Self.seconds + 8),
                                       "--clock-port", String(clockPort), "--control-port", String(controlPort),
                                       "--render-log", folder + "/leader.log", clip], environment: environment)
        // Until the leader answers on its control port.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let answered = await Task.detached {
                (try? IPCClient.request([.string("get_property"), .string("wall-timeline")], host: "127.0.0.1", port: controlPort, timeout: .seconds(1)))?.succeeded == true
            }.value
            if answered { break }
            await sleep(seconds: 0.2)
        }
        var started: [UInt64] = []
        var children: [ChildProcess] = []
        var relays: [(UDPRelay, TCPRelay)] = []
        defer { for (udp, tcp) in relays { udp.stop(); tcp.stop() } }
        for index in 1...followers {
            let relay = (try UDPRelay(port: try FreePort.udp(), targetPort: clockPort, profile: profile),
                         try TCPRelay(port: try FreePort.tcp(), targetPort: controlPort, profile: profile))
            relays.append(relay)
            started.append(UInt64(clamping: SystemMonotonicClock().now.nanoseconds))
            children.append(try ChildProcess([options.executable, "follow", "--headless", "--quit-after", String(Self.seconds),
                                              "--clock-port", String(relay.0.port), "--render-log", folder + "/follower\(index).log",
                                              "127.0.0.1:\(relay.1.port)"], environment: environment))
        }
        for child in children {
            let usage = await child.finished()
            guard usage.status == 0 else { throw BenchError("a follower exited \(usage.status): \(usage.output.suffix(400))") }
        }
        leader.interrupt()
        _ = await leader.finished()

        let leaderFrames = try Self.releases(folder + "/leader.log")
        var logs: [[Int: UInt64]] = []
        var joins: [Double] = []
        for index in 1...followers {
            let frames = try Self.releases(folder + "/follower\(index).log")
            logs.append(frames)
            // Its first frame within 1 ms of the leader's, from its start.
            if let first = frames.sorted(by: { $0.key < $1.key }).first(where: { frame, release in
                leaderFrames[frame].map { abs(Int64(release) - Int64($0)) <= 1_000_000 } ?? false
            }) {
                joins.append(Double(first.value - min(first.value, started[index - 1])) / 1e9)
            }
        }
        // Every frame all of them showed, from the fourth after the last follower joined.
        let shared = logs.reduce(Set(leaderFrames.keys)) { $0.intersection($1.keys) }.sorted().dropFirst(3)
        let spreads = shared.map { frame -> Double in
            let releases = [leaderFrames[frame]!] + logs.map { $0[frame]! }
            return Double(releases.max()! - releases.min()!) / 1e6
        }
        return BenchReport.WallRun(followers: followers, link: profile.name, framesCompared: spreads.count,
                                   spreadMilliseconds: Percentiles.of(spreads), secondsToFirstFrameInSync: joins)
    }

    /// Frame index (at 30 fps) to release moment, from a render log's tile 1.
    static func releases(_ path: String) throws -> [Int: UInt64] {
        RenderLogEntry.firstReleases(RenderLogEntry.entries(in: try String(contentsOfFile: path, encoding: .utf8)), tile: 1, frameRate: 30)
    }
}
