import Foundation
import VideoWallTestSupport
import XCTest

/// `--kiosk` loops the wall, but a region's `loop: false` holds: that tile plays once and holds
/// its last frame while the others go round.
final class KioskRegionLoopTests: XCTestCase {
    func testARegionWithLoopFalseDoesNotLoopInKioskMode() throws {
        let (short, once) = try onMainLoop(timeout: 90) {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, pattern: "ball")),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60, audio: true)))
        }
        let layout = TestClips.directory + "/kiosk-once-\(UUID().uuidString.prefix(8)).yaml"
        try """
        regions:
          - {x: 0, y: 0, width: 0.5, height: 1, source: 1, loop: true}
          - {x: 0.5, y: 0, width: 0.5, height: 1, source: 2, loop: false}
        """.write(toFile: layout, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["--headless", "--kiosk", "--quit-after", "5", "--report", "-", "--layout", layout, short, once],
                                           timeout: 40)
        XCTAssertEqual(result.status, 0, result.standardError)
        let tiles = try result.reportTiles()
        XCTAssertGreaterThanOrEqual(tiles[0]["loops"] as? Int ?? 0, 3, "the looping region goes round: \(tiles)")
        XCTAssertEqual(tiles[1]["loops"] as? Int, 0, "loop: false plays once: \(tiles)")
        XCTAssertEqual(tiles[1]["position"] as? Double ?? 0, 2, accuracy: 0.05, "and holds its last frame: \(tiles)")
        XCTAssertEqual(tiles[1]["framesRendered"] as? Int, 60, "every frame of it once: \(tiles)")
    }
}
