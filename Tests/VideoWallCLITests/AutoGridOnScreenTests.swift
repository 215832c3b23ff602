import Foundation
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Without a layout every source has a cell of its own on screen (issue 25: five or more got
/// the 2x2 grid and the rest decoded unseen). Each clip is one solid colour; a screenshot of
/// the kiosk window (the whole 1280x800 screen, no controls, no names) shows each colour at
/// the centre of its own cell.
final class AutoGridOnScreenTests: XCTestCase {
    /// ARGB, as videotestsrc's `foreground-color` takes it, and the RGB expected on screen.
    static let colours: [(argb: Int, rgb: (Int, Int, Int))] = [
        (0xFFFF0000, (255, 0, 0)), (0xFF00FF00, (0, 255, 0)), (0xFF0000FF, (0, 0, 255)),
        (0xFFFFFF00, (255, 255, 0)), (0xFF00FFFF, (0, 255, 255)), (0xFFFF00FF, (255, 0, 255)),
        (0xFFFFFFFF, (255, 255, 255)), (0xFFFF8000, (255, 128, 0)), (0xFF808080, (128, 128, 128)),
    ]

    private func clips(_ count: Int, width: Int = 160, height: Int = 90) throws -> [String] {
        try onMainLoop(timeout: 90) {
            var paths: [String] = []
            for colour in Self.colours.prefix(count) {
                paths.append(try await TestClips.clip(ClipSpec(width: width, height: height, frameRate: 30, frames: 60, pattern: "solid-color",
                                                               patternProperties: ["foreground-color": colour.argb])))
            }
            return paths
        }
    }

    /// Plays `paths` without a layout and checks that source i's colour is at the centre of
    /// cell i of a `columns` x `rows` grid, filled row by row.
    private func assertEachSourceInItsCell(_ paths: [String], columns: Int, rows: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let display = try VirtualDisplay.ensure()
        let png = TestClips.directory + "/grid-\(UUID().uuidString.prefix(8)).png"
        let result = try CommandRunner.run(["--kiosk", "--no-audio", "--max-tiles", "16", "--quit-after", "2", "--screenshot-at", "1", png] + paths,
                                           environment: ["DISPLAY": display], display: true, timeout: 60)
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let frame = try XCTUnwrap(PNGFrame.read(png), "the screenshot reads back", file: file, line: line)
        for (index, colour) in Self.colours.prefix(paths.count).enumerated() {
            let x = (index % columns) * frame.width / columns + frame.width / (2 * columns)
            let y = (index / columns) * frame.height / rows + frame.height / (2 * rows)
            let offset = (y * frame.image.width + x) * 3
            let seen = (Int(frame.image.pixels[offset]), Int(frame.image.pixels[offset + 1]), Int(frame.image.pixels[offset + 2]))
            let close = abs(seen.0 - colour.rgb.0) <= 48 && abs(seen.1 - colour.rgb.1) <= 48 && abs(seen.2 - colour.rgb.2) <= 48
            XCTAssertTrue(close, "source \(index + 1) in cell \(index % columns + 1),\(index / columns + 1) of \(columns)x\(rows): expected \(colour.rgb), saw \(seen) at \(x),\(y) of \(frame.width)x\(frame.height)",
                          file: file, line: line)
        }
    }

    /// Square sources: three columns of two show them larger than two of three.
    func testSixSquareSourcesShowInThreeColumnsOfTwo() throws {
        try assertEachSourceInItsCell(try clips(6, width: 90, height: 90), columns: 3, rows: 2)
    }

    func testNineSourcesShowInThreeByThree() throws {
        try assertEachSourceInItsCell(try clips(9), columns: 3, rows: 3)
    }

    /// 16:9 sources on this 16:10 screen: the grid chosen before they were described (three
    /// columns of two, as for any 16:9 window) is turned to two columns of three once they are,
    /// where each shows larger (474x266 against 426x240).
    func testSixWideSourcesTurnTheGridOnceDescribed() throws {
        try assertEachSourceInItsCell(try clips(6), columns: 2, rows: 3)
    }
}
