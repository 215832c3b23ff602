import Foundation
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A stop signal at any moment (while GStreamer starts, while a tile loads, while the wall
/// plays) ends the program cleanly: a message, the report, a documented exit status.
final class StopSignalTests: XCTestCase {
    private func clip() throws -> String {
        try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 150)) }
    }

    /// SIGTERM while GStreamer itself starts (a fresh registry makes `gst_init` scan every
    /// plugin, which takes a while): the handlers are in place before it, so the report lists
    /// the tile as not ready.
    func testSignalWhileGStreamerStartsWritesTheReport() throws {
        let clip = try clip()
        let registry = TestClips.directory + "/registry-\(UUID().uuidString).bin"
        let result = try CommandRunner.run(["--headless", "--report", "-", clip], environment: ["GST_REGISTRY": registry],
                                           timeout: 30, signalAfter: 0.3)
        XCTAssertEqual(result.status, 2, "stopped before any tile was ready: \(result.standardError)")
        XCTAssertTrue(result.standardError.contains("videowall: stopping: SIGTERM"), result.standardError)
        let report = try result.reportTiles()
        XCTAssertEqual(report.count, 1)
        XCTAssertTrue((report.first?["error"] as? String ?? "").hasPrefix("not ready"), "\(report)")
    }

    /// SIGHUP (the terminal went away), SIGQUIT (Ctrl-\), SIGUSR1 and SIGUSR2 stop the wall
    /// like SIGTERM, with the report, and exit with 128 + the signal's number.
    func testHangUpAndQuitStopWithTheReportAndTheirOwnStatus() throws {
        let clip = try clip()
        for (signal, name) in [(SIGHUP, "SIGHUP"), (SIGQUIT, "SIGQUIT"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2")] {
            let started = Date()
            let result = try CommandRunner.run(["--headless", "--report", "-", clip], timeout: 20, signalAfter: 1.2, signal: signal)
            XCTAssertEqual(result.status, 128 + signal, "\(name): \(result.standardError)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 6, "\(name) ends the program")
            XCTAssertTrue(result.standardError.contains("videowall: stopping: \(name)"), result.standardError)
            XCTAssertFalse(result.standardError.contains("Backtrace"), result.standardError)
            let report = try result.reportTiles()
            XCTAssertEqual(report.first?["state"] as? String, "playing", "\(name): \(report)")
            XCTAssertGreaterThan(report.first?["framesRendered"] as? Int ?? 0, 10, "\(name): \(report)")
        }
    }

    /// SIGPIPE (what writing to a reader that went away sends) is ignored: the wall plays on
    /// to its end and writes its report.
    func testABrokenPipeSignalDoesNotEndTheWall() throws {
        let result = try CommandRunner.run(["--headless", "--quit-after", "2.5", "--report", "-", try clip()], timeout: 20, signalAfter: 1.2, signal: SIGPIPE)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try result.reportTiles().first?["state"] as? String, "playing")
    }
}
