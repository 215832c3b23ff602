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
}
