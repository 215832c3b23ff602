@testable import VideoWallCore
import XCTest

/// `probe --capacity`: the cores a wall's decoding needs against the machine's, and what would fit.
final class CapacityEstimateTests: XCTestCase {
    private func tile(_ height: Int, rate: Double = 30, speed: Double, hardware: Bool = false) -> CapacityEstimate.Tile {
        CapacityEstimate.Tile(name: "\(height)p", framesPerSecond: rate, decodedPerCoreSecond: speed, width: height * 16 / 9, height: height, hardware: hardware)
    }

    func testFourSmallTilesKeepUpOnTwoCores() {
        let estimate = CapacityEstimate(tiles: Array(repeating: tile(360, speed: 600), count: 4), cores: 2)
        XCTAssertEqual(estimate.neededCores, 0.2, accuracy: 1e-9)
        XCTAssertTrue(estimate.keepsUp)
        XCTAssertEqual(estimate.tilesThatFit, 4)
        XCTAssertNil(estimate.heightThatFits)
        XCTAssertTrue(estimate.lines.last!.hasSuffix("it keeps up."), estimate.lines.joined(separator: "\n"))
    }

    func testSixteenHDTilesInSoftwareSayWhatWouldFit() {
        // One core decodes 55 frames of this 1080p a second: 16 tiles at 30 fps need 8.7 cores.
        let estimate = CapacityEstimate(tiles: Array(repeating: tile(1080, speed: 55), count: 16), cores: 2, hasHardwareDecoders: true)
        XCTAssertEqual(estimate.neededCores, 16 * 30 / 55, accuracy: 1e-9)
        XCTAssertFalse(estimate.keepsUp)
        XCTAssertEqual(estimate.tilesThatFit, 2, "1.5 usable cores hold two tiles of 0.55")
        // At 360 lines a tile costs a ninth: 16 x 0.061 = 0.97 cores.
        XCTAssertEqual(estimate.heightThatFits, 360)
        let text = estimate.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("it will not keep up"), text)
        XCTAssertTrue(text.contains("It would with 2 tiles of these, or hardware decoding (--hwdec), or pictures of 360 lines."), text)
    }

    func testHardwareTilesCostNoCoresAndNothingSmallerFitsAHopelessWall() {
        let mixed = CapacityEstimate(tiles: Array(repeating: tile(2160, speed: 10, hardware: true), count: 8) + [tile(720, speed: 200)], cores: 2)
        XCTAssertTrue(mixed.keepsUp)
        XCTAssertEqual(mixed.neededCores, 0.15, accuracy: 1e-9)
        let hopeless = CapacityEstimate(tiles: Array(repeating: tile(2160, rate: 60, speed: 1), count: 16), cores: 1)
        XCTAssertFalse(hopeless.keepsUp)
        XCTAssertEqual(hopeless.tilesThatFit, 0)
        XCTAssertNil(hopeless.heightThatFits, "not even 240 lines")
        XCTAssertEqual(hopeless.lines.last, "Nothing short of a faster machine would.", "no hardware decoder to suggest here")
    }
}
