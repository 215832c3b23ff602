import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Frames due are the frames the stream has: a stream that stores only some frames (a camera
/// keeping only the frames that change, AVI null frames, a variable frame rate) leaves gaps in
/// its timestamps, and none of them is a frame lost. Such a tile must not be taken for a slow
/// one, nor make the wall decode key frames only, which would cost its neighbours their frames.
final class SparseStreamTests: XCTestCase {
    func testASparseTileCountsNoDropsAndCostsItsNeighbourNoFrame() throws {
        try onMainLoop(timeout: 60) {
            let frames = 150
            // 40 % of the frames dropped before encoding, as the reproduction did.
            let sparse = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: frames, pattern: "ball",
                                                           dropProbability: 0.4))
            let full = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: frames))
            let wall = try Wall(configuration: WallConfiguration())
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: sparse), TileSpec(source: full)])
            wall.play()
            let ended = await waitUntil(timeout: 15) { wall.players.allSatisfy { $0.state == .ended } }
            XCTAssertTrue(ended, "both tiles play to their end: \(wall.players.map(\.state))")
            let sparseCounts = try XCTUnwrap(wall.players[0].statistics), fullCounts = try XCTUnwrap(wall.players[1].statistics)
            XCTAssertEqual(sparseCounts.dropped, 0, "the frames the sparse stream does not have are not dropped ones")
            XCTAssertGreaterThan(sparseCounts.rendered, UInt64(frames * 4 / 10), "it shows the frames it has")
            XCTAssertLessThan(sparseCounts.rendered, UInt64(frames * 8 / 10), "the clip is sparse: some 60 % of its frames")
            XCTAssertEqual(fullCounts.rendered, UInt64(frames), "its neighbour shows every frame")
            XCTAssertEqual(fullCounts.dropped, 0)
            XCTAssertNil(wall.overloadSummary, "nothing was late: the machine kept up")
        }
    }
}
