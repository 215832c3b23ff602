import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// What one tile may cost: a picture past `SourceLimits` is refused with one line giving its
/// size, and the tile beside it plays.
final class SourceLimitTests: XCTestCase {
    func testAPictureLargerThanATilePlaysIsRefusedWithItsSize() throws {
        try onMainLoop(timeout: 90) {
            // Too wide (a side over 4096), and too many pixels with both sides within it.
            let wide = try await TestClips.clip(ClipSpec(width: 4112, height: 64, frames: 10, pattern: "ball"))
            let square = try await TestClips.clip(ClipSpec(width: 3200, height: 3200, frames: 3, pattern: "ball"))
            let small = try await TestClips.clip(TestClips.landscape)
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: wide), TileSpec(source: square), TileSpec(source: small)])
            await wall.whenDescribed()
            wall.play()
            await pause(seconds: 0.5)
            for (slot, size) in [(0, "4112x64"), (1, "3200x3200")] {
                let failure = wall.slots[slot].failure
                guard case .tooLarge? = failure?.reason else {
                    XCTFail("tile \(slot + 1): \(size) must be refused, got \(failure?.description ?? "no failure")")
                    continue
                }
                let line = failure?.description ?? ""
                XCTAssertTrue(line.contains("the picture is \(size), larger than a tile plays (at most 4096 pixels a side"), line)
                XCTAssertFalse(line.contains("\n"), line)
            }
            XCTAssertEqual(wall.slots[2].player?.state, .playing, "the tile beside them plays")
        }
    }

    /// For a tile, the description itself refuses the picture, before a frame of it is decoded
    /// (an 8K frame pool is a gigabyte: BENCHMARKS.md); `probe` still describes any size.
    func testTheDescriptionForATileRefusesAnOversizePictureAndProbeDescribesIt() throws {
        try onMainLoop(timeout: 90) {
            let square = try await TestClips.clip(ClipSpec(width: 3200, height: 3200, frames: 3, pattern: "ball"))
            do throws(AssetError) {
                let asset = try await AssetLoader.load(square, seconds: 15, forTile: true)
                XCTFail("described for a tile: \(asset.video.map { "\($0.width)x\($0.height)" } ?? "?")")
            } catch {
                guard case .tooLarge(let why) = error.reason else { return XCTFail("\(error)") }
                XCTAssertTrue(why.contains("3200x3200"), why)
            }
            let described = try await AssetLoader.load(square)
            XCTAssertEqual(described.video?.width, 3200, "probe describes it")
        }
    }
}
