import XCTest
@testable import VideoWallCore

final class RegionGeometryTests: XCTestCase {
    private func regions(_ frames: [(Double, Double, Double, Double)]) -> [LayoutRegion] {
        frames.map { LayoutRegion(frame: Rect(x: $0.0, y: $0.1, width: $0.2, height: $0.3)) }
    }

    private var grid: [LayoutRegion] {
        regions([(0, 0, 0.5, 0.5), (0.5, 0, 0.5, 0.5), (0, 0.5, 0.5, 0.5), (0.5, 0.5, 0.5, 0.5)])
    }

    private var onePlusThree: [LayoutRegion] {
        let third = 1.0 / 3
        return regions([(0, 0, 2 * third, 1), (2 * third, 0, third, third),
                        (2 * third, third, third, third), (2 * third, 2 * third, third, third)])
    }

    func testExactRects() {
        let cases: [(String, [LayoutRegion], Size, Int, [PixelRect])] = [
            ("grid, no gap", grid, Size(width: 1920, height: 1080), 0, [
                PixelRect(x: 0, y: 0, width: 960, height: 540), PixelRect(x: 960, y: 0, width: 960, height: 540),
                PixelRect(x: 0, y: 540, width: 960, height: 540), PixelRect(x: 960, y: 540, width: 960, height: 540),
            ]),
            ("grid, gap 4: border edges stay on the border", grid, Size(width: 1920, height: 1080), 4, [
                PixelRect(x: 0, y: 0, width: 958, height: 538), PixelRect(x: 962, y: 0, width: 958, height: 538),
                PixelRect(x: 0, y: 542, width: 958, height: 538), PixelRect(x: 962, y: 542, width: 958, height: 538),
            ]),
            ("odd window: shared edge rounds once", grid, Size(width: 641, height: 359), 0, [
                PixelRect(x: 0, y: 0, width: 321, height: 180), PixelRect(x: 321, y: 0, width: 320, height: 180),
                PixelRect(x: 0, y: 180, width: 321, height: 179), PixelRect(x: 321, y: 180, width: 320, height: 179),
            ]),
            ("odd gap splits floor before, ceil after", grid, Size(width: 100, height: 100), 5, [
                PixelRect(x: 0, y: 0, width: 47, height: 47), PixelRect(x: 52, y: 0, width: 48, height: 47),
                PixelRect(x: 0, y: 52, width: 47, height: 48), PixelRect(x: 52, y: 52, width: 48, height: 48),
            ]),
            ("one plus three", onePlusThree, Size(width: 1920, height: 1080), 0, [
                PixelRect(x: 0, y: 0, width: 1280, height: 1080), PixelRect(x: 1280, y: 0, width: 640, height: 360),
                PixelRect(x: 1280, y: 360, width: 640, height: 360), PixelRect(x: 1280, y: 720, width: 640, height: 360),
            ]),
            ("inset gets the gap on all its interior edges",
             regions([(0, 0, 1, 1), (0.68, 0.68, 0.3, 0.3)]), Size(width: 1000, height: 500), 4, [
                PixelRect(x: 0, y: 0, width: 1000, height: 500), PixelRect(x: 682, y: 342, width: 296, height: 146),
             ]),
            ("huge gap never gives negative sizes", grid, Size(width: 10, height: 10), 30, [
                PixelRect(x: 0, y: 0, width: 0, height: 0), PixelRect(x: 20, y: 0, width: 0, height: 0),
                PixelRect(x: 0, y: 20, width: 0, height: 0), PixelRect(x: 20, y: 20, width: 0, height: 0),
            ]),
        ]
        for (label, regions, window, gap, expected) in cases {
            XCTAssertEqual(RegionGeometry.pixelRects(for: regions, in: window, gap: gap), expected, label)
        }
    }

    /// For every window size, tiling layouts must cover the window exactly once with no gap,
    /// and with a gap neighbours must be exactly `gap` apart.
    func testTilingHasNoHolesOrOverlapsAtAnySize() {
        for layout in [grid, onePlusThree] {
            for width in stride(from: 1, through: 403, by: 7) {
                for height in [1, 2, 3, 97, 359, 360, 1081] {
                    let window = Size(width: Double(width), height: Double(height))
                    let rects = RegionGeometry.pixelRects(for: layout, in: window, gap: 0)
                    XCTAssertEqual(rects.map { $0.width * $0.height }.reduce(0, +), width * height, "\(window)")
                    for i in rects.indices {
                        XCTAssertTrue(PixelRect(x: 0, y: 0, width: width, height: height).contains(rects[i]))
                        for j in rects.indices where j > i {
                            XCTAssertNil(rects[i].intersection(rects[j]), "\(window): \(i) overlaps \(j)")
                        }
                    }
                }
            }
        }
    }

    func testGapBetweenNeighboursIsExact() {
        for gap in 0...9 {
            for width in [100, 101, 641, 1920] {
                let rects = RegionGeometry.pixelRects(for: grid, in: Size(width: Double(width), height: 359), gap: gap)
                XCTAssertEqual(rects[1].x - rects[0].maxX, gap, "gap \(gap), width \(width)")
                XCTAssertEqual(rects[2].y - rects[0].maxY, gap, "gap \(gap), width \(width)")
                XCTAssertEqual(rects[0].x, 0)
                XCTAssertEqual(rects[1].maxX, width)
            }
        }
    }

    /// A layout made in code can carry any gap (the loader refuses over 1000): `gap: 4294967296`
    /// put regions at x = 2^31 and the window crashed converting that to a 32-bit GTK size.
    func testAnyGapKeepsEveryRectWithinTheWindowsReach() {
        let window = Size(width: 1280, height: 720)
        let sane = RegionGeometry.pixelRects(for: grid, in: window, gap: 1 << 20)
        for gap in [4_294_967_296, Int.max, Int.max - 1] {
            let rects = RegionGeometry.pixelRects(for: grid, in: window, gap: gap)
            XCTAssertEqual(rects, sane, "gap \(gap)")
            for rect in rects {
                XCTAssertTrue([rect.x, rect.y, rect.maxX, rect.maxY].allSatisfy { (0...10_000).contains($0) }, "gap \(gap): \(rect)")
            }
        }
        XCTAssertTrue(sane.allSatisfy(\.isEmpty), "a gap wider than the window leaves no tile: \(sane)")
        XCTAssertEqual(RegionGeometry.pixelRects(for: regions([(0, 0, 1, 1)]), in: window, gap: Int.max),
                       [PixelRect(x: 0, y: 0, width: 1280, height: 720)], "border edges stay on the border")
    }

    func testSizesAndFractionsThatAreNotFiniteGiveEmptyRects() {
        XCTAssertEqual(RegionGeometry.pixelRects(for: grid, in: Size(width: .nan, height: .infinity), gap: 4),
                       Array(repeating: PixelRect.zero, count: 4))
        XCTAssertEqual(RegionGeometry.pixelRects(for: regions([(.nan, 0, 1, 1)]), in: Size(width: 100, height: 100), gap: 0),
                       [PixelRect(x: 0, y: 0, width: 0, height: 100)], "no width where the edges are not numbers")
    }
}
