import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// `fill` crops to cover its region and `stretch` covers it unevenly; neither leaves background.
final class FitModeTests: XCTestCase {
    func testFillAndStretchCoverTheirRegions() throws {
        try onMainLoop(timeout: 60) {
            let wide = try await TestClips.clip(AspectFitOnScreenTests.wide)
            let layout = Layout(name: "modes", background: .black, regions: [
                LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 1), fit: .fill),
                LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 1), fit: .stretch),
            ])
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [wide, wide])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            let image = try XCTUnwrap(window.capture())
            for region in [0, 1] {
                let frame = window.regionFrame(ofRegion: region)
                let seen = try XCTUnwrap(image.boundingBox(in: (frame.x, frame.y, frame.width, frame.height), where: WallWindowHarness.isBright))
                XCTAssertEqual([seen.x, seen.y, seen.width, seen.height], [frame.x, frame.y, frame.width, frame.height], "region \(region) covered")
            }
            // The fill picture is larger than its region and clipped there: nothing spills over.
            let fill = try XCTUnwrap(window.videoFrame(ofRegion: 0))
            XCTAssertGreaterThan(fill.width, window.regionFrame(ofRegion: 0).width)
        }
    }
}
