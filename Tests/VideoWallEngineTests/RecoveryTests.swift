import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A network tile whose server goes away fails; with a recovery policy it tries again, and
/// when the server is back it rejoins the wall in sync, while the local tile beside it plays
/// on untouched.
final class RecoveryTests: XCTestCase {
    func testANetworkTileWhoseServerCameBackRejoinsInSync() throws {
        // At eight times the clip's bit rate: the tile cannot have read the whole file before the
        // server goes.
        let servers = Servers(try LoopbackHTTPServer(serving: TestClips.directory, bytesPerSecond: 8_000_000))
        defer { servers.current.terminate() }
        try onMainLoop(timeout: 90) {
            let local = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 900, pattern: "snow",
                                                          keyFrameInterval: 60, audio: true, bitrate: 8000))
            var configuration = WallConfiguration()
            configuration.recovery = RecoveryPolicy(attempts: 20, firstDelay: .milliseconds(300), longestDelay: .seconds(1))
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            var recoveryEvents: [TileRecoveryEvent] = []
            var failures = 0
            var reasons: [String] = []
            let events = wall.events()
            let listener = Task { @MainActor in
                for await event in events {
                    if case .tileRecovery(0, let recovery) = event { recoveryEvents.append(recovery) }
                    if case .tile(0, .failed(let error)) = event { failures += 1; reasons.append(error.reasonText) }
                }
            }
            defer { listener.cancel() }
            await wall.load([TileSpec(source: servers.current.url(for: local)), TileSpec(source: local)])
            wall.play()
            await pause(seconds: 1.5)

            // The server goes away: the network tile fails, the local one plays on.
            let port = servers.current.port
            servers.current.terminate()
            let failed = await waitUntil(timeout: 20) { failures > 0 }
            XCTAssertTrue(failed, "the network tile fails without its server: \(wall.tiles[0])")
            let retrying = recoveryEvents.contains { if case .retrying = $0 { true } else { false } }
            XCTAssertTrue(retrying, "and tries again: \(recoveryEvents)")
            XCTAssertTrue(reasons.first?.localizedCaseInsensitiveContains("connect") ?? false,
                          "the error names the real cause, not GStreamer's generic streaming error: \(reasons)")
            await pause(seconds: 1)
            XCTAssertEqual(wall.transport, .playing, "the wall plays on without it")

            // Back: the tile rejoins where the wall is.
            servers.current = try LoopbackHTTPServer(serving: TestClips.directory, port: port, bytesPerSecond: 8_000_000)
            let recovered = await waitUntil(timeout: 20) { recoveryEvents.contains(.recovered(attempts: recoveryEvents.count - 1)) || wall.tiles[0].recoveries > 0 }
            XCTAssertTrue(recovered, "the tile came back: \(recoveryEvents), \(wall.tiles[0])")
            await pause(seconds: 1)
            let tiles = wall.tiles
            XCTAssertEqual(tiles[0].state, .playing, "\(tiles[0])")
            XCTAssertEqual(tiles[0].recoveries, 1)
            XCTAssertNil(tiles[0].failure, "a tile that came back has no error")
            let spread = await wall.positionSpread()
            XCTAssertLessThanOrEqual(spread, 1_000_000, "the tile that came back shows the same frame as the other: \(wall.players.map(\.position))")
            XCTAssertEqual(tiles[1].statistics?.framesDropped, 0, "the local tile lost nothing meanwhile")
            XCTAssertGreaterThan(tiles[0].statistics?.framesRendered ?? 0, 60, "frames from before the failure are still counted")
            await wall.close()
        }
    }
}

/// The test's server, replaced when it comes back on the same port.
private final class Servers: @unchecked Sendable {
    var current: LoopbackHTTPServer
    init(_ server: LoopbackHTTPServer) { current = server }
}

/// What a broken network stream's error says instead of "Internal data stream error".
final class ConnectionCheckTests: XCTestCase {
    func testAPortNobodyListensOnIsARefusedConnection() throws {
        let port = try Self.closedPort()
        XCTAssertEqual(ConnectionCheck.cause(reaching: "http://127.0.0.1:\(port)/a.mp4", timeout: 2),
                       "connection refused by 127.0.0.1:\(port)")
    }

    func testAServerThatAnswersIsNotTheCause() throws {
        let server = try LoopbackHTTPServer(serving: TestClips.directory)
        defer { server.terminate() }
        XCTAssertNil(ConnectionCheck.cause(reaching: "http://127.0.0.1:\(server.port)/a.mp4", timeout: 2))
    }

    func testAURIWithoutAHostOrWithABadPortNamesNoCause() {
        XCTAssertNil(ConnectionCheck.cause(reaching: "file:///tmp/a.mp4", timeout: 1))
        XCTAssertNil(ConnectionCheck.cause(reaching: "http://127.0.0.1:99999/a.mp4", timeout: 1))
    }

