import Foundation
import XCTest
@testable import VideoWallCore

/// A layout's canvas and screens (walls across machines): read with their millimetres, bezels
/// and pixels, every mistake named with its line, and the shipped three-screen wall cut so a
/// picture over the whole canvas lines up across the bezels.
final class LayoutCanvasTests: XCTestCase {
    func testTheShippedThreeScreenWall() throws {
        let layout = try LayoutParser.load(path: ShippedLayoutsTests.layoutsDirectory + "/wall-3x1.yaml")
        let canvas = try XCTUnwrap(layout.canvas)
        XCTAssertEqual(canvas.size, Size(width: 3630, height: 680))
        XCTAssertEqual(canvas.screens.map(\.name), ["left", "middle", "right"])
        XCTAssertEqual(canvas.screens.map { [$0.pixelWidth, $0.pixelHeight] }, Array(repeating: [1920, 1080], count: 3))
        let middle = try XCTUnwrap(canvas.screen(named: "middle"))
        XCTAssertEqual(middle.activeArea, Rect(x: 1215, y: 5, width: 1200, height: 670))
        XCTAssertNil(canvas.screen(named: "centre"))
        // A 3630 x 680 source over the whole canvas: each screen its third, less the bezels.
        XCTAssertEqual(canvas.place(layout.regions[0]), Rect(x: 0, y: 0, width: 3630, height: 680))
    }

    func testBezelsPerSideAndAWallWithoutScreensHasNoCanvas() throws {
        let yaml = """
            canvas: {width: 2000, height: 1000}
            screens:
              - name: top_1
                x: 0
                y: 0
                width: 2000
                height: 500
                bezels: {left: 3, top: 4, right: 5.5}
                pixels: 3840x960
            regions:
              - {x: 0, y: 0, width: 1, height: 1}
            """
        let canvas = try XCTUnwrap(try LayoutParser.parse(yaml: yaml, sourceName: "wall.yaml").canvas)
        XCTAssertEqual(canvas.screens[0].bezels, CanvasScreen.Bezels(left: 3, top: 4, right: 5.5, bottom: 0))
        XCTAssertEqual(canvas.screens[0].pixelWidth, 3840)
        XCTAssertNil(try LayoutParser.parse(yaml: "regions:\n  - {x: 0, y: 0, width: 1, height: 1}\n", sourceName: "one.yaml").canvas)
    }

