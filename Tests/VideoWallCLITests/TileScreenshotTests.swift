import Foundation
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// `--tile-screenshots-at SECONDS DIR`: every tile's frame of one instant, at its source's own
/// size, read back from the PNGs (their frame codes), headless and in a window.
final class TileScreenshotTests: XCTestCase {
    private func clips() throws -> [String] {
        try onMainLoop(timeout: 120) {
            [try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frames: 150, keyFrameInterval: 30), in: TestClips.directory),
             try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 640, height: 360, frames: 150, codec: .vp9, keyFrameInterval: 45), in: TestClips.directory)]
        }
    }

    private func folder() throws -> String {
        let path = TestClips.directory + "/shots-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Tile 2 plays 10 frames later: its picture is 10 frames behind tile 1's, each at its own size.
    func testEveryTileIsSavedAtItsSizeAndOneInstantHeadless() throws {
        let media = try clips(), shots = try folder()
        let run = try CommandRunner.run(["--headless", "--quit-after", "2.5", "--offset", "2=10f", "--tile-screenshots-at", "1.2", shots] + media)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.errorLines.contains { $0.contains("tile screenshots at 00:00:01.2") }, run.standardError)
        let first = try XCTUnwrap(try PNGFrame.read(shots + "/tile-1.png"), "tile-1.png")
        let second = try XCTUnwrap(try PNGFrame.read(shots + "/tile-2.png"), "tile-2.png")
        XCTAssertEqual([first.width, first.height, second.width, second.height], [320, 180, 640, 360], "each at its source's size")
        let one = try XCTUnwrap(first.frameIndex), two = try XCTUnwrap(second.frameIndex)
        XCTAssertEqual(one - two, 10, "one instant of the wall, the offset counted")
        XCTAssertTrue((36...45).contains(one), "the frame at 1.2 s or just after: \(one)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: shots + "/window.png"), "no window, no window.png")
    }

    func testTheWindowIsSavedBesideTheTiles() throws {
        let display = try VirtualDisplay.ensure()
        let media = try clips(), shots = try folder()
        let run = try CommandRunner.run(["--quit-after", "2", "--tile-screenshots-at", "1", shots] + media,
                                        environment: ["DISPLAY": display], display: true)
        XCTAssertEqual(run.status, 0, run.standardError)
        let window = try XCTUnwrap(try PNGFrame.read(shots + "/window.png"), "window.png")
        XCTAssertGreaterThan(window.width, 320)
        let first = try XCTUnwrap(try PNGFrame.read(shots + "/tile-1.png")), second = try XCTUnwrap(try PNGFrame.read(shots + "/tile-2.png"))
        XCTAssertEqual(first.frameIndex, second.frameIndex, "both tiles of one instant")
    }

    func testAFolderThatIsNotThereIsRefusedAndAWallThatStopsFirstExitsFour() throws {
        let media = try clips()
        let refused = try CommandRunner.run(["--headless", "--quit-after", "2", "--tile-screenshots-at", "1", "/nonexistent/shots"] + media)
        XCTAssertEqual(refused.status, 64, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("there is no folder /nonexistent/shots"), refused.standardError)
        let shots = try folder()
        let stopped = try CommandRunner.run(["--headless", "--loop", "--tile-screenshots-at", "60", shots] + media, signalAfter: 1.5)
        XCTAssertEqual(stopped.status, 4, stopped.standardError)
        XCTAssertTrue(stopped.errorLines.contains { $0.contains("--tile-screenshots-at 60: no tile screenshots taken") }, stopped.standardError)
    }
}
