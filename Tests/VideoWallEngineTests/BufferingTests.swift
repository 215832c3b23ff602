import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A network tile that runs dry holds the whole wall until it has enough again.
final class BufferingTests: XCTestCase {
    /// A 320x180 Matroska clip (it streams from its start) and a server that stalls for
    /// `seconds` once it has sent 1/`part` of it.
    private func streamingClip(stallingAfter part: Int, for seconds: Double) throws -> (local: String, server: LoopbackHTTPServer) {
        let clipSpec = ClipSpec(width: 320, height: 180, frames: 240, container: .mkv, pattern: "snow", keyFrameInterval: 30, bitrate: 2000)
        let local = try onMainLoop { try await TestClips.clip(clipSpec) }
        let size = (try FileManager.default.attributesOfItem(atPath: local)[.size] as? NSNumber)?.intValue ?? 0
        return (local, try LoopbackHTTPServer(serving: TestClips.directory, stallAfter: size / part, stallSeconds: seconds))
    }

    /// A wall that waits for data up to `seconds` (`--buffering-hold`).
    @MainActor
    private static func wall(holdingFor seconds: Int64) throws -> Wall {
        var configuration = WallConfiguration()
        configuration.bufferingHold = .seconds(seconds)
        return try Wall(configuration: configuration)
    }

