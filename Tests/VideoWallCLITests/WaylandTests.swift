import Foundation
import VideoWallCore
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// The wall on Wayland, as a kiosk under a compositor: weston's headless backend with its kiosk
/// shell (what `cage` does), GTK choosing Wayland (`GDK_BACKEND=wayland`, no X display at all).
/// The pictures are read from the compositor's own screenshots, taken while the wall plays.
final class WaylandTests: XCTestCase {
    /// Four frame-coded clips in a 2x2 kiosk wall fill the compositor's 1280x720 output: in
    /// each of two screenshots a second apart, every quadrant shows a frame code, all four the
    /// same frame, and the second screenshot a later one.
    func testTheWallUnderHeadlessWestonShowsEveryTileInSync() throws {
        let weston = try HeadlessWeston(width: 1280, height: 720)
        let clips = try onMainLoop(timeout: 90) {
            var paths: [String] = []
            for tile in 0..<4 {
                let spec = FrameCodedClipSpec(width: 640 - tile * 2, height: 360, frameRate: 30, frames: 300, codec: .h264, keyFrameInterval: 30)
                paths.append(try await FrameCodedClipGenerator.cached(spec, in: TestClips.directory))
            }
            return paths
        }
        // The wall's own screenshot too: on Wayland it reads the window's own buffer.
        let saved = weston.runtimeDirectory + "/wall-screenshot.png"
        let runs = Runs()
        runs.start("wall") {
            try CommandRunner.run(["--kiosk", "--no-audio", "--no-mpris", "--quit-after", "6", "--report", "-", "--screenshot-at", "4.5", saved] + clips,
                                  environment: weston.environment, timeout: 60)
        }
        var shots: [[Int?]] = []
        var sizes: [String] = []
        for wait in [3.0, 1.0] {
            Thread.sleep(forTimeInterval: wait)
            let frame = try XCTUnwrap(PNGFrame.read(try weston.screenshot()), "the compositor's screenshot reads back")
            sizes.append("\(frame.width)x\(frame.height)")
            let (w, h) = (frame.width / 2, frame.height / 2)
            shots.append((0..<4).map { FrameCode.read(from: frame.image, in: PixelRect(x: $0 % 2 * w, y: $0 / 2 * h, width: w, height: h)) })
        }
        let result = try XCTUnwrap(runs.wait()["wall"] ?? nil, "the wall ran")
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(sizes, ["1280x720", "1280x720"], "the whole output")
        for (index, codes) in shots.enumerated() {
            XCTAssertFalse(codes.contains(nil), "screenshot \(index + 1): every tile shows a frame: \(codes); \(result.standardError)")
            XCTAssertEqual(Set(codes.compactMap { $0 }).count, 1, "screenshot \(index + 1): every tile on one frame: \(codes)")
        }
        if let first = shots[0].first ?? nil, let second = shots[1].first ?? nil {
            XCTAssertGreaterThan(second, first + 15, "the wall plays on between the screenshots: \(shots)")
        }
        XCTAssertFalse(result.standardError.lowercased().contains("x11"), "nothing X11 was asked for: \(result.standardError)")
        let own = try XCTUnwrap(PNGFrame.read(saved), "the wall's own screenshot reads back: \(result.standardError)")
        let (w, h) = (own.width / 2, own.height / 2)
        let codes = (0..<4).map { FrameCode.read(from: own.image, in: PixelRect(x: $0 % 2 * w, y: $0 / 2 * h, width: w, height: h)) }
        XCTAssertEqual("\(own.width)x\(own.height)", "1280x720", "the whole window")
        XCTAssertFalse(codes.contains(nil), "every tile in the wall's own screenshot: \(codes)")
        XCTAssertEqual(Set(codes.compactMap { $0 }).count, 1, "on one frame: \(codes)")
    }
}
