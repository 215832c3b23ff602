import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// In a group loop a shorter tile holds its last frame on screen until the group wraps.
final class GroupLoopOnScreenTests: XCTestCase {
    func testAShorterTileHoldsItsLastFrameUntilTheGroupWraps() throws {
        try onMainLoop(timeout: 90) {
            let short = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, keyFrameInterval: 30), in: TestClips.directory)
            let long = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 120, keyFrameInterval: 30), in: TestClips.directory)
            var configuration = WallConfiguration()
            configuration.groupLoop = true
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [long, short],
                                                                  configuration: configuration)
            defer { WallWindowHarness.close(window, wall) }
            // From 1.3 s to 3.7 s of each 4 s pass the short tile holds its last frame (29).
            var seen: [[Int?]] = [], all: [[Int?]] = []
            let start = Date()
            while Date().timeIntervalSince(start) < 3.5 {
                let frames = WallWindowHarness.framesOnScreen(window, regions: [0, 1])
                all.append(frames)
                if let longFrame = frames[0], (40...105).contains(longFrame) { seen.append(frames) }
                await pause(seconds: 0.2)
            }
            XCTAssertGreaterThanOrEqual(seen.count, 4, "captured while the short tile holds: \(seen); every capture: \(all); \(WallWindowHarness.describe(wall))")
            for frames in seen {
                XCTAssertEqual(frames[1], 29, "the short tile shows its last frame while the long one plays on: \(seen)")
            }
        }
    }
}
