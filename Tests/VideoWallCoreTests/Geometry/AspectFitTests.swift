import XCTest
@testable import VideoWallCore

final class AspectFitTests: XCTestCase {
    func testDisplaySizeWidensOrHeightensNeverShrinks() {
        let cases: [(Int, Int, PixelAspectRatio, Size)] = [
            (720, 576, PixelAspectRatio(numerator: 16, denominator: 15), Size(width: 768, height: 576)),
            (720, 576, PixelAspectRatio(numerator: 64, denominator: 45), Size(width: 1024, height: 576)),
            (720, 480, PixelAspectRatio(numerator: 8, denominator: 9), Size(width: 720, height: 540)),
            (1920, 1080, .square, Size(width: 1920, height: 1080)),
            (640, 480, PixelAspectRatio(numerator: 0, denominator: 1), Size(width: 640, height: 480)),
        ]
        for (width, height, par, expected) in cases {
            XCTAssertEqual(AspectFit.displaySize(width: width, height: height, pixelAspect: par), expected,
                           "\(width)x\(height) PAR \(par)")
        }
    }

    func testExactRects() {
        let full = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
        let odd = PixelRect(x: 3, y: 7, width: 641, height: 359)
        let sd = AspectFit.displaySize(width: 720, height: 576, pixelAspect: PixelAspectRatio(numerator: 16, denominator: 15))
        let anamorphic = AspectFit.displaySize(width: 720, height: 576, pixelAspect: PixelAspectRatio(numerator: 64, denominator: 45))
        let cases: [(Size, PixelRect, FitMode, PixelRect)] = [
            (Size(width: 1920, height: 1080), PixelRect(x: 0, y: 0, width: 640, height: 480), .fit,
             PixelRect(x: 0, y: 60, width: 640, height: 360)),
            (Size(width: 640, height: 480), full, .fit, PixelRect(x: 240, y: 0, width: 1440, height: 1080)),
            (Size(width: 1920, height: 1080), odd, .fit, PixelRect(x: 4, y: 7, width: 638, height: 359)),
            (Size(width: 1920, height: 1080), PixelRect(x: 0, y: 0, width: 640, height: 480), .fill,
             PixelRect(x: -107, y: 0, width: 853, height: 480)),
            (Size(width: 1080, height: 1920), full, .fill, PixelRect(x: 0, y: -1167, width: 1920, height: 3413)),
            (sd, full, .fit, PixelRect(x: 240, y: 0, width: 1440, height: 1080)),
            (anamorphic, full, .fit, full),
            (anamorphic, full, .fill, full),
            (Size(width: 1, height: 1), odd, .fit, PixelRect(x: 144, y: 7, width: 359, height: 359)),
            (Size(width: 1080, height: 1920), PixelRect(x: 5, y: 5, width: 1, height: 1), .fit,
             PixelRect(x: 5, y: 5, width: 1, height: 1)),
            (Size(width: 10000, height: 1), PixelRect(x: 0, y: 0, width: 100, height: 100), .fit,
             PixelRect(x: 0, y: 49, width: 100, height: 1)),
            (Size(width: 1920, height: 1080), odd, .stretch, odd),
            (Size(width: 0, height: 0), odd, .fit, odd),
            (Size(width: 1920, height: 1080), PixelRect(x: 2, y: 3, width: 0, height: 10), .fit,
             PixelRect(x: 2, y: 3, width: 0, height: 0)),
        ]
        for (media, region, mode, expected) in cases {
            XCTAssertEqual(AspectFit.videoRect(media: media, in: region, mode: mode), expected,
                           "\(media) in \(region) \(mode)")
        }
    }

