import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// A layout made in code is not checked by the loader: whatever its numbers, the window must
/// lay it out without a trap. `gap: 4294967296` put regions at x = 2^31, and converting that to
/// a GTK `gint` killed the program with SIGILL.
final class LayoutExtremesTests: XCTestCase {
    func testAHugeGapEmptiesTheTilesAndLeavesTheWindowStanding() throws {
        try onMainLoop(timeout: 30) {
            let layout = Layout(name: "huge-gap", gap: 4_294_967_296, regions: [
                LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1)),
                LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 1)),
                LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 1)),
            ])
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [], width: 640, height: 360)
            defer { WallWindowHarness.close(window, wall) }
            let laidOut = await waitUntil(timeout: 10) { window.regionFrame(ofRegion: 0).width > 0 }
            XCTAssertTrue(laidOut, "the window laid its regions out")
            let stage = window.regionFrame(ofRegion: 0)
            XCTAssertEqual([stage.x, stage.y], [0, 0], "a region from border to border keeps the whole stage")
            for region in [1, 2] {
                let frame = window.regionFrame(ofRegion: region)
                XCTAssertTrue(frame.isEmpty, "region \(region): the gap leaves no room: \(frame)")
                XCTAssertLessThan(max(abs(frame.x), abs(frame.y)), 100_000, "region \(region) stays near the window: \(frame)")
            }
        }
    }
}
