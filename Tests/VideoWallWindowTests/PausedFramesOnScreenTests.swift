import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// While the wall is paused, every frame step and seek reaches the screen on every tile. What
/// the window shows is read back from the X server and each tile's frame code decoded from it.
final class PausedFramesOnScreenTests: XCTestCase {
    /// Every frame a key frame, so a key-frame seek (`→`) lands on an exact, known frame.
    static let clip = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: 1)
    static let frame = MediaTime(nanoseconds: 1_000_000_000 / 30)
    static let regions = [0, 1]

    func testStepsAndSeeksWhilePausedShowTheirFrameOnEveryTile() throws {
        try onMainLoop(timeout: 120) {
            let path = try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory)
            let criticals = CriticalCounter()
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path])
            defer {
                WallWindowHarness.close(window, wall)
                XCTAssertEqual(criticals.logged, 0, "GStreamer and GLib logged no critical or warning")
            }
            await WallWindowHarness.settle(window, regions: Self.regions)
            await WallWindowHarness.pauseWithSpace(window, wall)

            await wall.seek(to: Wall.frameSeekTime(Self.frame * 61, frameDuration: Self.frame))
            await Self.assertEveryTileShows(61, after: "a seek to frame 61", window, wall)
            for expected in 62...64 {
                XCTAssertTrue(window.simulateKey("period"))
                await Self.assertEveryTileShows(expected, after: "'.'", window, wall)
            }
            XCTAssertTrue(window.simulateKey("comma"))
            await Self.assertEveryTileShows(63, after: "','", window, wall)
            XCTAssertTrue(window.simulateKey("Right"))
            await Self.assertEveryTileShows(63 + 5 * 30, after: "'→'", window, wall)
            XCTAssertEqual(wall.transport, .paused, "steps and seeks leave the wall paused")
        }
    }

    /// Scrubbing local media shows each position while the seek bar is still held.
    func testDraggingTheSeekBarWhilePausedShowsTheFrameBeforeRelease() throws {
        try onMainLoop(timeout: 120) {
            let path = try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: Self.regions)
            await WallWindowHarness.pauseWithSpace(window, wall)
            let before = try XCTUnwrap(Self.frameIndex(wall.players[0].lastRenderedTimestamp()))

            XCTAssertTrue(window.simulateSeekBarButton(down: true, atFraction: 0.75))
            defer { window.simulateSeekBarButton(down: false, atFraction: 0.75) }
            // Where the click lands depends on the trough's margins: the engine says which
            // frame it sought to, the screen must show that one.
            let sought = await waitUntil(timeout: 5) {
                !wall.seeking && Self.frameIndex(wall.players[0].lastRenderedTimestamp()).map { $0 > before + 30 } == true
            }
            XCTAssertTrue(sought, "holding the seek bar at 75 % seeks there")
            let target = try XCTUnwrap(Self.frameIndex(wall.players[0].lastRenderedTimestamp()))
            await Self.assertEveryTileShows(target, after: "holding the seek bar at 75 %", window, wall)
        }
    }

    /// The frame a sink's buffer shows. After an accurate seek into the middle of a frame the
    /// decoder clips that frame's timestamp to the seek target, so this is the frame whose span
    /// holds the timestamp (not the nearest frame start), with 0.1 ms allowed for rounding.
    private static func frameIndex(_ time: MediaTime?) -> Int? {
        time.map { Int(($0.nanoseconds + 100_000) / frame.nanoseconds) }
    }

    /// Waits (up to 3 s) for every tile on screen to show frame `expected`, then checks the
    /// engine's sinks hold that frame too (otherwise the engine, not the window, went astray).
    @MainActor
    private static func assertEveryTileShows(_ expected: Int, after action: String, _ window: WallWindow, _ wall: Wall,
                                             file: StaticString = #filePath, line: UInt = #line) async {
        var seen: [Int?] = []
        _ = await waitUntil(timeout: 3) {
            seen = WallWindowHarness.framesOnScreen(window, regions: regions)
            return seen.allSatisfy { $0 == expected }
        }
        XCTAssertEqual(seen, regions.map { _ in expected }, "after \(action), the frames every tile shows on screen; \(WallWindowHarness.describe(wall))",
                       file: file, line: line)
        await wall.whenIdle()
        let rendered = wall.players.map { frameIndex($0.lastRenderedTimestamp()) }
        XCTAssertEqual(rendered, regions.map { _ in expected }, "after \(action), the frames every tile's sink holds", file: file, line: line)
    }

}