    func testInvariantsAcrossMediaAndRegions() {
        let pal = PixelAspectRatio(numerator: 16, denominator: 15)
        let wide = PixelAspectRatio(numerator: 64, denominator: 45)
        let media: [Size] = [
            Size(width: 1920, height: 1080), Size(width: 1080, height: 1920), Size(width: 640, height: 480),
            Size(width: 500, height: 500), Size(width: 2390, height: 1000), Size(width: 1, height: 1),
            AspectFit.displaySize(width: 720, height: 576, pixelAspect: pal),
            AspectFit.displaySize(width: 720, height: 576, pixelAspect: wide),
        ]
        let regions: [PixelRect] = [
            PixelRect(x: 0, y: 0, width: 1920, height: 1080), PixelRect(x: 3, y: 7, width: 641, height: 359),
            PixelRect(x: 960, y: 540, width: 960, height: 540), PixelRect(x: 0, y: 0, width: 359, height: 641),
            PixelRect(x: 11, y: 0, width: 1, height: 1), PixelRect(x: 0, y: 0, width: 1000, height: 1),
            PixelRect(x: 0, y: 0, width: 1, height: 1000), PixelRect(x: -20, y: 13, width: 333, height: 333),
        ]
        var checked = 0
        for size in media {
            for region in regions {
                let label = "\(size) in \(region)"
                let fitScale = min(Double(region.width) / size.width, Double(region.height) / size.height)
                let fit = AspectFit.videoRect(media: size, in: region, mode: .fit)
                XCTAssertTrue(region.contains(fit), "fit inside: \(label) -> \(fit)")
                XCTAssertGreaterThanOrEqual(fit.width, 1, label)
                XCTAssertGreaterThanOrEqual(fit.height, 1, label)
                XCTAssertLessThan(abs(Double(fit.width) - max(size.width * fitScale, 1)), 1, "fit width: \(label)")
                XCTAssertLessThan(abs(Double(fit.height) - max(size.height * fitScale, 1)), 1, "fit height: \(label)")
                assertCentred(fit, in: region, label)

                let fillScale = max(Double(region.width) / size.width, Double(region.height) / size.height)
                let fill = AspectFit.videoRect(media: size, in: region, mode: .fill)
                XCTAssertTrue(fill.contains(region), "fill covers: \(label) -> \(fill)")
                XCTAssertLessThan(abs(Double(fill.width) - size.width * fillScale), 1, "fill width: \(label)")
                XCTAssertLessThan(abs(Double(fill.height) - size.height * fillScale), 1, "fill height: \(label)")
                assertCentred(fill, in: region, label)
                XCTAssertEqual(AspectFit.visibleRect(video: fill, region: region), region, label)

                XCTAssertEqual(AspectFit.videoRect(media: size, in: region, mode: .stretch), region, label)
                checked += 1
            }
        }
        XCTAssertEqual(checked, media.count * regions.count)
    }

    func testVisibleRect() {
        let region = PixelRect(x: 0, y: 0, width: 640, height: 480)
        XCTAssertEqual(AspectFit.visibleRect(video: PixelRect(x: -107, y: 0, width: 853, height: 480), region: region), region)
        XCTAssertEqual(AspectFit.visibleRect(video: PixelRect(x: 0, y: 60, width: 640, height: 360), region: region),
                       PixelRect(x: 0, y: 60, width: 640, height: 360))
        XCTAssertTrue(AspectFit.visibleRect(video: PixelRect(x: 700, y: 0, width: 10, height: 10), region: region).isEmpty)
    }

    private func assertCentred(_ rect: PixelRect, in region: PixelRect, _ label: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        let leftSlack = rect.x - region.x, rightSlack = region.maxX - rect.maxX
        let topSlack = rect.y - region.y, bottomSlack = region.maxY - rect.maxY
        XCTAssertLessThanOrEqual(abs(leftSlack - rightSlack), 1, "centred horizontally: \(label) -> \(rect)", file: file, line: line)
        XCTAssertLessThanOrEqual(abs(topSlack - bottomSlack), 1, "centred vertically: \(label) -> \(rect)", file: file, line: line)
    }

    /// A stream chooses its own size and pixel aspect: an extreme one in `fill` mode asked for
    /// a width past what an Int holds, and the conversion trapped.
    func testExtremeMediaShapesGiveBoundedRects() {
        let region = PixelRect(x: 0, y: 0, width: 640, height: 360)
        for media in [Size(width: 1e300, height: 1), Size(width: 1, height: 1e300), Size(width: 4e18, height: 1)] {
            for mode in [FitMode.fit, .fill] {
                let rect = AspectFit.videoRect(media: media, in: region, mode: mode)
                XCTAssertTrue([rect.x, rect.y, rect.width, rect.height].allSatisfy { abs($0) <= 1 << 30 }, "\(media) \(mode): \(rect)")
                XCTAssertTrue(rect.width >= 1 && rect.height >= 1, "\(media) \(mode): \(rect)")
            }
        }
    }
}
