import XCTest
@testable import VideoWallCore

final class LayoutParserTests: XCTestCase {
    func testFullRegionParses() throws {
        let yaml = """
        name: demo
        background: "#102030"
        gap: 6
        regions:
          - x: 0
            y: 0.25
            width: 0.5
            height: 0.75
            fit: fill
            source: 2
            mute: true
            volume: 0.5
            loop: yes
            label: Before
            z: 3
            offset: -0.04
            rotate: 90
          - {x: 0.5, y: 0, width: 0.5, height: 1, source: "rtsp://camera/1", label: 2020, offset: 12f}
        """
        let layout = try LayoutParser.parse(yaml: yaml, sourceName: "demo.yaml")
        XCTAssertEqual(layout, Layout(name: "demo", background: RGBColor(red: 0x10, green: 0x20, blue: 0x30), gap: 6, regions: [
            LayoutRegion(frame: Rect(x: 0, y: 0.25, width: 0.5, height: 0.75), fit: .fill, source: .index(2),
                         mute: true, volume: 0.5, loop: true, label: "Before", z: 3, offset: .time(.milliseconds(-40)), rotate: 90),
            LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 1), source: .location("rtsp://camera/1"),
                         label: "2020", offset: .frames(12)),
        ]))
    }

    /// A region turns by quarter turns only.
    func testRotateTakesQuarterTurnsOnly() {
        for bad in ["45", "360", "-90", "\"ninety\"", "[90]"] {
            let yaml = "regions:\n  - {x: 0, y: 0, width: 1, height: 1, rotate: \(bad)}\n"
            XCTAssertThrowsError(try LayoutParser.parse(yaml: yaml, sourceName: "r.yaml"), bad) { error in
                XCTAssertTrue("\(error)".contains("rotate"), "\(error)")
            }
        }
    }

    func testDefaults() throws {
        let yaml = "regions:\n  - {x: 0, y: 0, width: 1, height: 1}\n"
        let layout = try LayoutParser.parse(yaml: yaml, sourceName: "/some/dir/my-wall.yaml")
        XCTAssertEqual(layout.name, "my-wall")
        XCTAssertEqual(layout.background, .black)
        XCTAssertEqual(layout.gap, 0)
        XCTAssertEqual(layout.regions, [LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1))])
        XCTAssertEqual(layout.regions[0].fit, .fit)
        XCTAssertNil(layout.regions[0].source)
        XCTAssertNil(layout.regions[0].mute)
    }

    func testThirdsWithinToleranceAreAccepted() throws {
        let yaml = "regions:\n  - {x: 0.6666666667, y: 0, width: 0.3333333334, height: 1}\n"
        XCTAssertEqual(try LayoutParser.parse(yaml: yaml, sourceName: "t.yaml").regions.count, 1)
    }

    func testPaintOrderFollowsZThenFileOrder() throws {
        let yaml = """
        regions:
          - {x: 0, y: 0, width: 1, height: 1, z: 2}
          - {x: 0, y: 0, width: 1, height: 1}
          - {x: 0, y: 0, width: 1, height: 1, z: -1}
          - {x: 0, y: 0, width: 1, height: 1}
        """
        XCTAssertEqual(try LayoutParser.parse(yaml: yaml, sourceName: "z.yaml").paintOrder, [2, 1, 3, 0])
    }

    /// Each broken file must be rejected with exactly this description (file, line, reason).
    func testErrorsNameTheLine() {
        let region = "  - x: 0\n    y: 0\n    width: 0.5\n    height: 0.5\n"
        let cases: [(String, String, String)] = [
            ("bad indentation",
             "name: bad\nregions:\n  - x: 0\n    y: 0\n   width: 0.5\n    height: 0.5\n",
             "grid.yaml:5: YAML syntax error: did not find expected '-' indicator (while parsing a block collection that starts on line 3)"),
            ("unclosed flow mapping",
             "regions:\n  - {x: 0, y: 0, width: 1, height: 1\n",
             "grid.yaml:3: YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping that starts on line 2)"),
            ("unknown top-level key",
             "name: x\ncolour: \"#000000\"\nregions:\n" + region,
             "grid.yaml:2: unknown key 'colour' (expected one of: name, background, gap, regions, sync, canvas, screens, overlays, power)"),
            ("unknown region key with suggestion",
             "regions:\n" + region + "  - x: 0.5\n    y: 0\n    widht: 0.5\n    height: 0.5\n",
             "grid.yaml:8: region 2: unknown key 'widht' (did you mean 'width'?)"),
            ("duplicate key",
             "regions:\n  - x: 0\n    y: 0\n    x: 0.5\n    width: 0.5\n    height: 0.5\n",
             "grid.yaml:4: region 1: duplicate key 'x'"),
            ("region outside window",
             "name: grid\ngap: 2\nregions:\n" + region + "  - x: 0.7\n    y: 0\n    width: 0.5\n    height: 0.5\n",
             "grid.yaml:10: region 2: x + width = 1.2 is outside the window (must be <= 1)"),
            ("y + height outside window",
             "regions:\n  - {x: 0, y: 0.5, width: 1, height: 0.75}\n",
             "grid.yaml:2: region 1: y + height = 1.25 is outside the window (must be <= 1)"),
            ("x out of range",
             "regions:\n  - x: -0.1\n    y: 0\n    width: 0.5\n    height: 0.5\n",
             "grid.yaml:2: region 1: 'x' must be between 0 and 1, got -0.1"),
            ("zero width",
             "regions:\n  - x: 0\n    y: 0\n    width: 0\n    height: 0.5\n",
             "grid.yaml:4: region 1: 'width' must be more than 0 and at most 1, got 0"),
            ("missing key",
             "regions:\n  - x: 0\n    y: 0\n    height: 0.5\n",
             "grid.yaml:2: region 1: missing required key 'width'"),
            ("negative gap",
             "gap: -4\nregions:\n" + region,
             "grid.yaml:1: 'gap' must be a whole number from 0 to 1000 pixels, got '-4'"),
            ("offset not a time",
             "regions:\n  - {x: 0, y: 0, width: 1, height: 1, offset: soon}\n",
             "grid.yaml:2: region 1: 'offset' must be seconds (0.5, -0.04) or frames (12f), at most 3600 s or 360000 frames either way, got 'soon'"),
            ("gap not a number",
             "name: g\ngap: wide\nregions:\n" + region,
             "grid.yaml:2: 'gap' must be a whole number from 0 to 1000 pixels, got 'wide'"),
            ("gap fractional",
             "gap: 2.5\nregions:\n" + region,
             "grid.yaml:1: 'gap' must be a whole number from 0 to 1000 pixels, got '2.5'"),
            ("bad colour",
             "background: \"#10101\"\nregions:\n" + region,
             "grid.yaml:1: 'background' must be a colour written \"#RRGGBB\" in quotes (an unquoted # starts a comment), got \"#10101\" (text in quotes)"),
            ("unquoted colour is a comment",
             "name: n\nbackground: #101010\nregions:\n" + region,
             "grid.yaml:2: 'background' must be a colour written \"#RRGGBB\" in quotes (an unquoted # starts a comment), got nothing"),
            ("number in quotes",
             "regions:\n  - x: \"0.5\"\n    y: 0\n    width: 0.5\n    height: 0.5\n",
             "grid.yaml:2: region 1: 'x' must be a number, got \"0.5\" (text in quotes)"),
            ("bool expected",
             "regions:\n" + region + "    mute: maybe\n",
             "grid.yaml:6: region 1: 'mute' must be true or false, got 'maybe'"),
            ("bad fit",
             "regions:\n" + region + "    fit: cover\n",
             "grid.yaml:6: region 1: 'fit' must be one of fit, fill, stretch, got 'cover'"),
            ("volume too loud",
             "regions:\n" + region + "    volume: 1.5\n",
             "grid.yaml:6: region 1: 'volume' must be between 0 and 1, got 1.5"),
            ("source zero",
             "regions:\n" + region + "    source: 0\n",
             "grid.yaml:6: region 1: 'source' must be a source number from 1 to 16 (sources are numbered from 1), got '0'"),
            ("source bool",
             "regions:\n" + region + "    source: true\n",
             "grid.yaml:6: region 1: 'source' must be a source number (1, 2, ...) or a path or URI, got 'true'"),
            ("label not text",
             "regions:\n" + region + "    label: [a, b]\n",
             "grid.yaml:6: region 1: 'label' must be text, got a list"),
            ("z not whole",
             "regions:\n" + region + "    z: top\n",
             "grid.yaml:6: region 1: 'z' must be a whole number from -1000 to 1000, got 'top'"),
            ("empty regions",
             "name: e\nregions: []\n",
             "grid.yaml:2: 'regions' must list at least one region"),
            ("regions missing a value",
             "name: e\nregions:\n",
             "grid.yaml:2: 'regions' must be a list of regions, got nothing"),
            ("no regions key",
             "name: e\ngap: 1\n",
             "grid.yaml:1: missing required key 'regions'"),
            ("region not a mapping",
             "regions:\n  - full\n",
             "grid.yaml:2: region 1 must be a mapping with x, y, width and height, got 'full'"),
            ("top level is a list",
             "- x: 0\n",
             "grid.yaml:1: expected keys like 'name:', got a list"),
            ("empty file",
             "# nothing here\n",
             "grid.yaml:1: the layout is empty (it needs at least a 'regions' list)"),
            ("too many regions",
             "regions:\n" + String(repeating: "  - {x: 0, y: 0, width: 1, height: 1}\n", count: 17),
             "grid.yaml:18: 'regions' lists 17 regions but at most 16 are allowed"),
        ]
        for (label, yaml, expected) in cases {
            XCTAssertThrowsError(try LayoutParser.parse(yaml: yaml, sourceName: "grid.yaml"), label) { error in
                XCTAssertEqual((error as? LayoutError)?.description, expected, label)
            }
        }
    }

    func testLoadNamesMissingFile() {
        XCTAssertThrowsError(try LayoutParser.load(path: "/nonexistent/wall.yaml")) { error in
            XCTAssertEqual((error as? LayoutError)?.description, "/nonexistent/wall.yaml: no such layout file")
        }
    }

    func testErrorDescriptionFormat() {
        XCTAssertEqual(LayoutError(file: "a.yaml", line: 3, message: "bad").description, "a.yaml:3: bad")
        XCTAssertEqual(LayoutError(file: "a.yaml", line: nil, message: "bad").description, "a.yaml: bad")
    }
}
