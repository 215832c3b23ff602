import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Captures what a real GTK window shows and checks each video covers exactly its aspect-fit
/// rectangle, from the size the stream reports.
final class AspectFitOnScreenTests: XCTestCase {
    static let wide = ClipSpec(width: 320, height: 180, frames: 90, pattern: "white")
    static let tall = ClipSpec(width: 180, height: 320, frames: 90, pattern: "white")

    func testSideBySideWideAndTallClipsFitTheirRegions() throws {
        try onMainLoop(timeout: 60) {
            let wide = try await TestClips.clip(Self.wide), tall = try await TestClips.clip(Self.tall)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [wide, tall])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            let image = try XCTUnwrap(window.capture())
            WallWindowHarness.assertShowsFitted(image, window: window, region: 0, media: Size(width: 320, height: 180))
            WallWindowHarness.assertShowsFitted(image, window: window, region: 1, media: Size(width: 180, height: 320))
        }
    }

    func testWindowResizeRefitsEveryTile() throws {
        try onMainLoop(timeout: 60) {
            let wide = try await TestClips.clip(Self.wide), tall = try await TestClips.clip(Self.tall)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [wide, tall])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            let before = window.regionFrame(ofRegion: 0)
            window.resize(width: 1100, height: 420)
            _ = await waitUntil(timeout: 5) { window.regionFrame(ofRegion: 0) != before }
            await WallWindowHarness.settle(window, regions: [0, 1])
            XCTAssertNotEqual(window.regionFrame(ofRegion: 0), before, "the regions follow the window")
            let image = try XCTUnwrap(window.capture())
            XCTAssertEqual(image.width, 1100)
            WallWindowHarness.assertShowsFitted(image, window: window, region: 0, media: Size(width: 320, height: 180))
            WallWindowHarness.assertShowsFitted(image, window: window, region: 1, media: Size(width: 180, height: 320))
        }
    }

    func testNonSquarePixelsAreShownAtTheirDisplayAspect() throws {
        try onMainLoop(timeout: 60) {
            // 360x288 stored with 16:15 pixels: shown 384x288 (4:3), not 5:4.
            let anamorphic = try await TestClips.clip(ClipSpec(width: 360, height: 288, frames: 90, pixelAspect: (16, 15), pattern: "white"))
            let layout = Layout(name: "one", background: .black, regions: [LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1))])
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [anamorphic], width: 900, height: 420)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0])
            let image = try XCTUnwrap(window.capture())
            WallWindowHarness.assertShowsFitted(image, window: window, region: 0, media: Size(width: 384, height: 288))
        }
    }

    /// An H.264 stream that switches from 16:9 to 9:16 after one second: the window re-fits.
    func testStreamThatChangesSizeMidStreamIsRefitted() throws {
        try onMainLoop(timeout: 60) {
            let switching = try await TestClips.sizeSwitchingStream(named: "switching", pattern: "white")
            let layout = Layout(name: "one", background: .black, regions: [LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1))])
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [switching])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0])
            let early = try XCTUnwrap(window.capture())
            WallWindowHarness.assertShowsFitted(early, window: window, region: 0, media: Size(width: 320, height: 180))
            let wideFrame = window.videoFrame(ofRegion: 0)
            _ = await waitUntil(timeout: 5) { window.videoFrame(ofRegion: 0) != wideFrame }
            await pause(seconds: 0.3)
            GtkRuntime.drainEvents()
            let late = try XCTUnwrap(window.capture())
            WallWindowHarness.assertShowsFitted(late, window: window, region: 0, media: Size(width: 180, height: 320))
        }
    }
}
