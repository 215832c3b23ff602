import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// A window is closed by dropping it: no `close()` to remember.
final class WindowLifetimeTests: XCTestCase {
    func testADroppedWindowGoesFromTheScreenAndNothingFiresIntoIt() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(TestClips.landscape)
            var options = WallWindow.Options()
            options.title = "dropped-\(UUID().uuidString)"
            _ = try VirtualDisplay.ensure()
            XCTAssertTrue(GtkRuntime.start())
            var window: WallWindow? = try WallWindow(layout: WallWindowHarness.sideBySide, assignments: [(0, path), (1, path)], options: options)
            let wall = try Wall()
            defer { wall.shutDown() }
            try window?.show(following: wall)
            await wall.load([path, path].enumerated().map { TileSpec(source: $0.element, output: window?.videoOutput(forTile: $0.offset) ?? .headless) })
            wall.play()
            await pause(seconds: 0.5)
            GtkRuntime.drainEvents()
            XCTAssertTrue(GtkRuntime.shownWindowTitles.contains(options.title), "shown: \(GtkRuntime.shownWindowTitles)")

            weak var dropped = window
            window = nil
            XCTAssertNil(dropped, "nothing (a tick, a handler, a timer) keeps the window alive")
            // Frame-clock ticks, timers and the wall's events go on for a while: none reaches it.
            await pause(seconds: 0.6)
            GtkRuntime.drainEvents()
            XCTAssertFalse(GtkRuntime.shownWindowTitles.contains(options.title), "shown: \(GtkRuntime.shownWindowTitles)")
            XCTAssertEqual(wall.transport, .playing, "the wall plays on without its window")
        }
    }
}
