import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Per-tile offsets on real pipelines: the frame each sink last rendered, tile against tile,
/// through the start, play, pause, seeks of both precisions, frame steps and a speed change.
/// The clips differ (sound or not, key frames every 30, 7 and 45 frames, H.264 in MP4 and
/// VP9 in WebM) but share a frame rate, so frame n has the same timestamp in each.
final class OffsetTests: XCTestCase {
    static let frame = MediaTime(nanoseconds: 33_333_333)

    @MainActor
    static func makeWall(offsets: [TileOffset]) async throws -> Wall {
        let clips = [ClipSpec(width: 320, height: 180, frames: 240, keyFrameInterval: 30, audio: true),
                     ClipSpec(width: 256, height: 256, frames: 240, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 7),
                     ClipSpec(width: 180, height: 320, frames: 240, pattern: "colors", keyFrameInterval: 45)]
        var specs: [TileSpec] = []
        for (clip, offset) in zip(clips, offsets) {
            specs.append(TileSpec(source: try await TestClips.clip(clip), muted: true, opensAudioDevice: false, offset: offset))
        }
        let wall = try Wall()
        await wall.load(specs)
        XCTAssertEqual(wall.players.filter { $0.state == .ready || $0.state == .paused }.count, specs.count, "every tile prerolled")
        return wall
    }

    /// The frame index each tile last rendered.
    @MainActor
    static func frames(_ wall: Wall) -> [Int?] {
        wall.players.map { $0.lastRenderedTimestamp().map { Int(FrameMath.frameIndex(of: $0, frameDuration: frame)) } }
    }

    /// Reads until two reads agree on the differences (a frame boundary may fall between reads).
    @MainActor
    static func assertDifferences(_ wall: Wall, _ expected: [Int], _ context: String, file: StaticString = #filePath, line: UInt = #line) async {
        var seen: [Int?] = []
        for _ in 0..<5 {
            seen = frames(wall)
            if let first = seen.first ?? nil, seen.allSatisfy({ $0 != nil }), seen.map({ first - $0! }) == expected { return }
            await pause(seconds: 0.007)
        }
        XCTFail("\(context): frames \(seen), expected tile 1 minus each tile: \(expected)", file: file, line: line)
    }

    func testOffsetsHoldThroughPlayPauseSeeksStepsAndSpeed() throws {
        try onMainLoop(timeout: 120) {
            let wall = try await Self.makeWall(offsets: [.zero, .frames(10), .time(.milliseconds(-200))])
            defer { wall.shutDown() }
            XCTAssertEqual(wall.offset(ofTile: 1), Self.frame * 10)
            XCTAssertEqual(wall.tiles.map(\.offset), [.zero, Self.frame * 10, .milliseconds(-200)])
            // At the start the delayed tile waits on its first frame; the advanced one is 6 frames in.
            XCTAssertEqual(Self.frames(wall), [0, 0, 6], "prerolled where the offsets put them")
            wall.play()
            await pause(seconds: 0.8)
            await Self.assertDifferences(wall, [0, 10, -6], "playing")
            wall.pause()
            await pause(seconds: 0.1)
            await Self.assertDifferences(wall, [0, 10, -6], "paused")

            await wall.seek(to: Wall.frameSeekTime(.seconds(4), frameDuration: Self.frame), precision: .accurate)
            XCTAssertEqual(Self.frames(wall), [120, 110, 126], "an accurate seek")
            await wall.step(frames: 1)
            XCTAssertEqual(Self.frames(wall), [121, 111, 127], "a frame step")
            await wall.step(frames: -3)
            XCTAssertEqual(Self.frames(wall), [118, 108, 124], "steps back")
            await wall.seek(to: .seconds(2), precision: .keyFrame)
            await Self.assertDifferences(wall, [0, 10, -6], "a key-frame seek")
            XCTAssertEqual(wall.position.map { Int(FrameMath.frameIndex(of: $0, frameDuration: Self.frame)) }, Self.frames(wall)[0],
                           "the wall's position is the tile without an offset")

            await wall.setRate(2)
            wall.play()
            await pause(seconds: 0.5)
            wall.pause()
            await pause(seconds: 0.1)
            await Self.assertDifferences(wall, [0, 10, -6], "at double speed")

            // Changed while playing: the tile moves, the others stay on their frames.
            await wall.setRate(1)
            wall.play()
            await wall.setOffset(.zero - Self.frame * 4, ofTile: 1)
            XCTAssertEqual(wall.transport, .playing, "a nudge keeps the wall playing")
            await pause(seconds: 0.3)
            await Self.assertDifferences(wall, [0, -4, -6], "after the offset changed")
        }
    }
}
