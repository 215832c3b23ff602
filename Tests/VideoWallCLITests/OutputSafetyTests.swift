import Foundation
import VideoWallTestSupport
import XCTest

/// Outputs never follow a link planted at their path: the report replaces the link with a
/// whole file of its own (written aside and renamed), the render log refuses it; the link's
/// target is untouched either way.
final class OutputSafetyTests: XCTestCase {
    func testAPlantedLinkIsReplacedOrRefusedNeverFollowed() throws {
        let clip = try onMainLoop {
            try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 50, keyFrameInterval: 25))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-outputs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let victim = folder + "/victim.txt"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        for name in ["report.json", "frames.log"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: victim)
        }
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--report", folder + "/report.json",
                                            "--render-log", folder + "/frames.log", clip], timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n", "the target is untouched")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder + "/report.json")[.type] as? FileAttributeType, .typeRegular)
        XCTAssertTrue(try String(contentsOfFile: folder + "/report.json", encoding: .utf8).contains("\"tiles\""), "the report took the link's place")
        XCTAssertTrue(result.standardError.contains("the render log cannot be written"), result.standardError)
    }
}
