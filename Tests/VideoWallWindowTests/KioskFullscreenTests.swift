import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Fullscreen on a bare X server: the tests' Xvfb runs no window manager, as a signage box
/// started with `xinit` alone, so `gtk_window_fullscreen` alone would change nothing.
final class KioskFullscreenTests: XCTestCase {
    func testKioskCoversItsMonitorWithoutAWindowManager() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(TestClips.landscape)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path],
                                                                   width: 640, height: 360, kiosk: true)
            defer { WallWindowHarness.close(window, wall) }
            guard let monitor = window.monitorFrame else { return XCTFail("no monitor") }
            XCTAssertGreaterThan(monitor.width, 640, "the screen is larger than the window asked for")
            let covered = await waitUntil(timeout: 3) { GtkRuntime.drainEvents(); return window.frameOnScreen == monitor }
            XCTAssertTrue(covered, "the kiosk window is at \(window.frameOnScreen), its monitor is \(monitor)")
            // The stage follows: the right-hand region ends at the screen's right edge.
            await WallWindowHarness.settle(window, regions: [0, 1])
            let right = window.regionFrame(ofRegion: 1)
            XCTAssertEqual(right.x + right.width, monitor.width, "regions span the screen: \(right)")
            XCTAssertEqual(window.capture().map { [$0.width, $0.height] }, [monitor.width, monitor.height], "the capture is the whole screen")

            // Out of fullscreen ('f'), the window goes back to where and how large it was.
            window.perform(.toggleFullscreen)
            let restored = await waitUntil(timeout: 3) { GtkRuntime.drainEvents(); return window.frameOnScreen.width == 640 }
            XCTAssertTrue(restored, "out of fullscreen the window is \(window.frameOnScreen)")
        }
    }
}
