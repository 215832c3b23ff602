import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The format a tile reports comes from the stream entering its video output, in order with
/// its frames: a stream that changes size mid-way reports the new size when its frames reach
/// the output, not when the decoder first sees them, and reports each size once.
final class MediaFormatTests: XCTestCase {
    func testStreamThatChangesSizeReportsEachFormatWhenItsFramesArrive() throws {
        try onMainLoop(timeout: 90) {
            // 30 frames at 320x180 then 30 at 180x320, one H.264 stream: the change is at 1 s.
            let switching = try await TestClips.sizeSwitchingStream(named: "format-switching", pattern: "ball")

            let wall = try Wall()
            defer { wall.shutDown() }
            var reported: [(format: MediaFormat, position: Double)] = []
            let events = wall.events()
            let listener = Task { @MainActor in
                for await event in events {
                    guard case .tile(0, .mediaFormat(let format)) = event else { continue }
                    reported.append((format, wall.tiles[0].position?.seconds ?? 0))
                }
            }
            defer { listener.cancel() }
            await wall.load([TileSpec(source: switching)])
            wall.play()
            let ended = await waitUntil(timeout: 10) { (wall.tiles[0].position?.seconds ?? 0) > 1.6 }
            XCTAssertTrue(ended, "the tile plays past the change: \(wall.tiles[0])")

            let sizes = reported.map { "\($0.format.width)x\($0.format.height)" }
            XCTAssertEqual(sizes, ["320x180", "180x320"], "each format once, in the stream's order")
            XCTAssertEqual(reported.first?.format.frameRate, 30)
            XCTAssertEqual(reported.last?.format.displaySize, Size(width: 180, height: 320))
            if reported.count == 2 {
                XCTAssertGreaterThan(reported[1].position, 0.8,
                                     "the new size is reported when its frames reach the output (the change is at 1.0 s), not ahead of them")
            }
            XCTAssertEqual(wall.tiles[0].mediaFormat?.height, 320, "the tile's status follows the stream")
        }
    }
}
