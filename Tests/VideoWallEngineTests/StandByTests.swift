import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The wall while its screens are off (`power:`): it stands by with every pipeline stopped,
/// and wakes where it stood, every tile in sync, playing again.
final class StandByTests: XCTestCase {
    func testAWallStandsByWithItsPipelinesStoppedAndWakesInSync() throws {
        try onMainLoop(timeout: 90) {
            let first = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 300))
            let second = try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 30, frames: 300, codec: .vp9, container: .webm))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: first), TileSpec(source: second)])
            wall.play()
            await pause(seconds: 1)
            let rendered = wall.tiles.map { $0.statistics?.framesRendered ?? 0 }

            await wall.standBy()
            XCTAssertTrue(wall.isStandingBy)
            XCTAssertEqual(wall.players.map { $0.pipeline.currentState.current }, [.null, .null], "every pipeline stopped: its decoder let go")
            let stood = try XCTUnwrap(wall.position)
            let apart = await wall.positionSpread()
            XCTAssertLessThanOrEqual(apart, 1_000_000, "it stood by with every tile on one frame: \(wall.players.map(\.position))")
            await pause(seconds: 1)
            XCTAssertEqual(try XCTUnwrap(wall.position).seconds, stood.seconds, accuracy: 0.001, "the wall stands where it stopped")
            XCTAssertEqual(wall.transport, .paused)
            XCTAssertEqual(wall.tiles.map(\.state), [.paused, .paused], "standing by is no failure")

            await wall.wake()
            XCTAssertFalse(wall.isStandingBy)
            XCTAssertEqual(wall.transport, .playing, "it was playing, so it plays again")
            await pause(seconds: 0.5)
            XCTAssertEqual(wall.tiles.map(\.state), [.playing, .playing])
            let spread = await wall.positionSpread()
            XCTAssertLessThanOrEqual(spread, 1_000_000, "in sync: \(wall.players.map(\.position))")
            let now = try XCTUnwrap(wall.position).seconds
            XCTAssertGreaterThan(now, stood.seconds + 0.3, "on from where it stood")
            XCTAssertLessThan(now, stood.seconds + 1.2, "not from where the clock got to meanwhile")
            for (tile, before) in rendered.enumerated() {
                XCTAssertGreaterThan(wall.tiles[tile].statistics?.framesRendered ?? 0, before + 10, "tile \(tile + 1) shows frames again")
            }
            XCTAssertEqual(wall.tiles.map(\.recoveries), [0, 0], "standing by is no failure")
            await wall.close()
        }
    }

    func testAPausedWallWakesPaused() throws {
        try onMainLoop(timeout: 60) {
            let wall = try await Self.twoTilesPlaying()
            defer { wall.shutDown() }
            wall.perform(.pause)
            await wall.whenIdle()
            await wall.standBy()
            await wall.wake()
            XCTAssertEqual(wall.transport, .paused)
            XCTAssertEqual(wall.players.map { $0.pipeline.currentState.current }, [.paused, .paused], "opened again, on the frame it stood on")
            await wall.close()
        }
    }

    func testWhileStandingByPlayAndPauseSayHowItWakesAndNothingMovesIt() throws {
        try onMainLoop(timeout: 60) {
            let wall = try await Self.twoTilesPlaying()
            defer { wall.shutDown() }
            await wall.standBy()
            let stood = try XCTUnwrap(wall.position)
            XCTAssertFalse(wall.perform(.seek(SeekIntent(target: 5, reference: .absolute, precision: .accurate))), "its pipelines are stopped")
            XCTAssertFalse(wall.perform(.step(frames: 1)))
            XCTAssertTrue(wall.perform(.togglePause), "it will wake paused")
            XCTAssertEqual(try XCTUnwrap(wall.position).seconds, stood.seconds, accuracy: 0.001)
            await wall.wake()
            XCTAssertEqual(wall.transport, .paused, "paused while it stood by: it wakes paused")
            XCTAssertEqual(try XCTUnwrap(wall.position).seconds, stood.seconds, accuracy: 0.05, "where it stood")
            await wall.close()
        }
    }

    /// A wall of one 320x180 clip in two tiles, half a second into play.
    @MainActor
    private static func twoTilesPlaying() async throws -> Wall {
        let clip = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 300))
        let wall = try Wall()
        await wall.load([TileSpec(source: clip), TileSpec(source: clip)])
        wall.play()
        await pause(seconds: 0.5)
        return wall
    }
}
