@testable import VideoWallCore
import XCTest

/// `--screens left=0,right=1` and a layout's `monitor:`: which monitor shows which screen.
final class MonitorAssignmentTests: XCTestCase {
    private let canvas = LayoutCanvas(size: Size(width: 1000, height: 500), screens: [
        CanvasScreen(name: "left", frame: Rect(x: 0, y: 0, width: 500, height: 500), pixelWidth: 640, pixelHeight: 360),
        CanvasScreen(name: "right", frame: Rect(x: 500, y: 0, width: 500, height: 500), pixelWidth: 640, pixelHeight: 360),
    ])

    func testPairsAreReadInOrder() throws {
        let assignment = try MonitorAssignment.parse("right=0,left=1")
        XCTAssertEqual(assignment.pairs, [.init(screen: "right", monitor: 0), .init(screen: "left", monitor: 1)])
        let resolved = try XCTUnwrap(MonitorAssignment.resolve(assignment, canvas: canvas, layoutName: "wall.yaml"))
        XCTAssertEqual(resolved.map(\.screen.name), ["right", "left"])
        XCTAssertEqual(resolved.map(\.monitor), [0, 1])
    }

    func testMistakesAreRefusedWithTheReason() {
        let cases: [(String, String)] = [
            ("", "--screens takes 1 to 16 NAME=MONITOR pairs separated by commas (left=0,right=1), got ''"),
            ("left", "--screens: 'left' is not NAME=MONITOR (a screen of the layout, then a monitor from 0 to 63)"),
            ("left=64", "--screens: 'left=64' is not NAME=MONITOR (a screen of the layout, then a monitor from 0 to 63)"),
            ("left=-1", "--screens: 'left=-1' is not NAME=MONITOR (a screen of the layout, then a monitor from 0 to 63)"),
            ("left=0,,right=1", "--screens: '' is not NAME=MONITOR (a screen of the layout, then a monitor from 0 to 63)"),
            ("left=0,left=1", "--screens: screen 'left' is given two monitors"),
            ("left=0,right=0", "--screens: monitor 0 is given to two screens"),
            ("l\u{1B}[2J=0", "--screens: 'l\\e[2J=0' is not NAME=MONITOR (a screen of the layout, then a monitor from 0 to 63)"),
            (Array(repeating: "a=1", count: 17).joined(separator: ","), "--screens takes 1 to 16 NAME=MONITOR pairs"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try MonitorAssignment.parse(text), text) { error in
                XCTAssertTrue((error as? MonitorAssignment.Problem)?.description.hasPrefix(expected) == true, "\(text): \(error)")
            }
        }
    }

    func testAScreenTheLayoutDoesNotHaveIsNamed() throws {
        let assignment = try MonitorAssignment.parse("centre=0")
        XCTAssertThrowsError(try MonitorAssignment.resolve(assignment, canvas: canvas, layoutName: "wall.yaml")) { error in
            XCTAssertEqual("\(error)", "--screens: wall.yaml has no screen named 'centre'; it has 'left', 'right'")
        }
        XCTAssertThrowsError(try MonitorAssignment.resolve(assignment, canvas: nil, layoutName: "grid-2x2"))
    }

    func testTheLayoutsMonitorsApplyWithoutTheOption() throws {
        XCTAssertNil(try MonitorAssignment.resolve(nil, canvas: canvas, layoutName: "wall.yaml"), "no monitor anywhere: one window")
        var withMonitors = canvas
        withMonitors.screens[1].monitor = 0
        let resolved = try XCTUnwrap(MonitorAssignment.resolve(nil, canvas: withMonitors, layoutName: "wall.yaml"))
        XCTAssertEqual(resolved.map(\.screen.name), ["right"])
        withMonitors.screens[0].monitor = 0
        XCTAssertThrowsError(try MonitorAssignment.resolve(nil, canvas: withMonitors, layoutName: "wall.yaml")) { error in
            XCTAssertEqual("\(error)", "wall.yaml: monitor 0 is given to two screens")
        }
        // The option wins over the layout.
        let chosen = try XCTUnwrap(MonitorAssignment.resolve(try MonitorAssignment.parse("left=3"), canvas: withMonitors, layoutName: "wall.yaml"))
        XCTAssertEqual(chosen.map(\.monitor), [3])
    }
}
