import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The wall starts without a tile that is not ready, and the tile joins it in sync later.
final class LateTileTests: XCTestCase {
    /// An HTTP server that sends its headers and then nothing for 2.5 s: the wall starts with
    /// the local tile after the start bound, and the network tile (the same clip) joins when
    /// its first frame arrives, on the same frame as the local tile.
    func testTileThatIsNotReadyJoinsThePlayingWallInSync() throws {
        let server = try LoopbackHTTPServer(serving: TestClips.directory, stallAfter: 0, stallSeconds: 2.5)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let local = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 150))
            var configuration = WallConfiguration()
            configuration.startTimeout = .milliseconds(500)
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            let started = Date()
            await wall.load([TileSpec(source: server.url(for: local)), TileSpec(source: local)])
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the wall does not wait for the silent tile")
            let remote = try XCTUnwrap(wall.slots[0].player), near = try XCTUnwrap(wall.slots[1].player)
            XCTAssertEqual(remote.state, .loading)
            XCTAssertEqual(near.state, .ready)
            wall.play()
            await pause(seconds: 0.5)
            XCTAssertGreaterThan(near.position?.seconds ?? 0, 0.3, "the local tile plays without it")

            let joined = await waitUntil(timeout: 10) { remote.state == .playing && !wall.lateTiles.contains(ObjectIdentifier(remote)) }
            XCTAssertTrue(joined, "the network tile joins once it has its first frame: \(remote.state)")
            await pause(seconds: 1)
            // Positions are the frames on screen: a frame boundary can fall between two reads.
            var positions: [Int64] = []
            for _ in 0..<5 {
                positions = [remote, near].compactMap { $0.position?.nanoseconds }
                if positions.count == 2, abs(positions[0] - positions[1]) <= 1_000_000 { break }
                await pause(seconds: 0.011)
            }
            XCTAssertEqual(positions.count, 2)
            XCTAssertLessThanOrEqual(abs((positions.first ?? 0) - (positions.last ?? 0)), 1_000_000, "in sync: \(positions)")
            XCTAssertGreaterThan(Double(positions.first ?? 0) / 1e9, 3, "it joined where the wall was, not at its start: \(positions)")
        }
    }
}
