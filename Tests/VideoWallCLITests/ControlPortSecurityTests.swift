import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine
@testable import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// A leader's control port lets no one in who does not prove the wall key, and a flood of
/// idle connections does not keep a follower out; the network is opened only with a key.
/// Real processes and sockets on 127.0.0.1.
final class ControlPortSecurityTests: XCTestCase {
    func testAKeyedLeaderAnswersOnlyWhoProvesTheKey() throws {
        let clip = try onMainLoop {
            try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 25, frames: 500, keyFrameInterval: 50))
        }
        let scratch = try WallScratch("vw-locked", keyed: true)
        defer { withExtendedLifetime(scratch) {} }
        let port = scratch.controlPort
        let leader = BackgroundRun(scratch.leaderArguments(quitAfter: 60, [clip]), timeout: 90)
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: port, key: scratch.key), "the leader serves who holds the key")

        // Asking without the proof: the greeting, one error, the connection closed; nothing
        // of the wall.
        let asked = try Self.talk(#"{"command": ["get_property", "wall-sources"], "request_id": 1}"# + "\n", port: port, timeout: 5)
        XCTAssertTrue(asked.text.contains(#""challenge""#), asked.text)
        XCTAssertTrue(asked.text.contains("authentication required"), asked.text)
        XCTAssertFalse(asked.text.contains(clip) || asked.text.contains(#""data""#), "nothing of the wall: \(asked.text)")
        XCTAssertTrue(asked.closed, "closed after the error")
        // Saying nothing: closed once the time to authenticate is over.
        let silent = try Self.talk(nil, port: port, timeout: 12)
        XCTAssertTrue(silent.closed, "a silent client is closed")
        XCTAssertLessThan(silent.seconds, 9, "within the time to authenticate (5 s)")

        // No key, another key: refused, each with its reason.
        XCTAssertThrowsError(try IPCClient.request([.string("get_property"), .string("wall-sources")], host: "127.0.0.1", port: port, timeout: .seconds(3))) {
            XCTAssertTrue("\($0)".contains("asks for its key"), "\($0)")
        }
        XCTAssertThrowsError(try IPCClient.request([.string("get_property"), .string("wall-sources")], host: "127.0.0.1", port: port, key: .random(), timeout: .seconds(3))) {
            XCTAssertTrue("\($0)".contains("refused the key"), "\($0)")
        }

        // With the key: a follower reads the wall's sources, and may not change the wall.
        let sources = try IPCClient.request([.string("get_property"), .string("wall-sources")], host: "127.0.0.1", port: port, key: scratch.key, timeout: .seconds(3))
        XCTAssertTrue(sources.succeeded, sources.error)
        XCTAssertEqual(sources.data, .array([.string(clip)]))
        for command: [JSONValue] in [[.string("set_property"), .string("pause"), .bool(true)],
                                     [.string("loadfile"), .string(clip), .string("replace"), .number(1)],
                                     [.string("get_property"), .string("tile/1/path")], [.string("quit")]] {
            let reply = try IPCClient.request(command, host: "127.0.0.1", port: port, key: scratch.key, timeout: .seconds(3))
            XCTAssertEqual(reply.error, "not allowed on this connection", "\(command)")
        }

        // 200 connections left open and idle: a follower's connection still gets in at once.
        // Another host's clients waiting meanwhile keep their places: one address cannot push
        // others out of the waiting room.
        let otherHost = (0..<3).compactMap { _ in Self.connect(port: port, from: "127.0.0.2") }
        defer { otherHost.forEach { close($0) } }
        XCTAssertEqual(otherHost.count, 3)
        let idle = (0..<200).compactMap { _ in Self.connect(port: port) }
        defer { idle.forEach { close($0) } }
        XCTAssertEqual(idle.count, 200)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(otherHost.filter(Self.isOpen).count, 3, "the other host's waiting clients are still there")
        XCTAssertEqual(idle.filter(Self.isOpen).count, ControlPortAccess.maximumPendingPerPeer, "one host holds its share of the waiting room")
        let follower = ControlPortConnection(host: "127.0.0.1", port: port, key: scratch.key, timeout: .seconds(3))
        let asking = Date()
        let timeline = try follower.request([.string("get_property"), .string("wall-timeline")])
        XCTAssertTrue(timeline.succeeded, timeline.error)
        XCTAssertLessThan(Date().timeIntervalSince(asking), 1, "answered at once")

        let result = try leader.stop()
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testTheNetworkIsOpenedOnlyWithAKeyAndAKeyIsKeptSecret() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-key-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["--control-address", "0.0.0.0"], ["--clock-address", "192.0.2.7"]] {
            let refused = try CommandRunner.run(["lead", "--headless"] + arguments + ["/nowhere.mp4"], timeout: 20)
            XCTAssertEqual(refused.status, 64, refused.standardError)
            XCTAssertTrue(refused.standardError.contains("--wall-key-file"), refused.standardError)
            XCTAssertEqual(refused.standardError.split(separator: "\n").count, 1, refused.standardError)
        }
        let notAnAddress = try CommandRunner.run(["lead", "--headless", "--wall-key-file", folder + "/k", "--control-address", "example.org", "/nowhere.mp4"], timeout: 20)
        XCTAssertEqual(notAnAddress.status, 64, notAnAddress.standardError)

        // `videowall key new`: made once, for its owner; a key others can read is refused.
        let key = folder + "/wall.key"
        XCTAssertEqual(try CommandRunner.run(["key", "new", key], timeout: 20).status, 0)
        XCTAssertNotNil(try? WallKey.load(path: key))
        let again = try CommandRunner.run(["key", "new", key], timeout: 20)
        XCTAssertEqual(again.status, 4, "an existing key is never replaced: \(again.standardError)")
        chmod(key, 0o644)
        let exposed = try CommandRunner.run(["lead", "--headless", "--wall-key-file", key, "/nowhere.mp4"], timeout: 20)
        XCTAssertEqual(exposed.status, 64, exposed.standardError)
        XCTAssertTrue(exposed.standardError.contains("chmod 600"), exposed.standardError)
    }

    /// A follower plays what its leader names only inside its `--media-root`: a file
    /// elsewhere, a folder, or any local file without a root, is refused before anything plays.
    func testAFollowerPlaysOnlyWhatItsMediaRootHolds() throws {
        let clip = try onMainLoop {
            try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 250, keyFrameInterval: 25))
        }
        let scratch = try WallScratch("vw-media-root")
        defer { withExtendedLifetime(scratch) {} }
        let folderList = scratch.folder + "/shows"
        try FileManager.default.createDirectory(atPath: folderList, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: clip, toPath: folderList + "/a.mp4")
        let elsewhere = scratch.folder + "/empty-root"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let leaderRun = BackgroundRun(scratch.leaderArguments(quitAfter: 60, looping: true, [clip, folderList]), timeout: 90)
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: scratch.controlPort), "the leader serves")
        let leader = "127.0.0.1:\(scratch.controlPort)"

        let noRoot = try CommandRunner.run(["follow", "--headless", "--quit-after", "2", leader], timeout: 30)
        XCTAssertEqual(noRoot.status, 64, noRoot.standardError)
        XCTAssertTrue(noRoot.standardError.contains("only inside --media-root, which was not given"), noRoot.standardError)
        let outside = try CommandRunner.run(["follow", "--headless", "--quit-after", "2", "--media-root", elsewhere, leader], timeout: 30)
        XCTAssertEqual(outside.status, 64, outside.standardError)
        XCTAssertTrue(outside.standardError.contains("outside --media-root"), outside.standardError)
        let folder = try CommandRunner.run(["follow", "--headless", "--quit-after", "2", "--media-root", NSTemporaryDirectory(), leader], timeout: 30)
        XCTAssertEqual(folder.status, 64, folder.standardError)
        XCTAssertTrue(folder.standardError.contains("a folder or a device is never played for a leader"), folder.standardError)
        XCTAssertFalse(folder.standardError.contains(TestClips.directory), "the clip inside the root is not refused: \(folder.standardError)")
        _ = try leaderRun.stop()
    }

    /// A URL in an event's text (a tile's failure) reaches a follower without its credentials
    /// and query; a client with full control sees it whole. A real control port on
    /// 127.0.0.1, each client proving its own key.
    func testAFollowerSeesURLsInEventsWithoutTheirSecrets() throws {
        let (wallKey, controlKey) = (WallKey.random(), WallKey.random())
        let port = try FreePort.tcp()
        let said = try onMainLoop(timeout: 30) { () -> (follower: String, control: String) in
            let wall = try Wall()
            defer { wall.shutDown() }
            let remote = try await WallRemote.start(tcpPort: port, address: "127.0.0.1",
                                                    access: ControlPortAccess(wallKey: wallKey, controlKey: controlKey), wall: wall)
            defer { remote.stop() }
            let connections = Task.detached {
                try (ControlHandshake.connect(host: "127.0.0.1", port: port, key: wallKey, role: .follower, timeout: .seconds(3)).0,
                     ControlHandshake.connect(host: "127.0.0.1", port: port, key: controlKey, role: .control, timeout: .seconds(3)).0)
            }
            let (follower, control) = try await connections.value
            defer { close(follower); close(control) }
            await pause(seconds: 0.3)
            remote.wallDid(.tile(0, .failed(AssetError(source: "http://host/list.m3u8", reason: .refusedFetch("file:///nowhere/segment0.ts?token=s3cr3t")))))
            let reading = Task.detached {
                (Self.lines(on: follower, until: "tile-failed", timeout: 5), Self.lines(on: control, until: "tile-failed", timeout: 5))
            }
            let (followerSaw, controlSaw) = await reading.value
            return (followerSaw, controlSaw)
        }
        XCTAssertTrue(said.follower.contains("tile-failed") && said.follower.contains("file:///nowhere/segment0.ts?***"), said.follower)
        XCTAssertFalse(said.follower.contains("s3cr3t"), said.follower)
        XCTAssertTrue(said.control.contains("file:///nowhere/segment0.ts?token=s3cr3t"), "full control sees it whole: \(said.control)")
    }

    /// What arrives on `fd` until a line holding `marker`, or `timeout` seconds.
    nonisolated private static func lines(on fd: Int32, until marker: String, timeout: Int) -> String {
        var bound = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(start) < Double(timeout), !text.contains(marker) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count > 0 { text += String(decoding: buffer[0..<count], as: UTF8.self) }
        }
        return text
    }

    /// A connection to the control port (nil when refused).
    /// A connection to the port on 127.0.0.1 from `from` (another loopback address is another
    /// host, as the port counts them).
    private static func connect(port: Int, from: String = "127.0.0.1") -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(from)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { close(fd); return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { close(fd); return nil }
        return fd
    }

    /// Whether the port still holds the connection open: what it sent is read, and no end of
    /// stream follows it.
    private static func isOpen(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { continue }
            return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
    }

    /// Connects, sends `line` (if any), and reads until the port closes the connection or
    /// `timeout` seconds pass: what it said, whether it closed, and after how long.
    private static func talk(_ line: String?, port: Int, timeout: Int) throws -> (text: String, closed: Bool, seconds: Double) {
        guard let fd = connect(port: port) else { throw POSIXError(.ECONNREFUSED) }
        defer { close(fd) }
        var bound = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        if let line { _ = line.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(start) < Double(timeout) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (text, true, Date().timeIntervalSince(start)) }
            if count < 0 { return (text, errno == ECONNRESET, Date().timeIntervalSince(start)) }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return (text, false, Date().timeIntervalSince(start))
    }
}
