import Foundation
import VideoWallTestSupport
import XCTest

/// Sources whose scheme a wall does not open are refused before GStreamer sees them, one line
/// each, and the other tiles play.
final class SourceAllowListTests: XCTestCase {
    func testSchemesOutsideTheAllowListAreRefusedAndTheOthersPlay() throws {
        let clip = try onMainLoop {
            try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 50, keyFrameInterval: 25))
        }
        let result = try CommandRunner.run(["--headless", "--quit-after", "1.5", "--report", "-", "fd://0", "v4l2:///dev/video0", clip], timeout: 30)
        XCTAssertEqual(result.status, 1, "some tiles failed, one played: \(result.standardError)")
        for scheme in ["fd", "v4l2"] {
            XCTAssertTrue(result.standardError.contains("the scheme '\(scheme)' is not allowed"), result.standardError)
        }
        XCTAssertEqual(try result.reportTiles().map { $0["state"] as? String }, ["failed", "failed", "playing"])
    }

    /// A source's credentials and token are not shown: not in the messages, not in the report.
    func testCredentialsInASourceAreNeitherSaidNorReported() throws {
        let secret = "http://viewer:hunter2@127.0.0.1:1/wall.mp4?token=s3cr3t"
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--report", "-", secret], timeout: 30)
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("http://***@127.0.0.1:1/wall.mp4?***"), result.standardError)
        for text in [result.standardError, result.standardOutput] {
            XCTAssertFalse(text.contains("hunter2") || text.contains("s3cr3t"), text)
        }
    }
}
