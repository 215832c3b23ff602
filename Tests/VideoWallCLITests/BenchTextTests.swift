import Foundation
@testable import videowall
import VideoWallBench
import XCTest

/// The bench's text report prints only figures the run can support.
final class BenchTextTests: XCTestCase {
    private func report(soak: String) throws -> BenchReport {
        let json = """
            {"machine": {"cores": 2, "gstreamer": "GStreamer 1.22.0", "display": "none"}, "clips": "test", "tiles": 2,
             "sinkSync": {}, "sinkWakeUp": {}, "cost": [], "notes": [],
             "soak": {"seconds": 4, "tiles": 2, "loops": 8, "framesPerLoop": 15, "framesRendered": 232, "framesDropped": 0,
                      "residentStartMB": 99.7, "residentEndMB": 107.9, \(soak)}}
            """
        return try JSONDecoder().decode(BenchReport.self, from: Data(json.utf8))
    }

    func testShortSoakSaysItIsTooShortInsteadOfAFigure() throws {
        let text = BenchText.render(try report(soak: #""residentGrowth": "too short to tell: 4 s of samples, a trend needs 4 min (a soak of 300 s or more)""#))
        let soak = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("soak:") })
        XCTAssertTrue(soak.hasSuffix("100 -> 108 MB (too short to tell: 4 s of samples, a trend needs 4 min (a soak of 300 s or more))"), String(soak))
        XCTAssertFalse(soak.contains("per hour"), String(soak))
    }

    func testLongSoakPrintsTheFigure() throws {
        let text = BenchText.render(try report(soak: #""residentGrowthMBPerHour": 6.04, "residentGrowth": "+6.0 MB per hour""#))
        XCTAssertTrue(text.contains("resident memory 100 -> 108 MB (+6.0 MB per hour)"), text)
    }

    /// The first-picture table gives each peer's median (of runs in any order) and every run,
    /// and a dash where a figure was not read (overlapping windows, not videowall).
    func testFirstPictureTableGivesTheMedianAndEveryRun() {
        var wall = BenchReport.FirstPicture.Peer(name: "videowall")
        wall.firstPictureSeconds = [0.51, 0.48, 0.50]
        wall.insideLaunchSeconds = [0.52, 0.49, 0.52]
        wall.cpuPerSecond = [0.53, 0.53, 0.52]
        wall.xServerPerSecond = [0.038, 0.040, 0.036]
        var launch = BenchReport.FirstPicture.Peer(name: "four gst-launch")
        launch.cpuPerSecond = [1.97]
        let text = BenchText.render(BenchReport.FirstPicture(clips: "4 clips", runs: 3, steadySeconds: 5, peers: [wall, launch], notes: ["a note"]))
        XCTAssertTrue(text.contains("| videowall | 0.50 (0.51, 0.48, 0.50) | 0.52 (0.52, 0.49, 0.52) | 0.53 (0.53, 0.53, 0.52) | 0.038 (0.038, 0.040, 0.036) |"), text)
        XCTAssertTrue(text.contains("| four gst-launch | - | - | 1.97 (1.97) | - |"), text)
        XCTAssertTrue(text.hasSuffix("note: a note\n"), text)
    }
}
