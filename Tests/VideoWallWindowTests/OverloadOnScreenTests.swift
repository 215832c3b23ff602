import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// Four grainy 1080p60 tiles are more than two cores can decode, convert and paint. The wall
/// must stay on one frame (drop the same frames everywhere), say so on screen and in the
/// report, with the figure, and count every frame it did not show as dropped.
final class OverloadOnScreenTests: XCTestCase {
    static let clip = FrameCodedClipSpec(width: 1920, height: 1080, frameRate: 60, frames: 720, keyFrameInterval: 60, bitrate: 30_000, preset: "veryfast", grain: true)
    static let regions = [0, 1, 2, 3]
    static let grid = Layout(name: "four", background: .black, gap: 0, regions: [
        LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 0.5)),
        LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5)),
        LayoutRegion(frame: Rect(x: 0, y: 0.5, width: 0.5, height: 0.5)),
        LayoutRegion(frame: Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)),
    ])

    func testAnOverloadedWallStaysOnOneFrameSaysSoAndCountsItsDrops() throws {
        try onMainLoop(timeout: 240) {
            let path = try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory)
            let (window, wall) = try await WallWindowHarness.open(layout: Self.grid, sources: Array(repeating: path, count: 4), width: 640, height: 360)
            defer { WallWindowHarness.close(window, wall) }
            let warned = await waitUntil(timeout: 5) { window.overloadText != nil }
            XCTAssertTrue(warned, "the window says the machine cannot keep up; tiles: \(String(describing: wall.tiles.map(\.statistics)))")
            XCTAssertTrue(window.overloadText?.contains("cannot keep up decoding: tile ") ?? false, "the slowest tile and what holds it back: \(window.overloadText ?? "")")

            // Frames decoded before the overload was found (when the tiles could already have
            // drifted apart) still drain for a moment, longer on a slower machine; once the
            // wall shows one frame everywhere it stays so, and it still moves on.
            var drain: [[Int?]] = []
            let together = await waitUntil(timeout: 4) {
                drain.append(WallWindowHarness.framesOnScreen(window, regions: Self.regions))
                return drain.last!.allSatisfy { $0 != nil && $0 == drain.last![0] }
            }
            XCTAssertTrue(together, "the tiles come together on one frame: \(drain)")
            var captures: [[Int?]] = []
            // Key frames only, about one new frame a second: 8 captures over 1.75 s see two.
            for _ in 0..<8 where wall.transport == .playing {
                captures.append(WallWindowHarness.framesOnScreen(window, regions: Self.regions))
                await pause(seconds: 0.25)
            }
            XCTAssertGreaterThanOrEqual(captures.count, 8, "the wall played on while captured")
            for seen in captures {
                XCTAssertTrue(seen.allSatisfy { $0 != nil && $0 == seen[0] }, "every tile on one frame: \(captures)")
            }
            XCTAssertGreaterThan(Set(captures.map { $0[0] }).count, 1, "the wall moves on: \(captures)")

            let overload = try XCTUnwrap(wall.overloadSummary, "the wall says the machine could not keep up")
            XCTAssertLessThan(overload.worst.shownPerSecond, overload.worst.duePerSecond * 0.9)
            for tile in wall.tiles {
                let counted = (tile.statistics?.framesRendered ?? 0) + (tile.statistics?.framesDropped ?? 0)
                let due = UInt64(((tile.position?.seconds ?? 0) * 60).rounded())
                XCTAssertGreaterThanOrEqual(counted + 2, due, "tile \(tile.index + 1): every frame up to where it stands is shown or counted as dropped")
            }
        }
    }
}
