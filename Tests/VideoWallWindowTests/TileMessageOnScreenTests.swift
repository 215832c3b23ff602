import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Messages stay readable in a small window or tile: they wrap onto more lines within it, and
/// their box is as tall as their lines, never one line cut short or ellipsized to "...".
final class TileMessageOnScreenTests: XCTestCase {
    /// The wall's banners (a message, the overload sentence) wrap within the stage. They were
    /// one ellipsized line: "This machine cannot keep...frames per second".
    func testALongWallMessageWrapsWithinASmallWindow() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 90, pattern: "black"))
            let one = Layout(name: "one", background: .black, regions: [LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1))])
            let (window, wall) = try await WallWindowHarness.open(layout: one, sources: [clip], width: 480, height: 300)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0])
            let sentence = "this machine cannot keep up: the slowest tile shows 14 of 60 frames per second, and here is more text to wrap"
            window.showMessage(sentence)
            await pause(seconds: 0.3)
            GtkRuntime.drainEvents()
            let image = try XCTUnwrap(window.capture())
            let text = try XCTUnwrap(image.boundingBox(in: (0, 0, image.width, image.height / 2)) { $0.red > 200 && $0.green > 200 && $0.blue > 200 },
                                     "the message is on screen")
            XCTAssertLessThan(text.x + text.width, image.width, "it ends within the window: \(text) in \(image.width)")
            XCTAssertGreaterThan(text.height, 24, "it wraps onto more lines: \(text)")
            XCTAssertEqual(window.messageText, sentence)
        }
    }

    func testAnErrorInASmallTileWrapsWithinIt() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 90, pattern: "black"))
            // A text file named as a video: the tile's message is a long sentence.
            let missing = TestClips.directory + "/not-a-video.mp4"
            try Data(String(repeating: "This is not a video. ", count: 400).utf8).write(to: URL(fileURLWithPath: missing))
            let grid = Layout(name: "grid", background: .black, regions: [
                LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 0.5)), LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5)),
                LayoutRegion(frame: Rect(x: 0, y: 0.5, width: 0.5, height: 0.5)), LayoutRegion(frame: Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)),
            ])
            let (window, wall) = try await WallWindowHarness.open(layout: grid, sources: [clip, clip, clip, missing], width: 480, height: 300)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1, 2])
            _ = await waitUntil(timeout: 5) { wall.tiles[3].failure != nil }
            await pause(seconds: 0.3)
            GtkRuntime.drainEvents()
            let image = try XCTUnwrap(window.capture())
            if let keep = ProcessInfo.processInfo.environment["VIDEOWALL_KEEP_CAPTURE"] { try? await window.saveScreenshot(to: keep) }
            let frame = window.regionFrame(ofRegion: 3)
            // The error box: dark red (rgba(120, 0, 0, 0.85) over the black region).
            let box = try XCTUnwrap(image.boundingBox(in: (frame.x, frame.y, frame.width, frame.height)) { $0.red > 80 && $0.green < 40 && $0.blue < 40 },
                                    "the tile shows its error")
            XCTAssertLessThanOrEqual(box.x + box.width, frame.x + frame.width, "the box stays within its tile: \(box) in \(frame)")
            XCTAssertGreaterThanOrEqual(box.x, frame.x)
            // The message is longer than one line of a 240-pixel tile: the box holds two or more lines
            // (a line of the overlay's text is about 17 pixels, its padding 12).
            XCTAssertGreaterThan(box.height, 2 * 15 + 12, "the message wraps onto more lines: \(box)")
            // And the white text reaches the box's lower lines: nothing is cut off below the first.
            let text = image.boundingBox(in: (box.x, box.y, box.width, box.height)) { $0.red > 200 && $0.green > 200 && $0.blue > 200 }
            XCTAssertGreaterThan(text?.height ?? 0, 20, "text on more than one line: \(String(describing: text))")
        }
    }
}