    func testMistakesAreNamedWithTheirLine() {
        let region = "regions:\n  - {x: 0, y: 0, width: 1, height: 1}\n"
        let canvas = "canvas: {width: 1000, height: 500}\n"
        let cases: [(String, String, String)] = [
            ("screens without a canvas", "screens:\n  - {name: a, x: 0, y: 0, width: 10, height: 10, pixels: 64x64}\n" + region,
             "wall.yaml:2: 'screens' needs a 'canvas' (its width and height in millimetres)"),
            ("a canvas without screens", canvas + region, "wall.yaml:1: 'canvas' needs 'screens' (each screen's place on it)"),
            ("a screen off the canvas", canvas + "screens:\n  - {name: a, x: 600, y: 0, width: 500, height: 500, pixels: 1920x1080}\n" + region,
             "wall.yaml:3: screen 1: the screen reaches 1100 x 500 mm, outside the canvas (1000 x 500 mm)"),
            ("two screens of one name", canvas + "screens:\n  - {name: a, x: 0, y: 0, width: 500, height: 500, pixels: 1920x1080}\n"
                + "  - {name: a, x: 500, y: 0, width: 500, height: 500, pixels: 1920x1080}\n" + region,
             "wall.yaml:4: screen 2: another screen is named 'a'"),
            ("pixels written wrong", canvas + "screens:\n  - {name: a, x: 0, y: 0, width: 500, height: 500, pixels: 1920*1080}\n" + region,
             "wall.yaml:3: screen 1: 'pixels' must be WIDTHxHEIGHT, each 16 to 16384 (1920x1080), got '1920*1080'"),
            ("bezels that hide everything", canvas + "screens:\n  - {name: a, x: 0, y: 0, width: 500, height: 500, bezel: 250, pixels: 1920x1080}\n" + region,
             "wall.yaml:3: screen 1: the bezels leave no picture on the screen"),
            ("a name with a space", canvas + "screens:\n  - {name: 'left screen', x: 0, y: 0, width: 500, height: 500, pixels: 1920x1080}\n" + region,
             "wall.yaml:3: screen 1: 'name' must be 1 to 64 letters, digits, '-' or '_' (what `videowall follow --screen` names)"),
            ("a negative width", "canvas: {width: -3, height: 500}\nscreens: []\n" + region,
             "wall.yaml:1: canvas: 'width' must be from 1 to 100000 millimetres, got -3"),
            ("a monitor past the last", canvas + "screens:\n  - {name: a, x: 0, y: 0, width: 500, height: 500, pixels: 1920x1080, monitor: 64}\n" + region,
             "wall.yaml:3: screen 1: 'monitor' must be a whole number from 0 to 63 (this machine's monitors, numbered from 0), got 64"),
            ("half a monitor", canvas + "screens:\n  - {name: a, x: 0, y: 0, width: 500, height: 500, pixels: 1920x1080, monitor: 0.5}\n" + region,
             "wall.yaml:3: screen 1: 'monitor' must be a whole number from 0 to 63 (this machine's monitors, numbered from 0), got 0.5"),
            ("a slanted screen", canvas + "screens:\n  - {name: a, x: 0, y: 0, width: 500, height: 500, pixels: 1920x1080, rotate: 45}\n" + region,
             "wall.yaml:3: screen 1: 'rotate' must be 0, 90, 180 or 270 (degrees clockwise), got 45"),
        ]
        for (label, yaml, expected) in cases {
            XCTAssertThrowsError(try LayoutParser.parse(yaml: yaml, sourceName: "wall.yaml"), label) { error in
                XCTAssertEqual((error as? LayoutError)?.description, expected, label)
            }
        }
    }

    func testAScreenNamesItsMonitorAndTurn() throws {
        let yaml = """
            canvas: {width: 1000, height: 500}
            screens:
              - {name: a, x: 0, y: 0, width: 500, height: 500, pixels: 1920x1080, monitor: 1, rotate: 90}
              - {name: b, x: 500, y: 0, width: 500, height: 500, pixels: 1920x1080}
            regions:
              - {x: 0, y: 0, width: 1, height: 1}
            """
        let screens = try XCTUnwrap(LayoutParser.parse(yaml: yaml, sourceName: "wall.yaml").canvas?.screens)
        XCTAssertEqual(screens.map(\.monitor), [1, nil])
        XCTAssertEqual(screens.map(\.rotation), [90, 0])
    }

    func testAnOverlayMayBeGivenToOneScreen() throws {
        let canvas = """
            canvas: {width: 1000, height: 500}
            screens:
              - {name: a, x: 0, y: 0, width: 500, height: 500, pixels: 1920x1080}
              - {name: b, x: 500, y: 0, width: 500, height: 500, pixels: 1920x1080}
            regions:
              - {x: 0, y: 0, width: 1, height: 1}

            """
        let layout = try LayoutParser.parse(yaml: canvas + "overlays:\n  - {clock: HH:mm, screen: b}\n  - {text: hi}\n", sourceName: "wall.yaml")
        XCTAssertEqual(layout.overlays.map(\.screen), ["b", nil])
        XCTAssertThrowsError(try LayoutParser.parse(yaml: canvas + "overlays:\n  - {text: hi, screen: c}\n", sourceName: "wall.yaml")) { error in
            XCTAssertEqual((error as? LayoutError)?.description, "wall.yaml:8: overlay 1: 'screen' must name one of the layout's screens ('a', 'b'), got 'c'")
        }
        XCTAssertThrowsError(try LayoutParser.parse(yaml: "regions:\n  - {x: 0, y: 0, width: 1, height: 1}\noverlays:\n  - {text: hi, screen: a}\n",
                                                    sourceName: "wall.yaml")) { error in
            XCTAssertEqual((error as? LayoutError)?.description,
                           "wall.yaml:4: overlay 1: 'screen' needs a layout with a canvas and screens (the overlay is drawn on that screen only)")
        }
    }
}
