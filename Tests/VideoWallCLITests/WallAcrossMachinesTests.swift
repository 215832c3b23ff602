import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// `videowall lead` and `videowall follow` as separate processes over loopback: the followers
/// take the leader's clock and timeline, and their render logs, read from outside, show each
/// frame released when the leader's log does; garbage on the control port is answered with an
/// error and the wall plays on.
final class WallAcrossMachinesTests: XCTestCase {
    /// How far the worst single frame of a follower may be from the leader's: under half a
    /// 30 fps frame, so a frame shown a whole frame early or late (33 ms) still fails, while
    /// p99 is held to 1 ms. Two or three walls on two cores meet the scheduler and their
    /// clocks' corrections: 4.4 ms and 10.2 ms for one frame in fresh-clone runs.
    static let worstFrame: Int64 = 16_000_000

    func testTwoFollowersShowTheLeadersFramesAtTheSameMoments() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 600, keyFrameInterval: 30)) }
        let scratch = try WallScratch("vw-wall")
        defer { withExtendedLifetime(scratch) {} }
        let (folder, controlPort) = (scratch.folder, scratch.controlPort)

        let leaderRun = BackgroundRun(scratch.leaderArguments(quitAfter: 60, [clip]), timeout: 90)
        let runs = Runs()
        // The leader answers on its control port once it serves; then it is 1 s into the clip.
        let serving = Date().addingTimeInterval(15)
        var timeline: WallTimeline?
        while Date() < serving, timeline == nil {
            if let reply = try? IPCClient.request([.string("get_property"), .string("wall-timeline")], host: "127.0.0.1", port: controlPort, timeout: .seconds(1)),
               let data = reply.data { timeline = WallTimeline(json: data) }
            if timeline == nil { Thread.sleep(forTimeInterval: 0.2) }
        }
        XCTAssertNotNil(timeline, "the leader's control port tells its timeline")
        Thread.sleep(forTimeInterval: 1)

        // Garbage on the control port: an error line, and the wall plays on.
        let garbage = try Self.exchange("this is not json\n", port: controlPort)
        XCTAssertTrue(garbage.contains("\"error\""), "answered with an error: \(garbage)")

        for name in ["follower1", "follower2"] {
            runs.start(name) {
                try CommandRunner.run(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "6", "--render-log", folder + "/\(name).log", "--report", folder + "/\(name).json",
                                       "127.0.0.1:\(controlPort)"], timeout: 40)
            }
        }
        var results = runs.wait()
        results["leader"] = try leaderRun.stop()
        for (name, result) in results {
            XCTAssertEqual(result?.status, 0, "\(name): \(result?.standardError ?? "did not run")")
        }
        let leader = try Self.releases(folder + "/leader.log")
        XCTAssertGreaterThan(leader.count, 200, "the leader played on")
        for name in ["follower1", "follower2"] {
            let follower = try Self.releases(folder + "/\(name).log").sorted { $0.key < $1.key }
            XCTAssertGreaterThan(follower.count, 60, "\(name) played, from the moment it joined")
            // From the fourth frame after it joined: each frame against the leader's same frame.
            let apart = follower.dropFirst(3).compactMap { frame, release in leader[frame].map { abs(Int64(release) - Int64($0)) } }
            XCTAssertEqual(apart.count, follower.count - 3, "\(name): every frame it showed, the leader showed too")
            guard !apart.isEmpty else { XCTFail("\(name) showed none of the leader's frames"); continue }
            let sorted = apart.sorted()
            let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            XCTAssertLessThanOrEqual(p99, 1_000_000, "\(name): p99 \(Double(p99) / 1e6) ms apart (LAN target 1 ms)")
            XCTAssertLessThanOrEqual(sorted.last ?? .max, Self.worstFrame, "\(name): worst \(Double(sorted.last ?? 0) / 1e6) ms")
            // The report says how well its clock followed the leader's.
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/\(name).json"))) as? [String: Any]
            let clock = try XCTUnwrap(report?["clock"] as? [String: Any], "\(name): the clock in the report")
            XCTAssertEqual(clock["synchronised"] as? Bool, true)
            XCTAssertLessThan(clock["roundTripMilliseconds"] as? Double ?? .infinity, 50, "over loopback")
        }
    }

    /// The leader stops and another starts on the same ports, its clock counting from its own
    /// start (a new origin, as a rebooted or replaced leader's): the follower holds its frame
    /// meanwhile, takes up the new clock with a new client clock, and shows the new leader's
    /// frames when it does.
    func testAFollowerSurvivesALeaderRestart() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 600, keyFrameInterval: 45, audio: true)) }
        let scratch = try WallScratch("vw-restart")
        defer { withExtendedLifetime(scratch) {} }
        let (folder, clockPort, controlPort) = (scratch.folder, scratch.clockPort, scratch.controlPort)
        func leader(_ name: String) -> BackgroundRun {
            BackgroundRun(["lead", "--headless", "--quit-after", "60", "--clock-port", "\(clockPort)", "--control-port", "\(controlPort)",
                           "--render-log", folder + "/\(name).log", clip], timeout: 90)
        }
        let first = leader("first")
        XCTAssertTrue(Self.waitForTimeline(port: controlPort), "the first leader serves")
        let follower = BackgroundRun(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "60", "--render-log", folder + "/follower.log",
                                      "127.0.0.1:\(controlPort)"], timeout: 90)
        // The first leader goes once the follower plays with it; the second comes a second later.
        let before = try XCTUnwrap(WallPauseTests.waitForFollowerInSync(port: controlPort, frames: 30, timeout: 15), "the follower joined the first leader")
        XCTAssertEqual(try first.stop().status, 0)
        Thread.sleep(forTimeInterval: 1)
        let second = leader("second")
        // Both stop once the follower has played 5 s with the new leader (its count goes on
        // from the frames it showed with the first: up to a second's more than it said, as it
        // reports once a second).
        XCTAssertNotNil(WallPauseTests.waitForFollowerInSync(port: controlPort, frames: before + 30 + 150, timeout: 25), "the follower joined the second leader")
        let followerResult = try follower.stop()
        let secondResult = try second.stop()
        XCTAssertEqual(secondResult.status, 0, secondResult.standardError)
        XCTAssertEqual(followerResult.status, 0, followerResult.standardError)
        let said = followerResult.standardError
        XCTAssertTrue(said.contains("follow: lost the leader"), said)
        XCTAssertTrue(said.contains("follow: the leader restarted (a new clock)"), said)

        // The new leader's frames against the follower's from the last 4 s both played, after
        // the follower joined again.
        let leaderFrames = try Self.releases(folder + "/second.log")
        let entries = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/follower.log", encoding: .utf8)).filter { $0.tile == 1 }
        let end = min(try XCTUnwrap(entries.map(\.release).max()), try XCTUnwrap(leaderFrames.values.max()))
        let late = entries.filter { $0.release + 4_000_000_000 > end && $0.release <= end }
        XCTAssertGreaterThan(late.count, 90, "the follower played on after the restart: \(said)")
        let apart = late.compactMap { entry in
            leaderFrames[Int((Double(entry.presentationTime) * 30 / 1e9).rounded())].map { abs(Int64(entry.release) - Int64($0)) }
        }
        XCTAssertEqual(apart.count, late.count, "every frame it showed, the new leader showed too")
        guard !apart.isEmpty else { return XCTFail("the follower showed none of the new leader's frames: \(said)") }
        let sorted = apart.sorted()
        XCTAssertLessThanOrEqual(sorted[min(sorted.count - 1, sorted.count * 99 / 100)], 1_000_000, "p99 of \(sorted.count) frames")
        XCTAssertLessThanOrEqual(sorted.last ?? .max, Self.worstFrame, "worst \(Double(sorted.last ?? 0) / 1e6) ms")
    }

    /// A looping leader (a 2 s clip with sound, key frames every 13 frames): the follower,
    /// given no --loop, loops with it, and shows each frame of every pass when the leader does.
    func testAFollowerLoopsWithItsLeader() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 60, keyFrameInterval: 13, audio: true, sound: .aacMono44k)) }
        let scratch = try WallScratch("vw-loop")
        defer { withExtendedLifetime(scratch) {} }
        let (folder, clockPort, controlPort) = (scratch.folder, scratch.clockPort, scratch.controlPort)
        let leaderRun = BackgroundRun(["lead", "--headless", "--loop", "--quit-after", "60", "--clock-port", "\(clockPort)", "--control-port", "\(controlPort)",
                                       "--render-log", folder + "/leader.log", clip], timeout: 90)
        XCTAssertTrue(Self.waitForTimeline(port: controlPort), "the leader serves")
        let runs = Runs()
        runs.start("follower") {
            try CommandRunner.run(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "9", "--render-log", folder + "/follower.log", "127.0.0.1:\(controlPort)"], timeout: 40)
        }
        var results = runs.wait()
        results["leader"] = try leaderRun.stop()
        for (name, result) in results { XCTAssertEqual(result?.status, 0, "\(name): \(result?.standardError ?? "did not run")") }
        let leader = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/leader.log", encoding: .utf8)).filter { $0.tile == 1 }
        let follower = RenderLogEntry.entries(in: try String(contentsOfFile: folder + "/follower.log", encoding: .utf8)).filter { $0.tile == 1 }
        // Each of the follower's frames against the leader's release of the same frame in the
        // same pass (the nearest one: passes are 2 s apart), from the fourth after it joined.
        let apart = follower.dropFirst(3).compactMap { entry in
            leader.filter { $0.presentationTime == entry.presentationTime }.map { abs(Int64(entry.release) - Int64($0.release)) }.min()
        }
        let wraps = zip(follower, follower.dropFirst()).filter { $0.1.presentationTime < $0.0.presentationTime }.count
        let said = results["follower"]??.standardError ?? ""
        XCTAssertGreaterThanOrEqual(wraps, 2, "the follower wrapped with the leader: \(said)")
        XCTAssertEqual(apart.count, follower.count - 3, "every frame it showed, the leader showed too")
        guard !apart.isEmpty else { return XCTFail("the follower showed no frame: \(said)") }
        let sorted = apart.sorted()
        // Which frames were apart, and by how much, for a failure to be read.
        let off = zip(follower.dropFirst(3), apart).filter { $0.1 > 1_000_000 }
            .map { String(format: "%.0f ms: %.3f ms", Double($0.0.presentationTime) / 1e6, Double($0.1) / 1e6) }.prefix(12)
        XCTAssertLessThanOrEqual(sorted[min(sorted.count - 1, sorted.count * 99 / 100)], 1_000_000, "p99 of \(sorted.count) frames; apart: \(off)")
        XCTAssertLessThanOrEqual(sorted.last ?? .max, 4_000_000, "worst \(Double(sorted.last ?? 0) / 1e6) ms; apart: \(off)")
    }

    /// Waits (at most 15 s) until the leader on `port` tells its timeline (to a client that
    /// proves `key`, when it has one).
    static func waitForTimeline(port: Int, key: WallKey? = nil) -> Bool {
        let serving = Date().addingTimeInterval(15)
        while Date() < serving {
            if let reply = try? IPCClient.request([.string("get_property"), .string("wall-timeline")], host: "127.0.0.1", port: port, key: key, timeout: .seconds(1)),
               let data = reply.data, WallTimeline(json: data) != nil { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }

    func testAFollowerWithNoLeaderSaysSoAndABadLeaderAddressIsRefused() throws {
        let port = try FreePort.tcp()
        let unreachable = try CommandRunner.run(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "127.0.0.1:\(port)"], timeout: 30)
        XCTAssertEqual(unreachable.status, 3, unreachable.standardError)
        XCTAssertTrue(unreachable.standardError.contains("follow: cannot read the wall from '127.0.0.1:\(port)'"), unreachable.standardError)
        XCTAssertEqual(unreachable.standardError.split(separator: "\n").count, 1, "one line: \(unreachable.standardError)")
        let bad = try CommandRunner.run(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "leader:99999"], timeout: 30)
        XCTAssertEqual(bad.status, 64, bad.standardError)
        XCTAssertTrue(bad.standardError.contains("HOST, HOST:PORT or [IPV6]:PORT"), bad.standardError)
    }

    /// Frame index (at 30 fps) to release moment, from a render log's tile 1.
    private static func releases(_ path: String) throws -> [Int: UInt64] {
        RenderLogEntry.firstReleases(RenderLogEntry.entries(in: try String(contentsOfFile: path, encoding: .utf8)), tile: 1, frameRate: 30)
    }

    /// Sends `text` to the control port and returns what came back after its greeting.
    private static func exchange(_ text: String, port: Int) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = text.withCString { send(fd, $0, strlen($0), 0) }
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let lines = received.split(separator: "\n").filter { !$0.contains("\"control-port\"") }
            if let reply = lines.first, received.hasSuffix("\n") { return String(reply) }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return "" }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }
}

