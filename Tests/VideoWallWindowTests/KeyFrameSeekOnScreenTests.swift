import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// A fast (key-frame) seek leaves every tile on one frame, whatever each clip's key-frame
/// spacing: read from the screen, through the X server.
final class KeyFrameSeekOnScreenTests: XCTestCase {
    static let frame = MediaTime(nanoseconds: 1_000_000_000 / 30)
    static let regions = [0, 1, 2]
    static let grid = Layout(name: "three", regions: [
        LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 0.5)),
        LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5)),
        LayoutRegion(frame: Rect(x: 0, y: 0.5, width: 0.5, height: 0.5)),
    ])

    func testArrowKeySeekShowsOneFrameOnTilesWithDifferentKeyFrameSpacing() throws {
        try onMainLoop(timeout: 180) {
            var paths: [String] = []
            for interval in [250, 7, 45] {
                let spec = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: interval)
                paths.append(try await FrameCodedClipGenerator.cached(spec, in: TestClips.directory))
            }
            let (window, wall) = try await WallWindowHarness.open(layout: Self.grid, sources: paths)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: Self.regions)
            await WallWindowHarness.pauseWithSpace(window, wall)
            await wall.seek(to: Wall.frameSeekTime(Self.frame * 61, frameDuration: Self.frame))

            var seen: [Int?] = []
            let atStart = await waitUntil(timeout: 3) { seen = WallWindowHarness.framesOnScreen(window, regions: Self.regions); return seen.allSatisfy { $0 == 61 } }
            XCTAssertTrue(atStart, "every tile shows frame 61 before the key: \(seen); \(WallWindowHarness.describe(wall))")

            XCTAssertTrue(window.simulateKey("Right"))
            // Frame 61 was on every tile: all tiles on one other frame means the seek is shown.
            let together = await waitUntil(timeout: 5) {
                seen = WallWindowHarness.framesOnScreen(window, regions: Self.regions)
                return !wall.seeking && seen.allSatisfy { $0 != nil && $0 == seen[0] } && seen[0] != 61
            }
            XCTAssertTrue(together, "every tile shows one frame after '→': \(seen)")
            let landed = try XCTUnwrap(seen.first ?? nil)
            // The first clip (key frames at 0 and 250) leads: forward, it lands on the key frame
            // after the target, frame 211.
            XCTAssertEqual(landed, 250, "'→' from frame 61 lands on the leading clip's next key frame")

            XCTAssertTrue(window.simulateKey("space"))
            await pause(seconds: 0.7)
            let playing = WallWindowHarness.framesOnScreen(window, regions: Self.regions).compactMap { $0 }
            XCTAssertEqual(playing.count, 3, "every tile readable while playing")
            XCTAssertLessThanOrEqual((playing.max() ?? 0) - (playing.min() ?? 0), 1, "playing on, the tiles stay together: \(playing)")
        }
    }

}
