import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

final class TileStatusTests: XCTestCase {
    func testFailedTileShowsItsErrorWhileTheOtherPlays() throws {
        try onMainLoop(timeout: 60) {
            let good = try await TestClips.clip(AspectFitOnScreenTests.wide)
            let missing = TestClips.directory + "/not-here.mp4"
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [missing, good])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [1])

            XCTAssertEqual(window.statusText(ofRegion: 0), "file not found")
            XCTAssertNil(window.statusText(ofRegion: 1))
            let image = try XCTUnwrap(window.capture())
            let left = window.regionFrame(ofRegion: 0)
            // The message is drawn in the failed region (its red box), the other region plays.
            let red = image.boundingBox(in: (left.x, left.y, left.width, left.height)) { $0.red > 90 && $0.green < 40 && $0.blue < 40 }
            XCTAssertNotNil(red, "the error box is on screen in the failed region")
            WallWindowHarness.assertShowsFitted(image, window: window, region: 1, media: Size(width: 320, height: 180))
            let start = wall.position ?? .zero
            await pause(seconds: 0.4)
            XCTAssertGreaterThan(((wall.position ?? .zero) - start).seconds, 0.2, "the good tile plays on")
        }
    }

    func testTransportShowsPositionAndKioskHidesControls() throws {
        try onMainLoop(timeout: 60) {
            let good = try await TestClips.clip(AspectFitOnScreenTests.wide)
            let layout = Layout(name: "one", regions: [LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1))])
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [good])
            await WallWindowHarness.settle(window, regions: [0])
            XCTAssertTrue(window.controlsVisible)
            XCTAssertEqual(window.transportText, "00:00:00 / 00:00:03")
            window.perform(.togglePlayPause)
            XCTAssertEqual(wall.transport, .paused)
            WallWindowHarness.close(window, wall)

            let (kiosk, kioskWall) = try await WallWindowHarness.open(layout: layout, sources: [good], kiosk: true)
            defer { WallWindowHarness.close(kiosk, kioskWall) }
            XCTAssertFalse(kiosk.controlsVisible, "kiosk mode has no controls")
        }
    }
}
