import Foundation
@testable import VideoWallCore
import VideoWallPresentation
import XCTest

/// One picture across three screens side by side with bezels: each screen shows the part of it
/// under its lit area, the parts line up across the bezel gaps (the canvas behind a bezel is
/// not shown), and a picture off a screen gives it nothing.
final class CanvasPartTests: XCTestCase {
    /// The shipped three-screen wall: a 3630 x 680 source over the whole canvas gives each
    /// screen its third, less the bezels.
    func testTheShippedThreeScreenWallLinesUpAcrossTheBezels() throws {
        let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let layout = try LayoutParser.load(path: repository.appendingPathComponent("layouts/wall-3x1.yaml").path)
        let canvas = try XCTUnwrap(layout.canvas)
        let tile = canvas.place(layout.regions[0])
        let parts = try canvas.screens.map { try XCTUnwrap(CanvasPart.part(of: Size(width: 3630, height: 680), in: tile, fit: layout.regions[0].fit, on: $0)) }
        XCTAssertEqual(parts.map(\.fromSource.x), [5, 1215, 2425])
        XCTAssertEqual(Set(parts.map(\.onScreen)), [PixelRect(x: 0, y: 0, width: 1920, height: 1080)])
    }

    /// Three 1920x1080 screens 1210x680 mm with 5 mm bezels, touching: lit areas 1200x670 mm,
    /// 10 mm of canvas hidden between two of them.
    private let screens = ["left", "middle", "right"].enumerated().map { index, name in
        CanvasScreen(name: name, frame: Rect(x: Double(index) * 1210, y: 0, width: 1210, height: 680),
                     bezels: .init(all: 5), pixelWidth: 1920, pixelHeight: 1080)
    }
    private let canvas = Rect(x: 0, y: 0, width: 3630, height: 680)

    func testAPictureAcrossThreeScreensIsCutAtTheBezels() throws {
        // A source exactly the canvas's shape (3630 x 680 source pixels: one per millimetre).
        let source = Size(width: 3630, height: 680)
        let parts = try screens.map { try XCTUnwrap(CanvasPart.part(of: source, in: canvas, fit: .stretch, on: $0)) }
        for part in parts {
            XCTAssertEqual(part.onScreen, PixelRect(x: 0, y: 0, width: 1920, height: 1080), "each screen is filled")
            XCTAssertEqual(part.fromSource.width, 1200, accuracy: 1e-9)
            XCTAssertEqual(part.fromSource.height, 670, accuracy: 1e-9)
            XCTAssertEqual(part.fromSource.y, 5, accuracy: 1e-9, "the top bezel's strip is not shown")
        }
        XCTAssertEqual(parts.map { $0.fromSource.x }, [5, 1215, 2425], "10 mm of picture hidden behind each pair of bezels")
    }

    func testALetterboxedPictureAndOneOffTheScreen() throws {
        // A 16:9 picture fitted in the whole canvas: 1208.9 mm wide, centred, from 1210.6 mm to
        // 2419.4 mm: the middle screen's frame, its edges behind that screen's bezels.
        let source = Size(width: 1920, height: 1080)
        XCTAssertNil(CanvasPart.part(of: source, in: canvas, fit: .fit, on: screens[0]), "nothing of it on the left screen")
        XCTAssertNil(CanvasPart.part(of: source, in: canvas, fit: .fit, on: screens[2]), "nor on the right one")
        let middle = try XCTUnwrap(CanvasPart.part(of: source, in: canvas, fit: .fit, on: screens[1]))
        let sourcePerMillimetre = 1080.0 / 680, left = (3630 - 680.0 * 16 / 9) / 2
        XCTAssertEqual(middle.onScreen, PixelRect(x: 0, y: 0, width: 1920, height: 1080), "the lit area is all picture")
        XCTAssertEqual(middle.fromSource.x, (1215 - left) * sourcePerMillimetre, accuracy: 1e-9, "its left edge is behind the bezel")
        XCTAssertEqual(middle.fromSource.y, 5 * sourcePerMillimetre, accuracy: 1e-9, "and its top 5 mm")
        XCTAssertEqual(middle.fromSource.width, 1200 * sourcePerMillimetre, accuracy: 1e-9)
        XCTAssertNil(CanvasPart.part(of: source, in: Rect(x: 1207, y: 0, width: 6, height: 680), fit: .stretch, on: screens[0]),
                     "a sliver behind the bezels shows on neither screen")
        XCTAssertNil(CanvasPart.part(of: source, in: Rect(x: 1207, y: 0, width: 6, height: 680), fit: .stretch, on: screens[1]))
    }

    func testAFilledTileIsCroppedToItselfFirst() throws {
        // A square source filling a wide tile on the left screen: its middle band only.
        let part = try XCTUnwrap(CanvasPart.part(of: Size(width: 1000, height: 1000), in: Rect(x: 105, y: 105, width: 1000, height: 500),
                                                 fit: .fill, on: screens[0]))
        XCTAssertEqual(part.fromSource, Rect(x: 0, y: 250, width: 1000, height: 500))
        XCTAssertEqual(part.onScreen, PixelRect(x: 160, y: 161, width: 1600, height: 807))
    }
}
