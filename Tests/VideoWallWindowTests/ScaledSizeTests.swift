import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// What the pipeline's scaler is asked for: never more than the region shows.
final class ScaledSizeTests: XCTestCase {
    /// A 16:9 picture filling a narrow region overflows it four times over: the frames are
    /// scaled to the region's size, not to the overflowing surface's, and the region still
    /// shows the picture.
    func testAFilledRegionScalesNoMoreThanItShows() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(TestClips.landscape)
            let layout = Layout(name: "narrow-fill", background: .black, gap: 0, regions: [
                LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.25, height: 1), fit: .fill),
            ])
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [path], width: 800, height: 450)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0])
            let region = window.regionFrame(ofRegion: 0)
            guard let video = window.videoFrame(ofRegion: 0), let scaled = window.scaledSize(ofRegion: 0) else {
                return XCTFail("no video in the region")
            }
            XCTAssertGreaterThan(video.width, region.width * 2, "the filled surface overflows its region: \(video) in \(region)")
            XCTAssertLessThanOrEqual(scaled.width, region.width, "scaled to \(scaled), region \(region)")
            XCTAssertLessThanOrEqual(scaled.height, region.height, "scaled to \(scaled), region \(region)")
            let image = window.capture()
            let middle = image?.pixel(x: region.x + region.width / 2, y: region.y + region.height / 2)
            XCTAssertNotNil(middle.map { $0.red > 20 || $0.green > 20 || $0.blue > 20 }.flatMap { $0 ? true : nil }, "the region shows the picture")
        }
    }
}
