import VideoWallCore
import VideoWallPresentation
import XCTest

/// A screen's `rotate:`: where a rectangle of its upright picture lands in the window.
final class ScreenTurnTests: XCTestCase {
    /// A 1920x1080 monitor hung as a 1080x1920 portrait screen; a tile at the upright top
    /// left, 100 wide and 200 high, 10 from the left and 20 from the top.
    private let upright = (width: 1080, height: 1920)
    private let tile = PixelRect(x: 10, y: 20, width: 100, height: 200)

    func testEachTurnPutsTheUprightTopLeftWhereItHangs() {
        XCTAssertEqual(ScreenTurn.clockwise.uprightSize(ofWindowWidth: 1920, height: 1080).width, 1080)
        // Turned clockwise, the upright top edge is the window's right edge.
        XCTAssertEqual(ScreenTurn.clockwise.windowRect(of: tile, upright: upright), PixelRect(x: 1920 - 20 - 200, y: 10, width: 200, height: 100))
        // Turned the other way, the upright top edge is the window's left edge, its left the bottom.
        XCTAssertEqual(ScreenTurn.counterclockwise.windowRect(of: tile, upright: upright), PixelRect(x: 20, y: 1080 - 10 - 100, width: 200, height: 100))
        let landscape = (width: 1920, height: 1080)
        XCTAssertEqual(ScreenTurn.halfway.windowRect(of: tile, upright: landscape), PixelRect(x: 1920 - 10 - 100, y: 1080 - 20 - 200, width: 100, height: 200))
        XCTAssertEqual(ScreenTurn.none.windowRect(of: tile, upright: landscape), tile)
    }

    func testTheWholePictureStillCoversTheWholeWindow() {
        for turn in ScreenTurn.allCases {
            let size = turn.uprightSize(ofWindowWidth: 1920, height: 1080)
            let whole = turn.windowRect(of: PixelRect(x: 0, y: 0, width: size.width, height: size.height), upright: size)
            XCTAssertEqual(whole, PixelRect(x: 0, y: 0, width: 1920, height: 1080), "\(turn)")
        }
        XCTAssertNil(ScreenTurn(degrees: 45))
    }
}
