import XCTest
@testable import VideoWallCore

final class RectTests: XCTestCase {
    func testIntegralContainsTheFractionalRect() {
        let cases: [(Rect, PixelRect)] = [
            (Rect(x: 0, y: 0, width: 10, height: 5), PixelRect(x: 0, y: 0, width: 10, height: 5)),
            (Rect(x: 0.5, y: 1.2, width: 10, height: 5), PixelRect(x: 0, y: 1, width: 11, height: 6)),
            (Rect(x: -0.5, y: 2, width: 1, height: 0.1), PixelRect(x: -1, y: 2, width: 2, height: 1)),
        ]
        for (rect, expected) in cases {
            XCTAssertEqual(rect.integral, expected, "\(rect)")
        }
    }

    func testContainsAndIntersection() {
        let a = Rect(x: 0, y: 0, width: 0.5, height: 1)
        let b = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
        XCTAssertTrue(a.contains(x: 0.25, y: 0.5))
        XCTAssertFalse(a.contains(x: 0.5, y: 0.5), "far edge belongs to the neighbour")
        XCTAssertTrue(b.contains(x: 0.5, y: 0.5))
        XCTAssertNil(a.intersection(b), "touching rects share no area")
        XCTAssertEqual(a.intersection(Rect(x: 0.25, y: 0.5, width: 1, height: 1)),
                       Rect(x: 0.25, y: 0.5, width: 0.25, height: 0.5))
        XCTAssertTrue(Rect(x: 0, y: 0, width: 1, height: 1).contains(a))
        XCTAssertFalse(a.contains(Rect(x: 0.4, y: 0, width: 0.2, height: 1)))
    }

    func testPixelRectIntersection() {
        let region = PixelRect(x: 10, y: 10, width: 100, height: 50)
        XCTAssertEqual(region.intersection(PixelRect(x: 0, y: 0, width: 20, height: 20)),
                       PixelRect(x: 10, y: 10, width: 10, height: 10))
        XCTAssertNil(region.intersection(PixelRect(x: 110, y: 10, width: 5, height: 5)))
        XCTAssertTrue(region.contains(PixelRect(x: 10, y: 10, width: 100, height: 50)))
        XCTAssertTrue(region.contains(x: 109, y: 59))
        XCTAssertFalse(region.contains(x: 110, y: 59))
    }
}
