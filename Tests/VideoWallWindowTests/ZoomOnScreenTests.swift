import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// Zoom read from the screen: a 1280x720 checkerboard of one-pixel squares is grey at fit (four
/// source pixels to one on screen) and black and white at one source pixel per screen pixel,
/// which only a picture cut from the source resolution can show; tiles zoom together until one
/// is unlinked; the wheel zooms about the pointer.
final class ZoomOnScreenTests: XCTestCase {
    static let checkers = ClipSpec(width: 1280, height: 720, frames: 150, pattern: "checkers-1", bitrate: 30000)

    /// How much neighbouring pixels differ in the middle 40x40 of a region's picture (green,
    /// the checkerboard's colour), from 0 (flat) to 1: a one-pixel checkerboard shown pixel
    /// for pixel is near 1, the same squares averaged four to a pixel near 0.
    @MainActor
    private static func sharpness(_ window: WallWindow, region: Int) -> Double {
        guard let rows = middleGreens(window, region: region) else { return -1 }
        let steps = rows.flatMap { row in zip(row, row.dropFirst()).map { abs($1 - $0) } }
        return Double(steps.reduce(0, +)) / Double(steps.count) / 255
    }

    /// The green of the middle 40 rows of a region's picture, 41 pixels of each (the 40 in the
    /// middle and the one right of them), read from a capture of the window.
    @MainActor
    private static func middleGreens(_ window: WallWindow, region: Int) -> [[Int]]? {
        guard let capture = window.capture(), let picture = window.videoFrame(ofRegion: region) else { return nil }
        let left = picture.x + picture.width / 2 - 20, top = picture.y + picture.height / 2 - 20
        return (top..<(top + 40)).map { y in (left...(left + 40)).map { x in Int(capture.pixel(x: x, y: y).green) } }
    }

    func testOneSourcePixelPerScreenPixelIsSharpAndTilesZoomTogetherUntilUnlinked() throws {
        try onMainLoop(timeout: 120) {
            let path = try await TestClips.clip(Self.checkers)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            await WallWindowHarness.pauseWithSpace(window, wall)
            for region in [0, 1] {
                XCTAssertLessThan(Self.sharpness(window, region: region), 0.15, "at fit the squares are smaller than a pixel: grey")
            }

            XCTAssertTrue(window.simulateKey("Z"))
            let sharp = await waitUntil(timeout: 5) { Self.sharpness(window, region: 0) > 0.4 && Self.sharpness(window, region: 1) > 0.4 }
            XCTAssertTrue(sharp, "Z: one source pixel per screen pixel on both linked tiles: \(Self.sharpness(window, region: 0)), \(Self.sharpness(window, region: 1)) \(window.statusText(ofRegion: 1) ?? "-") \(window.statusText(ofRegion: 0) ?? "-")")
            XCTAssertGreaterThan(window.zoom.scale, 2.5)
            // A new size for the tiles keeps what they show: still zoomed (fit is grey, near 0).

            // Tile 2 unlinked goes back to fit alone.
            XCTAssertTrue(window.simulateKey("2", modifiers: .alt))
            XCTAssertTrue(window.simulateKey("u"))
            XCTAssertTrue(window.simulateKey("z"))
            let alone = await waitUntil(timeout: 5) { Self.sharpness(window, region: 1) < 0.15 }
            XCTAssertTrue(alone, "z on the unlinked tile: it alone is back at fit")
            XCTAssertGreaterThan(Self.sharpness(window, region: 0), 0.4, "tile 1 stays zoomed")

            // The linked tile: the wheel zooms out about the pointer, notch by notch, to fit.
            XCTAssertTrue(window.simulateKey("2", modifiers: .alt))
            let scale = window.zoom.scale
            XCTAssertTrue(window.simulateScroll(region: 0, down: true))
            let out = await waitUntil(timeout: 3) { window.zoom.scale < scale - 0.1 }
            XCTAssertTrue(out, "a notch down zooms out: \(window.zoom.scale) from \(scale)")
            XCTAssertEqual(window.zoom.scale, scale / 1.25, accuracy: 0.01)
        }
    }

    /// The share of the middle 40x40 of a region's picture (green) that is near its darkest or
    /// near its lightest value: source pixels enlarged as blocks are all one or the other (0 if
    /// the patch is nearly flat); enlarged smoothly, the ramps between them are neither.
    @MainActor
    private static func twoToned(_ window: WallWindow, region: Int) -> Double {
        guard let rows = middleGreens(window, region: region) else { return -1 }
        let greens = rows.flatMap { $0.dropLast() }
        guard let low = greens.min(), let high = greens.max(), high - low >= 60 else { return 0 }
        let margin = (high - low) * 15 / 100
        return Double(greens.filter { $0 <= low + margin || $0 >= high - margin }.count) / Double(greens.count)
    }

    func testNearestNeighbourShowsSourcePixelsAsBlocks() throws {
        try onMainLoop(timeout: 120) {
            let path = try await TestClips.clip(Self.checkers)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            await WallWindowHarness.pauseWithSpace(window, wall)
            // Past 1:1: each source pixel is about 2.4 screen pixels wide.
            XCTAssertTrue(window.simulateKey("Z"))
            let oneToOne = await waitUntil(timeout: 5) { Self.sharpness(window, region: 0) > 0.4 }
            XCTAssertTrue(oneToOne, "Z: 1:1")
            for _ in 0..<4 { XCTAssertTrue(window.simulateScroll(region: 0, down: false)) }
            // At 1:1 every pixel is dark or light; enlarged smoothly, ramps come between them.
            let zoomed = await waitUntil(timeout: 5) { (0.01..<0.75).contains(Self.twoToned(window, region: 1)) }
            let smooth = Self.twoToned(window, region: 1)
            XCTAssertTrue(zoomed, "zoomed past 1:1, bilinear: ramps between the source pixels: \(smooth)")

            XCTAssertTrue(window.simulateKey("N"))
            let on = await waitUntil(timeout: 3) { window.nearestFiltering }
            XCTAssertTrue(on, "N turns nearest-neighbour on")
            let blocks = await waitUntil(timeout: 5) { Self.twoToned(window, region: 0) > 0.9 && Self.twoToned(window, region: 1) > 0.9 }
            XCTAssertTrue(blocks, "N: every screen pixel is one source pixel's: \(Self.twoToned(window, region: 0)), \(Self.twoToned(window, region: 1)) (bilinear \(smooth))")
            XCTAssertGreaterThan(window.zoom.scale, 2.5, "still zoomed")

            XCTAssertTrue(window.simulateKey("N"))
            let smoothAgain = await waitUntil(timeout: 5) { (0.01..<0.75).contains(Self.twoToned(window, region: 1)) }
            XCTAssertTrue(smoothAgain, "N again: smooth: \(Self.twoToned(window, region: 1))")
        }
    }
}
