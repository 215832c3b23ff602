import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// A layout with a canvas of screens (walls across machines) in a real window: seen whole, the
/// canvas keeps its shape; as one screen, each tile is where its part of the canvas falls on
/// that screen, and a tile with nothing on it is not shown.
final class CanvasOnScreenTests: XCTestCase {
    /// Two 1000 x 500 mm screens side by side, no bezels; a tile on each half of the canvas.
    private static let yaml = """
        canvas: {width: 2000, height: 500}
        screens:
          - {name: a, x: 0, y: 0, width: 1000, height: 500, pixels: 1280x640}
          - {name: b, x: 1000, y: 0, width: 1000, height: 500, pixels: 1280x640}
        regions:
          - {x: 0, y: 0, width: 0.5, height: 1, fit: stretch}
          - {x: 0.5, y: 0, width: 0.5, height: 1, fit: stretch}
        """

    func testTheWholeCanvasKeepsItsShapeInTheWindow() throws {
        try onMainLoop(timeout: 30) {
            let layout = try LayoutParser.parse(yaml: Self.yaml, sourceName: "two-screens.yaml")
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [], width: 800, height: 450)
            defer { WallWindowHarness.close(window, wall) }
            let laidOut = await waitUntil(timeout: 10) { window.regionFrame(ofRegion: 1).width > 0 }
            XCTAssertTrue(laidOut, "the window laid its regions out")
            let left = window.regionFrame(ofRegion: 0), right = window.regionFrame(ofRegion: 1)
            // 2000 x 500 mm: four times as wide as high, letterboxed in an 800-pixel-wide stage.
            XCTAssertEqual(left.x, 0)
            XCTAssertEqual(Double(left.width + right.width) / Double(left.height), 4, accuracy: 0.05, "\(left) \(right)")
            XCTAssertGreaterThan(left.y, 0, "bars above and below: \(left)")
            XCTAssertEqual(right.x, left.x + left.width)
        }
    }

    func testAScreenShowsOnlyTheTilesOnIt() throws {
        let clip = try onMainLoop { try await TestClips.clip(TestClips.landscape) }
        try onMainLoop(timeout: 30) {
            let layout = try LayoutParser.parse(yaml: Self.yaml, sourceName: "two-screens.yaml")
            let screen = try XCTUnwrap(layout.canvas?.screen(named: "b"))
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [clip, clip], width: 640, height: 400, screen: screen)
            defer { WallWindowHarness.close(window, wall) }
            let shown = await waitUntil(timeout: 10) { window.videoFrame(ofRegion: 1) != nil && window.regionFrame(ofRegion: 1).width > 0 }
            XCTAssertTrue(shown, "the tile on screen b plays")
            XCTAssertTrue(window.regionFrame(ofRegion: 0).isEmpty, "the tile on screen a is not on screen b: \(window.regionFrame(ofRegion: 0))")
            let right = window.regionFrame(ofRegion: 1)
            XCTAssertEqual([right.x, right.y], [0, 0], "the tile covering screen b covers the window: \(right)")
            XCTAssertGreaterThanOrEqual(right.width, 630, "\(right)")
        }
    }
}