    func testStalledNetworkTileHoldsTheGroupAndPlaysOn() throws {
        // Matroska streams from its start (an MP4 with its index at the end is read to the end
        // before it can preroll), so the stall is met during playback.
        // Half the clip (4 s) is sent before the stall: far more than the preroll needs, so
        // on a busy machine too the wall has started before it runs dry.
        let (local, server) = try streamingClip(stallingAfter: 2, for: 4)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let remote = server.url(for: local)
            // The stall (4 s) is within the hold.
            let wall = try Self.wall(holdingFor: 15)
            defer { wall.shutDown() }
            var transports: [TransportState] = []
            let events = wall.events()
            let watcher = Task { @MainActor in
                for await event in events {
                    if case .transport(let state) = event { transports.append(state) }
                }
            }
            await wall.load([TileSpec(source: remote), TileSpec(source: local)])
            wall.play()
            let started = await waitUntil(timeout: 10) { wall.transport == .playing }
            XCTAssertTrue(started, "the wall started; transports \(transports)")
            let held = await waitUntil(timeout: 10) { wall.transport == .buffering }
            XCTAssertTrue(held, "the wall waited for the network tile; transports \(transports)")
            let localPlayer = try XCTUnwrap(wall.slots[1].player)
            XCTAssertEqual(wall.slots[0].player?.state, .buffering, "the tile short of data says so")
            XCTAssertEqual(localPlayer.state, .paused, "the tile held for it waits")
            let position = localPlayer.position ?? .zero
            await pause(seconds: 0.5)
            if wall.transport == .buffering {
                XCTAssertLessThan(abs(((localPlayer.position ?? .zero) - position).nanoseconds), 40_000_000, "the local tile is held too")
            }
            let resumed = await waitUntil(timeout: 15) { wall.transport == .playing }
            XCTAssertTrue(resumed, "the wall plays on once the network tile has enough: \(transports)")
            XCTAssertEqual(wall.slots.map { $0.player?.state }, [.playing, .playing])
            await pause(seconds: 0.3)
            // Positions are the frames on screen: a frame boundary can fall between the two
            // reads, so a mismatch is read again a moment later.
            var positions: [Int64] = []
            for _ in 0..<5 {
                positions = wall.players.compactMap { $0.position?.nanoseconds }
                if positions.count == 2, abs(positions[0] - positions[1]) <= 1_000_000 { break }
                await pause(seconds: 0.011)
            }
            XCTAssertEqual(positions.count, 2)
            XCTAssertLessThanOrEqual(abs(positions[0] - positions[1]), 1_000_000, "still in sync: \(positions)")
            watcher.cancel()
        }
    }

    /// A network tile that fails while the wall waits for it (its server goes away) must not
    /// hold the wall for ever: the tile shows its error and the other tiles play on.
    func testNetworkTileThatFailsWhileBufferingReleasesTheWall() throws {
        let (local, server) = try streamingClip(stallingAfter: 4, for: 60)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: server.url(for: local)), TileSpec(source: local)])
            wall.play()
            let held = await waitUntil(timeout: 10) { wall.transport == .buffering }
            XCTAssertTrue(held, "the wall waits for the network tile")

            server.terminate()
            let failed = await waitUntil(timeout: 20) { wall.slots[0].failure != nil }
            XCTAssertTrue(failed, "the network tile fails once its server is gone: \(wall.players.map(\.state))")
            let resumed = await waitUntil(timeout: 5) { wall.transport == .playing }
            XCTAssertTrue(resumed, "the wall plays on without it: \(wall.transport)")
            let localPlayer = try XCTUnwrap(wall.slots[1].player)
            let position = localPlayer.position ?? .zero
            await pause(seconds: 0.4)
            XCTAssertGreaterThan(((localPlayer.position ?? .zero) - position).seconds, 0.25, "the local tile plays")
        }
    }

    /// A network tile short of data when the wall is asked to play holds the start: the local
    /// tile does not run ahead while the network tile is still on its first frame.
    func testTheWallDoesNotStartBeforeTheNetworkTileHasEnough() throws {
        // Enough for the first frames, not for the buffer: it stalls there for three seconds.
        let (local, server) = try streamingClip(stallingAfter: 10, for: 3)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let wall = try Self.wall(holdingFor: 15)
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: server.url(for: local)), TileSpec(source: local)])
            let remote = try XCTUnwrap(wall.slots[0].player), localPlayer = try XCTUnwrap(wall.slots[1].player)
            XCTAssertLessThan(remote.bufferingPercent, 100, "the network tile prerolled short of data")
            wall.play()
            XCTAssertEqual(wall.transport, .buffering, "the wall waits for the network tile before it starts")
            await pause(seconds: 1)
            if wall.transport == .buffering {
                XCTAssertEqual(localPlayer.position ?? .zero, remote.position ?? .zero, "no tile ran ahead")
            }
            let started = await waitUntil(timeout: 15) { wall.transport == .playing }
            XCTAssertTrue(started, "the wall starts once the network tile has enough: \(wall.transport)")
            await pause(seconds: 0.3)
            var positions: [Int64] = []
            for _ in 0..<5 {
                positions = wall.players.compactMap { $0.position?.nanoseconds }
                if positions.count == 2, abs(positions[0] - positions[1]) <= 1_000_000 { break }
                await pause(seconds: 0.011)
            }
            XCTAssertEqual(positions.count, 2)
            XCTAssertLessThanOrEqual(abs(positions[0] - positions[1]), 1_000_000, "in sync: \(positions)")
        }
    }

    /// A link slower than the tile's bit rate (0.8 times): the wall waits for it the buffering
    /// hold at most (2 s here), says so, and the local tile plays on without it.
    func testATileOnATooSlowLinkHoldsItsNeighbourOnlyForTheHold() throws {
        let clipSpec = ClipSpec(width: 320, height: 180, frames: 500, container: .mkv, pattern: "snow", keyFrameInterval: 30, bitrate: 2000)
        let local = try onMainLoop { try await TestClips.clip(clipSpec) }
        let size = (try FileManager.default.attributesOfItem(atPath: local)[.size] as? NSNumber)?.intValue ?? 0
        let bytesPerSecond = Int(Double(size) / 20 * 0.8)  // the clip lasts 20 s
        let server = try LoopbackHTTPServer(serving: TestClips.directory, bytesPerSecond: bytesPerSecond)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let wall = try Self.wall(holdingFor: 2)
            defer { wall.shutDown() }
            var buffering: [(began: Date, ended: Date?)] = []
            var warnings: [String] = []
            let events = wall.events()
            let watcher = Task { @MainActor in
                for await event in events {
                    switch event {
                    case .transport(.buffering): buffering.append((Date(), nil))
                    case .transport: if let last = buffering.indices.last, buffering[last].ended == nil { buffering[last].ended = Date() }
                    case .tile(0, .warning(let text)): warnings.append(text)
                    default: break
                    }
                }
            }
            await wall.load([TileSpec(source: server.url(for: local)), TileSpec(source: local)])
            wall.play()
            let localPlayer = try XCTUnwrap(wall.slots[1].player)
            let started = await waitUntil(timeout: 15) { (localPlayer.position ?? .zero) > .milliseconds(200) }
            XCTAssertTrue(started, "the local tile plays")
            let from = localPlayer.position ?? .zero, fromDate = Date()
            await pause(seconds: 8)
            let played = ((localPlayer.position ?? .zero) - from).seconds, elapsed = Date().timeIntervalSince(fromDate)
            let held = buffering.map { ($0.ended ?? Date()).timeIntervalSince($0.began) }
            XCTAssertLessThanOrEqual(held.max() ?? 0, 2.6, "no hold longer than the hold's 2 s: \(held)")
            XCTAssertGreaterThan(played, elapsed - 2.6, "the local tile played on: \(played) of \(elapsed) s, holds \(held)")
            XCTAssertTrue(warnings.contains { $0.contains("did not come within 2 s") }, "said: \(warnings)")
            watcher.cancel()
        }
    }
}
