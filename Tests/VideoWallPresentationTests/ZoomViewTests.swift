import VideoWallCore
import VideoWallPresentation
import XCTest

final class ZoomViewTests: XCTestCase {
    func testZoomingAboutAPointKeepsThatPartOfThePictureUnderIt() {
        var view = ZoomView()
        view.zoom(by: 4, aboutX: 0.5, y: 0.5)
        XCTAssertEqual(view.scale, 4, accuracy: 1e-12)
        XCTAssertEqual(view.visible, Rect(x: 0.375, y: 0.375, width: 0.25, height: 0.25))
        // About the top-left quarter point: the source point there (0.4375, 0.4375) stays there.
        view.zoom(by: 2, aboutX: 0.25, y: 0.25)
        XCTAssertEqual(view.visible.x + 0.25 * view.visible.width, 0.4375, accuracy: 1e-12)
        XCTAssertEqual(view.visible.width, 0.125, accuracy: 1e-12)
        view.zoom(by: 0.001, aboutX: 0.9, y: 0.1)
        XCTAssertEqual(view, ZoomView(), "zooming out stops at the whole picture")
    }

    func testPanningFollowsThePointerAndStopsAtTheEdges() {
        var view = ZoomView()
        view.pan(byX: 0.3, y: 0)
        XCTAssertEqual(view, ZoomView(), "the whole picture does not move")
        view.zoom(by: 2, aboutX: 0.5, y: 0.5)
        view.pan(byX: 0.2, y: -0.1)  // dragged right and up: the picture's left comes in
        XCTAssertEqual(view.visible.x, 0.25 - 0.1, accuracy: 1e-12)
        XCTAssertEqual(view.visible.y, 0.25 + 0.05, accuracy: 1e-12)
        view.pan(byX: 10, y: -10)
        XCTAssertEqual(view.visible.x, 0)
        XCTAssertEqual(view.visible.y, 0.5, "the bottom edge at most")
        view.pan(byX: .nan, y: 0)
        XCTAssertEqual(view.visible.x, 0)
    }

    func testSourcePixelsAndCropsInWholePixels() {
        var view = ZoomView()
        XCTAssertTrue(view.crop(width: 1920, height: 1080) == (0, 0, 0, 0))
        view.showSourcePixels(sourceWidth: 1920, shownWidth: 480)
        XCTAssertEqual(view.scale, 4, accuracy: 1e-12)
        let crop = view.crop(width: 1920, height: 1080)
        XCTAssertTrue(crop == (720, 720, 405, 405), "\(crop)")
        // Of a source half the size, the same part: tiles linked show one part of the picture.
        XCTAssertTrue(view.crop(width: 960, height: 540) == (360, 360, 203, 202) || view.crop(width: 960, height: 540) == (360, 360, 202, 203))
        var small = ZoomView()
        small.showSourcePixels(sourceWidth: 320, shownWidth: 640)
        XCTAssertFalse(small.isZoomed, "a source smaller than its picture stays at fit")
        view.reset()
        XCTAssertFalse(view.isZoomed)
        view.setScale(1000)
        XCTAssertEqual(view.scale, ZoomView.maximumScale, accuracy: 1e-9)
    }
}
