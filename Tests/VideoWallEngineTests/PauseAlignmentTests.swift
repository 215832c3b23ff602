import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A wall paused while it plays shows one frame on every tile: pipelines paused one after
/// another can fall on either side of a frame boundary, and the wall brings them together.
final class PauseAlignmentTests: XCTestCase {
    func testEveryPauseLeavesEveryTileOnOneFrame() throws {
        // Sound in one of them: pausing its pipeline takes longer, so the boundary is met often.
        let withSound = ClipSpec(width: 320, height: 180, frames: 300, pattern: "snow", keyFrameInterval: 7, audio: true)
        let silent = ClipSpec(width: 256, height: 144, frames: 300, pattern: "ball", keyFrameInterval: 45)
        try onMainLoop(timeout: 90) {
            let a = try await TestClips.clip(withSound), b = try await TestClips.clip(silent)
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([a, b, a].map { TileSpec(source: $0, muted: true, opensAudioDevice: false) })
            var frames: [[Int?]] = []
            for round in 0..<8 {
                wall.play()
                await pause(seconds: 0.25 + 0.037 * Double(round))
                wall.pause()
                let together = await waitUntil(timeout: 3) {
                    wall.machine.isIdle && Set(wall.players.map { $0.lastRenderedTimestamp()?.nanoseconds }).count == 1
                }
                frames = [wall.players.map { $0.lastRenderedTimestamp().map { Int(FrameMath.frameIndex(of: $0, frameDuration: .nanoseconds(33_333_333))) } }]
                XCTAssertTrue(together, "pause \(round + 1): every tile on one frame: \(frames)")
                XCTAssertEqual(wall.transport, .paused)
            }
        }
    }
}
