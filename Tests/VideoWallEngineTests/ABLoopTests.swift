import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// mpv's A-B loop on real pipelines: each sink's rendered frames, read by their timestamps,
/// go A, A+1, ..., B-1, A again, with no frame lost or repeated and no gap longer than a frame
/// period (plus 2 ms), on an H.264 clip with sound and a VP9 clip with other key-frame spacing,
/// one of them with an offset.
final class ABLoopTests: XCTestCase {
    static let period = MediaTime(nanoseconds: 33_333_333)

    func testTheWallLoopsFromAToBWithEveryFrameOnceAndNoGap() throws {
        try onMainLoop(timeout: 120) {
            let clips = [ClipSpec(width: 320, height: 180, frames: 150, keyFrameInterval: 30, audio: true),
                         ClipSpec(width: 256, height: 256, frames: 150, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 45)]
            var paths: [String] = []
            for clip in clips { paths.append(try await TestClips.clip(clip)) }
            let wall = try Wall()
            defer { wall.shutDown() }
            let sinks = try (0..<2).map { try RenderRecorder(name: "ab\($0)", clock: wall.clock) }
            await wall.load([TileSpec(source: paths[0], output: sinks[0].sink, muted: true, opensAudioDevice: false),
                             TileSpec(source: paths[1], output: sinks[1].sink, offset: .frames(5))])
            // A at frame 40 (1.333 s), B at frame 70 (2.333 s): 30 frames a pass.
            await wall.setABLoop(a: Self.period * 40 + .milliseconds(1), b: Self.period * 70 - .milliseconds(1))
            XCTAssertEqual(wall.abLoopRange?.lowerBound, Self.period * 40 + .milliseconds(1))
            sinks.forEach { $0.reset() }
            wall.play()
            _ = await waitUntil(timeout: 10) { sinks.allSatisfy { $0.rendered.count >= 80 } }
            wall.pause()
            for (tile, sink) in sinks.enumerated() {
                let first = tile == 0 ? 40 : 35, end = first + 30
                let renders = sink.rendered
                let indices = renders.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: Self.period)) }
                XCTAssertGreaterThanOrEqual(indices.count, 80, "tile \(tile + 1)")
                XCTAssertEqual(indices.first, first, "tile \(tile + 1) starts at A (less its offset)")
                for (a, b) in zip(indices, indices.dropFirst()) where b != (a + 1 == end ? first : a + 1) {
                    XCTFail("tile \(tile + 1): frame \(b) followed frame \(a): \(indices)")
                    break
                }
                if let gap = RenderAnalysis.longestGap(in: renders.map(\.releaseTime)) {
                    XCTAssertLessThanOrEqual(gap.interval.nanoseconds, Self.period.nanoseconds + 2_000_000,
                                             "tile \(tile + 1): longest interval \(gap.interval.seconds * 1e3) ms, from frame \(indices[gap.endingAt - 1]) to \(indices[gap.endingAt]) (render \(gap.endingAt) of \(renders.count))")
                }
            }
            XCTAssertGreaterThanOrEqual(wall.players[0].loopCount, 2, "passes counted as loops")

            // A seek stays in the loop; clearing it plays on from where the wall stands.
            await wall.seek(to: .seconds(4))
            XCTAssertLessThan(wall.position ?? .zero, Self.period * 70 + .milliseconds(2), "a seek past B stays in the loop")
            await wall.setABLoop(a: nil, b: nil)
            XCTAssertNil(wall.abLoopRange)
            sinks.forEach { $0.reset() }
            wall.play()
            await pause(seconds: 0.8)
            let indices = sinks[0].rendered.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: Self.period)) }
            XCTAssertGreaterThan(indices.max() ?? 0, 71, "past B once the loop is cleared: \(indices)")
        }
    }
}
