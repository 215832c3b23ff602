import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// Per-tile offsets read from the screen: frame codes captured from the X server, tile against
/// tile, while playing and paused, and the offset keys moving one tile alone.
final class OffsetOnScreenTests: XCTestCase {
    static let clip = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: 30)
    static let regions = [0, 1]

    func testAClickOnATileSelectsItAndASecondClickLetsGo() throws {
        try onMainLoop(timeout: 60) {
            let path = try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: Self.regions)
            let picture = try XCTUnwrap(window.videoFrame(ofRegion: 1))
            XCTAssertTrue(window.simulateClick(x: picture.x + picture.width / 2, y: picture.y + picture.height / 2))
            let selected = await waitUntil(timeout: 3) { window.selectedTile == 1 }
            XCTAssertTrue(selected, "a click on tile 2 selects it: \(String(describing: window.selectedTile))")
            XCTAssertTrue(window.simulateClick(x: picture.x + picture.width / 2, y: picture.y + picture.height / 2))
            let released = await waitUntil(timeout: 3) { window.selectedTile == nil }
            XCTAssertTrue(released, "a second click lets it go")
        }
    }

    func testAnOffsetOfTenFramesReadsAsTenFramesAndTheKeysMoveOneTile() throws {
        try onMainLoop(timeout: 120) {
            let path = try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path],
                                                                  offsets: [1: .frames(10)])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: Self.regions)
            _ = await waitUntil(timeout: 3) { (WallWindowHarness.framesOnScreen(window, regions: [1])[0] ?? 0) > 5 }
            var captures: [[Int?]] = []
            for _ in 0..<6 {
                captures.append(WallWindowHarness.framesOnScreen(window, regions: Self.regions))
                await pause(seconds: 0.15)
            }
            for seen in captures {
                guard let left = seen[0], let right = seen[1] else { return XCTFail("both tiles show a frame: \(captures)") }
                XCTAssertEqual(left - right, 10, "playing, the delayed tile shows the frame of 10 frames before: \(captures)")
            }

            await WallWindowHarness.pauseWithSpace(window, wall)
            XCTAssertTrue(window.simulateKey("2", modifiers: .alt))
            let selected = await waitUntil(timeout: 2) { window.selectedTile == 1 }
            XCTAssertTrue(selected, "Alt+2 selects tile 2")
            for _ in 0..<3 { XCTAssertTrue(window.simulateKey("period", modifiers: .control)) }
            let moved = await Self.difference(window, becomes: 7)
            XCTAssertTrue(moved, "three Ctrl+. bring the selected tile 3 frames on: \(WallWindowHarness.framesOnScreen(window, regions: Self.regions))")
            await wall.whenIdle()
            XCTAssertEqual(wall.offset(ofTile: 1), wall.frameDuration(ofTile: 1).map { $0 * 7 })
            XCTAssertEqual(wall.offset(ofTile: 0), .zero, "the other tile keeps its offset")
            XCTAssertEqual(wall.transport, .paused)

            // The names (off in the harness) and the frame info: the tile says what it shows.
            window.perform(.toggleNames)
            XCTAssertTrue(window.simulateKey("i"))
            let described = await waitUntil(timeout: 3) { window.nameText(ofRegion: 1)?.contains("320x180 · 30 fps") == true }
            let info = window.nameText(ofRegion: 1) ?? ""
            XCTAssertTrue(described, "frame info under the name: \(info)")
            let shown = WallWindowHarness.framesOnScreen(window, regions: [1])[0]
            XCTAssertTrue(shown.map { info.contains("frame \($0) ·") } ?? false, "the frame number is the one on screen (\(String(describing: shown))): \(info)")
            XCTAssertTrue(info.contains("offset -0.233 s (-7 frames)") || info.contains("offset +0.233 s (+7 frames)"), info)
            XCTAssertTrue(info.contains("selected"), info)

            XCTAssertTrue(window.simulateKey("BackSpace", modifiers: .alt))
            let reset = await Self.difference(window, becomes: 0)
            XCTAssertTrue(reset, "Alt+BackSpace puts the tile back on the wall's frame")
        }
    }

    /// Waits until the left tile's frame minus the right one's is `expected` on screen.
    private static func difference(_ window: WallWindow, becomes expected: Int) async -> Bool {
        await waitUntil(timeout: 4) {
            let seen = WallWindowHarness.framesOnScreen(window, regions: regions)
            guard let left = seen[0], let right = seen[1] else { return false }
            return left - right == expected
        }
    }
}
