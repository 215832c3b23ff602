import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// What a client passes as a tile's video output: the engine's headless output by default, a
/// window's, and nothing else. A client's own conformance (it cannot reach the elements the
/// engine needs) fails that tile alone, with its own error.
final class VideoOutputTests: XCTestCase {
    private struct ClientsOwnOutput: VideoOutput {}

    func testAnOutputTheEngineCannotPlayIntoFailsOnlyItsTile() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 90))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: clip, output: ClientsOwnOutput()), TileSpec(source: clip, output: .headless)])
            wall.play()
            let played = await waitUntil(timeout: 5) { (wall.tiles[1].position?.seconds ?? 0) > 0.3 }
            let tiles = wall.tiles
            XCTAssertTrue(played, "the headless tile plays: \(tiles.map(\.state))")
            XCTAssertEqual(tiles.map(\.index), [0, 1])
            XCTAssertEqual(tiles[0].state, .failed)
            XCTAssertEqual(tiles[0].failure?.reasonText, "the video output is not one the engine can play into")
            XCTAssertNil(tiles[0].statistics, "the refused tile never had a sink")
            XCTAssertNil(tiles[1].failure)
            XCTAssertEqual(tiles[1].mediaFormat?.width, 320)
            XCTAssertEqual(tiles[1].mediaFormat?.displaySize, Size(width: 320, height: 180))
            XCTAssertGreaterThan(tiles[1].statistics?.framesRendered ?? 0, 5, "the headless sink counts what it rendered")
        }
    }
}