    /// A port that was free a moment ago: bound, then closed.
    private static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        XCTAssertEqual(bound, 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        close(fd)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The watchdog: a network tile whose server keeps the connection open and sends nothing more
/// holds the wall only so long; then that tile alone is rebuilt and rejoins.
final class StallRecoveryTests: XCTestCase {
    /// Retries soon and often, and a watchdog that gives up on a tile after 2 s without a frame.
    static var watchedQuickly: WallConfiguration {
        var configuration = WallConfiguration()
        configuration.recovery = RecoveryPolicy(attempts: 5, firstDelay: .milliseconds(200), longestDelay: .seconds(1))
        configuration.stallWatch = StallWatch(frameLimit: .seconds(2), bufferingLimit: .seconds(3))
        return configuration
    }

    func testATileWhoseServerStallsIsRebuiltAndTheWallPlaysOn() throws {
        try onMainLoop(timeout: 90) {
            let local = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 900, pattern: "snow",
                                                          keyFrameInterval: 30, bitrate: 8000))
            let server = try LoopbackHTTPServer(serving: TestClips.directory, bytesPerSecond: 8_000_000)
            defer { server.terminate() }
            let wall = try Wall(configuration: Self.watchedQuickly)
            defer { wall.shutDown() }
            var reasons: [String] = []
            let events = wall.events()
            let listener = Task { @MainActor in
                for await event in events {
                    if case .tile(0, .failed(let error)) = event { reasons.append(error.reasonText) }
                }
            }
            defer { listener.cancel() }
            await wall.load([TileSpec(source: server.url(for: local)), TileSpec(source: local)])
            wall.play()
            await pause(seconds: 1.5)
            // The server hangs, connection open, until the watchdog has given up on the tile.
            server.hang()
            let stalled = await waitUntil(timeout: 30) { !reasons.isEmpty }
            server.answerAgain()
            XCTAssertTrue(stalled, "the watchdog notices the stalled tile: \(wall.tiles[0]), wall \(wall.transport)")
            XCTAssertTrue(reasons.first?.hasPrefix("stalled:") ?? false, "\(reasons)")
            // Released from the hold, the wall plays on; the local tile's picture moves.
            let before = wall.tiles[1].position?.seconds ?? 0
            await pause(seconds: 1.5)
            XCTAssertGreaterThan((wall.tiles[1].position?.seconds ?? 0) - before, 1.0, "the wall plays on after the stall: \(wall.transport)")
            let rebuilt = await waitUntil(timeout: 20) { wall.tiles[0].recoveries > 0 }
            XCTAssertTrue(rebuilt, "the stalled tile is rebuilt and rejoins: \(wall.tiles[0]), \(reasons)")
            await pause(seconds: 1)
            let spread = await wall.positionSpread()
            XCTAssertLessThanOrEqual(spread, 1_000_000, "rebuilt in sync: \(wall.players.map(\.position))")
            await wall.close()
        }
    }

    /// A playlist tile whose network item stalls is rebuilt on that item, and goes on from
    /// item to item afterwards.
    func testAPlaylistTileThatStallsIsRebuiltAndGoesOnFromItemToItem() throws {
        try onMainLoop(timeout: 90) {
            let a = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, keyFrameInterval: 30))
            let b = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 180, pattern: "snow",
                                                      keyFrameInterval: 30, bitrate: 8000))
            let c = try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 25, frames: 25, codec: .vp9, container: .webm, pattern: "ball"))
            let server = try LoopbackHTTPServer(serving: TestClips.directory, bytesPerSecond: 3_000_000)
            defer { server.terminate() }
            let wall = try Wall(configuration: Self.watchedQuickly)
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: a, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                      playlist: [PlaylistItem(location: a), PlaylistItem(location: server.url(for: b)), PlaylistItem(location: c)])])
            wall.play()
            let onB = await waitUntil(timeout: 10) { wall.tiles[0].itemPosition == 1 }
            XCTAssertTrue(onB, "\(wall.tiles[0])")
            await pause(seconds: 0.5)
            server.hang()
            let stalled = await waitUntil(timeout: 15) { wall.tiles[0].state == .failed }
            server.answerAgain()
            XCTAssertTrue(stalled, "the watchdog notices the stalled item: \(wall.tiles[0])")
            XCTAssertTrue(wall.tiles[0].failure?.reasonText.hasPrefix("stalled:") ?? false, "\(String(describing: wall.tiles[0].failure))")
            let rebuilt = await waitUntil(timeout: 15) { wall.tiles[0].recoveries > 0 && wall.tiles[0].state == .playing }
            XCTAssertTrue(rebuilt, "rebuilt: \(wall.tiles[0])")
            XCTAssertEqual(wall.tiles[0].itemPosition, 1, "on the item that stalled")
            let changes = wall.tiles[0].itemChanges
            let wentOn = await waitUntil(timeout: 15) { wall.tiles[0].itemChanges >= changes + 2 }
            XCTAssertTrue(wentOn, "then C and A again: \(wall.tiles[0])")
            XCTAssertNil(wall.tiles[0].failure)
        }
    }
}
