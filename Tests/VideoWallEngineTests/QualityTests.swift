import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// PSNR and SSIM of tile 2 against tile 1 on their source frames: a clip against itself is
/// identical, a frame apart is not; two sizes of one picture are measured at tile 1's size.
final class QualityTests: XCTestCase {
    @MainActor
    private static func wall(_ sources: [String], offsets: [TileOffset] = [.zero, .zero]) async throws -> Wall {
        let wall = try Wall()
        await wall.load(zip(sources, offsets).map { TileSpec(source: $0, muted: true, opensAudioDevice: false, offset: $1) })
        wall.play()
        await pause(seconds: 0.5)
        wall.pause()
        // Paused tiles are brought onto one frame once they have prerolled (a seek, maybe).
        _ = await waitUntil(timeout: 3) { wall.machine.isIdle && Set(wall.players.map { $0.position?.nanoseconds }).count == 1 }
        return wall
    }

    func testAClipAgainstItselfIsIdenticalAndAFrameApartIsNot() throws {
        // Film grain: every frame differs from the next.
        let clip = ClipSpec(width: 320, height: 180, frames: 120, pattern: "snow", keyFrameInterval: 7, audio: true)
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(clip)
            let same = try await Self.wall([path, path])
            defer { same.shutDown() }
            let identical = try await same.measureQuality().get()
            XCTAssertNil(identical.quality.psnr, "\(identical.summary)")
            XCTAssertEqual(identical.quality.ssim, 1, accuracy: 1e-9)
            XCTAssertEqual([identical.width, identical.height], [320, 180], "measured at the source size")
            XCTAssertTrue(identical.summary.hasPrefix("tile 2 against tile 1: PSNR inf, SSIM 1.0000 (luma, 320x180)"), identical.summary)

            await same.setOffset(.milliseconds(33), ofTile: 1)
            await same.whenIdle()
            let apart = try await same.measureQuality().get()
            let psnr = try XCTUnwrap(apart.quality.psnr, "frames one apart differ")
            XCTAssertLessThan(psnr, 30, apart.summary)
            XCTAssertLessThan(apart.quality.ssim, 0.9, apart.summary)
        }
    }

    func testTileTwoOfAnotherSizeIsScaledToTileOnesSize() throws {
        try onMainLoop(timeout: 60) {
            let small = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 60, pattern: "smpte"))
            let large = try await TestClips.clip(ClipSpec(width: 640, height: 360, frames: 60, pattern: "smpte", keyFrameInterval: 15))
            let wall = try await Self.wall([small, large])
            defer { wall.shutDown() }
            let reading = try await wall.measureQuality().get()
            XCTAssertEqual([reading.width, reading.height], [320, 180])
            XCTAssertEqual(reading.scaledFrom.map { [$0.width, $0.height] }, [640, 360])
            XCTAssertGreaterThan(try XCTUnwrap(reading.quality.psnr), 20, "one picture at two sizes: \(reading.summary)")
            XCTAssertTrue(reading.summary.hasSuffix("tile 2 scaled from 640x360)"), reading.summary)
        }
    }

    func testAWallWithOneTileHasNothingToMeasure() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(ClipSpec(width: 160, height: 90, frames: 30))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: path, muted: true, opensAudioDevice: false)])
            guard case .failure(let error) = await wall.measureQuality() else { return XCTFail("one tile measured") }
            XCTAssertEqual(error.description, "tile 1 and tile 2 must both show a frame")
        }
    }
}
