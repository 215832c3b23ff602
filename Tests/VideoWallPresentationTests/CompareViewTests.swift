import VideoWallCore
import VideoWallPresentation
import XCTest

final class CompareViewTests: XCTestCase {
    private let picture = PixelRect(x: 100, y: 50, width: 640, height: 360)

    func testTheKeysCycleThroughViewsAndGains() {
        var view = CompareView(mode: .wipe)
        view.cycleMode()
        XCTAssertEqual(view.mode, .flip)
        view.cycleMode()
        XCTAssertEqual(view.mode, .diff)
        view.cycleMode()
        XCTAssertEqual(view.mode, .wipe)
        XCTAssertEqual(view.gain, 1)
        var gains: [Int] = []
        for _ in 0..<4 { view.cycleGain(); gains.append(view.gain) }
        XCTAssertEqual(gains, [4, 16, 64, 1])
        XCTAssertEqual(CompareMode(rawValue: "diff"), .diff)
        XCTAssertNil(CompareMode(rawValue: "blend"))
    }

    func testAWipeSplitsThePictureAtTheDivider() {
        var view = CompareView(mode: .wipe)
        let (first, second) = view.wipeParts(of: picture)
        XCTAssertEqual(first, PixelRect(x: 100, y: 50, width: 320, height: 360))
        XCTAssertEqual(second, PixelRect(x: 420, y: 50, width: 320, height: 360))
        view.moveDivider(toPointerAt: 260, 0, in: picture)
        XCTAssertEqual(view.position, 0.25, accuracy: 1e-9)
        XCTAssertEqual(view.wipeParts(of: picture).first.width, 160)
        view.toggleDivider()
        view.moveDivider(toPointerAt: 0, 50 + 270, in: picture)
        let parts = view.wipeParts(of: picture)
        XCTAssertEqual(parts.first, PixelRect(x: 100, y: 50, width: 640, height: 270))
        XCTAssertEqual(parts.second, PixelRect(x: 100, y: 320, width: 640, height: 90))
    }

    func testAPointerOutsideThePictureStopsTheDividerAtTheEdge() {
        var view = CompareView(mode: .wipe)
        view.moveDivider(toPointerAt: -500, 0, in: picture)
        XCTAssertEqual(view.position, 0)
        XCTAssertTrue(view.wipeParts(of: picture).first.isEmpty)
        view.moveDivider(toPointerAt: 5000, 0, in: picture)
        XCTAssertEqual(view.position, 1)
        XCTAssertTrue(view.wipeParts(of: picture).second.isEmpty)
        view.moveDivider(toPointerAt: .nan, 0, in: picture)
        XCTAssertEqual(view.position, 1, "a pointer with no place moves nothing")
        view.moveDivider(toPointerAt: 10, 0, in: .zero)
        XCTAssertEqual(view.position, 1, "nor does an empty picture")
    }

    func testTheCaptionSaysWhatIsShown() {
        var view = CompareView(mode: .flip)
        XCTAssertEqual(view.caption(first: "a.mp4", second: "b.mp4"), "flip: 1 a.mp4")
        view.flip()
        XCTAssertEqual(view.caption(first: "a.mp4", second: "b.mp4"), "flip: 2 b.mp4")
        view.cycleMode()
        view.cycleGain()
        view.toggleLumaOnly()
        XCTAssertEqual(view.caption(first: "a.mp4", second: "b.mp4"), "|a.mp4 - b.mp4| x4, luma")
        view.cycleMode()
        XCTAssertEqual(view.caption(first: "a.mp4", second: "b.mp4"), "a.mp4 | b.mp4")
        view.toggleDivider()
        XCTAssertEqual(view.caption(first: "a.mp4", second: "b.mp4"), "a.mp4 above, b.mp4 below")
    }
}
