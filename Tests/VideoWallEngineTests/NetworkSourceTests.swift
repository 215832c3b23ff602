import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A tile played over HTTP from a server on the loopback address, beside a local tile.
final class NetworkSourceTests: XCTestCase {
    func testHTTPTilePlaysInSyncWithALocalTile() throws {
        let server = try LoopbackHTTPServer(serving: TestClips.directory)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let local = try await TestClips.clip(TestClips.landscape)
            let remote = server.url(for: local)
            let asset = try await AssetLoader.load(remote)
            XCTAssertTrue(asset.isNetwork)
            XCTAssertEqual(asset.video?.width, 320)

            let wall = try Coordinator()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: remote), TileSpec(source: local)])
            XCTAssertEqual(wall.players.filter { $0.state == .ready }.count, 2, "\(wall.slots.map { $0.failure?.description ?? "ok" })")
            wall.play()
            await pause(seconds: 0.8)
            let positions = wall.players.compactMap { $0.position?.nanoseconds }
            XCTAssertEqual(positions.count, 2)
            XCTAssertLessThanOrEqual(abs(positions[0] - positions[1]), 1_000_000, "positions \(positions)")
            XCTAssertGreaterThan(Double(positions[0]) / 1e9, 0.5, "the network tile plays")
        }
    }
}