/// A wall's own folder for its logs (removed with it), free ports for its clock and control,
/// the leader's own remote-control socket (full control, as its user has), and with `keyed` a
/// wall key the leader and its followers share.
final class WallScratch: Sendable {
    let folder: String
    let clockPort: Int, controlPort: Int
    /// The leader's `--input-ipc-server`.
    let socket: String
    let key: WallKey?

    init(_ name: String, keyed: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        clockPort = try FreePort.udp()
        controlPort = try FreePort.tcp()
        socket = folder + "/leader.sock"
        key = keyed ? try WallKey.create(at: folder + "/wall.key") : nil
    }

    /// `--wall-key-file` and the key's path, for the leader and each follower of a keyed wall.
    var keyArguments: [String] { key == nil ? [] : ["--wall-key-file", folder + "/wall.key"] }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// `videowall lead` headless on this scratch's ports, writing `leader.log` here, for
    /// `seconds`, looping when asked.
    func leaderArguments(quitAfter seconds: Int, looping: Bool = false, _ sources: [String]) -> [String] {
        ["lead", "--headless"] + (looping ? ["--loop"] : []) + ["--quit-after", "\(seconds)", "--clock-port", "\(clockPort)",
                                                                 "--control-port", "\(controlPort)", "--render-log", folder + "/leader.log",
                                                                 "--input-ipc-server", socket] + keyArguments + sources
    }

    /// The host's CLOCK_MONOTONIC now, in nanoseconds: what render logs' release times are on.
    static func monotonicNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// Programs run on threads of their own, and their results.
final class Runs: @unchecked Sendable {
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var results: [String: CommandRunner.Result?] = [:]

    func start(_ name: String, _ body: @escaping @Sendable () throws -> CommandRunner.Result) {
        group.enter()
        Thread.detachNewThread { [self] in
            let result = try? body()
            lock.lock(); results[name] = result; lock.unlock()
            group.leave()
        }
    }

    func wait() -> [String: CommandRunner.Result?] {
        group.wait()
        lock.lock(); defer { lock.unlock() }
        return results
    }
}
