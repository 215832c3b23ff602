import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// An HLS tile shows the same frame as a local copy of its clip, read from the screen.
/// MPEG-TS starts its timestamps after zero (mpegtsmux's lead-in): counted as part of the
/// clip, the HLS tile would run that many frames behind for the whole run.
final class NetworkTileOnScreenTests: XCTestCase {
    static let clip = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 180, keyFrameInterval: 30)

    func testAnHLSTileShowsTheSameFrameAsTheLocalFile() throws {
        let (local, folder) = try onMainLoop(timeout: 60) { try await TestClips.frameCodedHLS(Self.clip) }
        let server = try LoopbackHTTPServer(serving: folder)
        defer { server.terminate() }
        try onMainLoop(timeout: 90) {
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide,
                                                                  sources: [local, server.url(for: "playlist.m3u8")])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            var captures: [[Int?]] = []
            for _ in 0..<6 {
                captures.append(WallWindowHarness.framesOnScreen(window, regions: [0, 1]))
                await pause(seconds: 0.2)
            }
            XCTAssertEqual(wall.transport, .playing, "the wall played through the captures")
            for seen in captures {
                XCTAssertTrue(seen[0] != nil && seen[0] == seen[1], "both tiles on one frame: \(captures)")
            }
            XCTAssertGreaterThan(Set(captures.map { $0[0] }).count, 3, "the frames move on: \(captures)")
        }
    }
}
