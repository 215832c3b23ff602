import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// One tile of a playing wall given another source: it joins where the wall is, with the new
/// picture, while the other tile plays on.
final class ReplaceSourceTests: XCTestCase {
    func testAReplacedTileJoinsThePlayingWallInSync() throws {
        try onMainLoop(timeout: 90) {
            let first = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, audio: true))
            let other = try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 30, frames: 300, codec: .vp9, container: .webm,
                                                          keyFrameInterval: 12))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: first), TileSpec(source: first)])
            wall.play()
            await pause(seconds: 1)
            try await wall.replaceSource(ofTile: 1, with: other)
            XCTAssertEqual(wall.transport, .playing)
            await pause(seconds: 0.5)
            let tiles = wall.tiles
            XCTAssertEqual(tiles[1].source, other)
            XCTAssertEqual(tiles[1].state, .playing)
            XCTAssertEqual(tiles[1].mediaFormat?.width, 240, "the new source's picture")
            let spread = await wall.positionSpread()
            XCTAssertLessThanOrEqual(spread, 1_000_000, "in sync with the wall: \(wall.players.map(\.position))")
            XCTAssertEqual(tiles[0].statistics?.framesDropped, 0, "the other tile played on untouched")
            XCTAssertGreaterThan(tiles[1].statistics?.framesRendered ?? 0, 30, "frames of the first source still counted")

            // A source that cannot play is refused, and the tile plays on as it was.
            do {
                try await wall.replaceSource(ofTile: 1, with: TestClips.directory + "/no-such-clip.mp4")
                XCTFail("a missing file is refused")
            } catch {
                XCTAssertEqual((error as? AssetError)?.reason, .notFound, "\(error)")
            }
            XCTAssertEqual(wall.tiles[1].source, other)
            XCTAssertEqual(wall.tiles[1].state, .playing)
            await wall.close()
        }
    }
}
