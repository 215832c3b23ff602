import Foundation
import VideoWallCore
import VideoWallPresentation
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// `--compare`: two tiles in one picture, read back from the screen. The difference of a clip
/// with itself is black and of two frames a frame apart is not; a wipe shows tile 1 on one side
/// of the divider and tile 2 on the other, and the divider follows a click; a flip shows one
/// tile, then the other, in place.
final class CompareOnScreenTests: XCTestCase {
    static let clip = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: 30)

    /// Opens the two sources compared in `mode`, paused once the picture is up.
    private func withComparison(_ sources: [String], mode: CompareMode, offsets: [Int: TileOffset] = [:],
                                _ body: @escaping @MainActor (WallWindow, Wall, PixelRect) async throws -> Void) throws {
        try onMainLoop(timeout: 120) {
            let (window, wall) = try await WallWindowHarness.open(layout: .comparison, sources: sources, offsets: offsets, compare: mode)
            defer { WallWindowHarness.close(window, wall) }
            let shown = await waitUntil(timeout: 10) { window.compareFrame != nil }
            XCTAssertTrue(shown, "the compare picture is up: \(WallWindowHarness.describe(wall))")
            await pause(seconds: 0.6)
            await WallWindowHarness.pauseWithSpace(window, wall)
            await pause(seconds: 0.2)
            GtkRuntime.drainEvents()
            try await body(window, wall, try XCTUnwrap(window.compareFrame))
        }
    }

    /// How many pixels of `rect` in the window have a channel brighter than `level`.
    @MainActor
    private static func brightPixels(_ window: WallWindow, in rect: PixelRect, above level: UInt8 = 40) -> Int {
        guard let image = window.capture() else { return -1 }
        var count = 0
        for y in rect.y..<min(rect.maxY, image.height) {
            for x in rect.x..<min(rect.maxX, image.width) {
                let p = image.pixel(x: x, y: y)
                if max(p.red, p.green, p.blue) > level { count += 1 }
            }
        }
        return count
    }

    func testTheDifferenceOfAClipWithItselfIsBlackAndOfFramesOneApartIsNot() throws {
        let path = try onMainLoop { try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory) }
        try withComparison([path, path], mode: .diff) { window, wall, picture in
            XCTAssertEqual(window.compareView?.mode, .diff)
            XCTAssertEqual(Self.brightPixels(window, in: picture), 0, "one clip against itself: black")
            XCTAssertTrue(window.simulateKey("Y"))
            let luma = await waitUntil(timeout: 3) { window.compareView?.lumaOnly == true }
            XCTAssertTrue(luma, "Y: brightness only")
            await pause(seconds: 0.1)
            GtkRuntime.drainEvents()
            XCTAssertEqual(Self.brightPixels(window, in: picture), 0, "its brightness against itself: black too")

            // Tile 2 one frame later: the frame code differs in one cell of the band at the top.
            await wall.setOffset(wall.frameDuration(ofTile: 1) ?? .milliseconds(33), ofTile: 1)
            await wall.whenIdle()
            let band = PixelRect(x: picture.x, y: picture.y, width: picture.width, height: picture.height / 8)
            let differs = await waitUntil(timeout: 5) { Self.brightPixels(window, in: band) > band.width * band.height / 40 }
            XCTAssertTrue(differs, "frames one apart differ where their codes do: \(Self.brightPixels(window, in: band)) bright pixels")

            // Gain: a faint difference brightens.
            let before = Self.brightPixels(window, in: picture, above: 8)
            XCTAssertTrue(window.simulateKey("g"))
            let gained = await waitUntil(timeout: 3) { window.compareView?.gain == 4 }
            XCTAssertTrue(gained, "g: gain 4")
            GtkRuntime.drainEvents()
            await pause(seconds: 0.1)
            GtkRuntime.drainEvents()
            XCTAssertGreaterThanOrEqual(Self.brightPixels(window, in: picture, above: 8), before, "x4 shows at least what x1 showed")
        }
    }

    func testAWipeShowsTileOneLeftOfTheDividerAndTileTwoRightAndTheDividerFollowsAClick() throws {
        let (red, blue) = try onMainLoop {
            (try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 150, pattern: "red")),
             try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 150, pattern: "blue")))
        }
        try withComparison([red, blue], mode: .wipe) { window, _, picture in
            @MainActor func colour(atFraction fx: Double, _ fy: Double) -> String {
                guard let image = window.capture() else { return "no capture" }
                let p = image.pixel(x: picture.x + Int(Double(picture.width) * fx), y: picture.y + Int(Double(picture.height) * fy))
                if p.red > 150, p.blue < 80 { return "red" }
                if p.blue > 150, p.red < 80 { return "blue" }
                return "other \(p)"
            }
            XCTAssertEqual(colour(atFraction: 0.25, 0.5), "red", "tile 1 left of the divider")
            XCTAssertEqual(colour(atFraction: 0.75, 0.5), "blue", "tile 2 right of it")

            XCTAssertTrue(window.simulateClick(x: picture.x + picture.width * 8 / 10, y: picture.y + picture.height / 2))
            let moved = await waitUntil(timeout: 3) { colour(atFraction: 0.7, 0.5) == "red" }
            XCTAssertTrue(moved, "a click moves the divider to the pointer: \(colour(atFraction: 0.7, 0.5))")
            XCTAssertEqual(window.compareView?.position ?? 0, 0.8, accuracy: 0.01)
            XCTAssertEqual(colour(atFraction: 0.9, 0.5), "blue")

            XCTAssertTrue(window.simulateKey("W"))
            let horizontal = await waitUntil(timeout: 3) { window.compareView?.divider == .horizontal }
            XCTAssertTrue(horizontal, "W: a horizontal divider")
            XCTAssertTrue(window.simulateClick(x: picture.x + picture.width / 2, y: picture.y + picture.height / 4))
            let turned = await waitUntil(timeout: 3) { colour(atFraction: 0.5, 0.6) == "blue" }
            XCTAssertTrue(turned, "W turns the divider: tile 2 below it")
            XCTAssertEqual(colour(atFraction: 0.5, 0.1), "red", "tile 1 above it")

            // The wheel over the picture zooms both tiles.
            XCTAssertTrue(window.simulateScrollOverComparison(down: false))
            XCTAssertEqual(window.zoom.scale, 1.25, accuracy: 1e-9, "one notch in")
        }
    }

    func testAFlipShowsOneTileThenTheOtherInPlace() throws {
        let path = try onMainLoop { try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory) }
        try withComparison([path, path], mode: .flip, offsets: [1: .frames(10)]) { window, wall, picture in
            @MainActor func frame() -> Int? {
                guard let capture = window.capture() else { return nil }
                return FrameCode.read(from: RGBImage(width: capture.width, height: capture.height, pixels: capture.pixels), in: picture)
            }
            let first = try XCTUnwrap(frame(), "tile 1's frame code")
            XCTAssertTrue(window.simulateKey("Tab"))
            let flipped = await waitUntil(timeout: 3) { frame() == first - 10 }
            XCTAssertTrue(flipped, "Tab shows tile 2, ten frames behind: \(String(describing: frame())) after \(first)")
            XCTAssertTrue(window.simulateKey("Tab"))
            let back = await waitUntil(timeout: 3) { frame() == first }
            XCTAssertTrue(back, "Tab again: tile 1")
            // I: tile 2 measured against tile 1 (ten frames apart: not identical), said in the window.
            window.onMeasureQuality = { [weak window, weak wall] in
                Task { @MainActor in
                    guard case .success(let reading)? = await wall?.measureQuality() else { return }
                    window?.showMessage(reading.summary)
                }
            }
            XCTAssertTrue(window.simulateKey("I"))
            let measured = await waitUntil(timeout: 10) { window.messageText?.contains("PSNR") == true }
            XCTAssertTrue(measured, "I measures and says so: \(String(describing: window.messageText))")
            XCTAssertTrue(window.messageText?.contains("PSNR inf") == false, "\(String(describing: window.messageText))")
            XCTAssertTrue(window.simulateKey("c"))
            let cycled = await waitUntil(timeout: 3) { window.compareView?.mode == .diff }
            XCTAssertTrue(cycled, "c: the next view")
        }
    }
}
