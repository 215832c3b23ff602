import Foundation
import VideoWallTestSupport
import XCTest

/// `--hwdec` on a machine with no hardware decoder (this one, and CI's): `auto` and `no` both
/// play every tile in software, and the report names the decoder each tile made; `probe`
/// names the one a tile would make.
final class HardwareDecodingOptionTests: XCTestCase {
    func testAutoAndNoBothPlayAndTheReportNamesEachTilesDecoder() throws {
        let (h264, vp9) = try onMainLoop(timeout: 120) {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 50, codec: .vp9, container: .webm)))
        }
        for choice in ["auto", "no"] {
            let result = try CommandRunner.run(["--headless", "--hwdec", choice, "--quit-after", "1", "--report", "-", h264, vp9], timeout: 60)
            XCTAssertEqual(result.status, 0, "\(choice): \(result.standardError)")
            let tiles = try result.reportTiles()
            XCTAssertEqual(tiles.map { $0["decoder"] as? String }, ["avdec_h264", "vp9dec"], "\(choice): \(tiles)")
            XCTAssertEqual(tiles.map { $0["state"] as? String }, ["playing", "playing"], choice)
            XCTAssertEqual(result.standardError.contains("--hwdec=no: no hardware video decoder here"), choice == "no", result.standardError)
        }
        let probed = try CommandRunner.run(["probe", "--hwdec", "no", h264, vp9], timeout: 30)
        XCTAssertEqual(probed.status, 0, probed.standardError)
        XCTAssertTrue(probed.standardOutput.contains("decoded by avdec_h264") && probed.standardOutput.contains("decoded by vp9dec"), probed.standardOutput)
    }
}
