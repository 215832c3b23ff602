import Foundation
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// What the report says about tiles that stopped showing new frames: a shorter tile waiting
/// for its group's wrap, and a tile whose source died.
final class ReportCountsTests: XCTestCase {
    /// In a group loop a 0.5 s tile next to a 2 s one plays 0-0.5 s, holds its last frame,
    /// goes round with the group at 2 s, plays to 2.5 s and holds again. Stopped at 3 s it has
    /// gone round once, stands on its last frame, and showed 30 frames.
    func testShorterTileInAGroupLoopCountsItsWrapAndHoldsItsLastFrame() throws {
        let (long, short) = try onMainLoop {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15, pattern: "ball")))
        }
        let result = try CommandRunner.run(["--headless", "--loop", "--quit-after", "3", "--report", "-", long, short], timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
        let report = try result.reportTiles()
        XCTAssertEqual(report.count, 2)
        XCTAssertEqual(report[0]["loops"] as? Int, 1, "the long tile wrapped at 2 s: \(report[0])")
        XCTAssertEqual(report[1]["loops"] as? Int, 1, "the short tile went round with the group at 2 s, once: \(report[1])")
        XCTAssertEqual(report[1]["position"] as? Double ?? -1, 14.0 / 30, accuracy: 0.02, "it holds its last frame: \(report[1])")
        XCTAssertEqual(Double(report[1]["framesRendered"] as? Int ?? 0), 30, accuracy: 2, "two passes of 15 frames: \(report[1])")
    }

    /// A network tile whose server goes away in the middle of the clip fails; its report still
    /// counts the frames it showed before, and says where it stopped.
    func testFailedTileKeepsTheFramesItShowed() throws {
        let spec = ClipSpec(width: 320, height: 180, frames: 240, container: .mkv, pattern: "snow", keyFrameInterval: 30, bitrate: 2000)
        let (remote, local) = try onMainLoop { (try await TestClips.clip(spec), try await TestClips.clip(TestClips.landscape)) }
        let size = (try FileManager.default.attributesOfItem(atPath: remote)[.size] as? NSNumber)?.intValue ?? 0
        // Three quarters of the 8 s clip arrive at once, then the server stalls; it is stopped
        // while the tile plays what it has (so the wall is not holding for it).
        let server = try LoopbackHTTPServer(serving: TestClips.directory, stallAfter: size * 3 / 4, stallSeconds: 60)
        defer { server.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { server.terminate() }
        let result = try CommandRunner.run(["--headless", "--quit-after", "8", "--report", "-", server.url(for: remote), local], timeout: 40)
        let report = try result.reportTiles()
        XCTAssertEqual(report.first?["state"] as? String, "failed", result.standardError)
        XCTAssertNotNil(report.first?["error"], "\(report)")
        XCTAssertGreaterThan(report.first?["framesRendered"] as? Int ?? 0, 15, "the frames it showed before its source died: \(report)")
        XCTAssertGreaterThan(report.first?["position"] as? Double ?? 0, 0.5, "where it stopped: \(report)")
    }
}
