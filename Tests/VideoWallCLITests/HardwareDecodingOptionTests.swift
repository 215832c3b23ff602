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

    /// `probe --capacity` decodes each source for a moment and says whether the wall keeps up:
    /// two small tiles do on any machine; more copies of a phone's 1080p30 clip than this
    /// machine's cores hold (counted from what one costs) do not, and it says what would fit.
    func testCapacitySaysWhatKeepsUpAndWhatWould() throws {
        let small = try onMainLoop(timeout: 120) { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60)) }
        let fits = try CommandRunner.run(["probe", "--capacity", "--json", small, small], timeout: 30)
        XCTAssertEqual(fits.status, 0, fits.standardError)
        let light = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(fits.standardOutput.utf8)) as? [String: Any])?["capacity"] as? [String: Any])
        XCTAssertEqual(light["keepsUp"] as? Bool, true, "\(light)")
        XCTAssertEqual(light["tilesThatFit"] as? Int, 2)

        // One phone clip (1080p30) first: what one tile of it costs here; then just more of
        // them than this machine's cores hold.
        let phone = try RealMedia.file(2)
        let one = try CommandRunner.run(["probe", "--capacity", "--json", phone], timeout: 30)
        let single = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(one.standardOutput.utf8)) as? [String: Any])?["capacity"] as? [String: Any])
        let perTile = try XCTUnwrap(single["neededCores"] as? Double), cores = try XCTUnwrap(single["cores"] as? Int)
        XCTAssertGreaterThan(perTile, 0.01, "a 1080p clip costs something to decode: \(single)")
        let count = min(200, Int(Double(cores) * 0.75 / perTile) + 2)
        let heavy = try CommandRunner.run(["probe", "--capacity"] + Array(repeating: phone, count: count), timeout: 60)
        XCTAssertEqual(heavy.status, 0, heavy.standardError)
        let verdict = heavy.standardOutput.components(separatedBy: "capacity:\n").last ?? ""
        XCTAssertTrue(verdict.contains("1920x1080 at 30 fps needs"), verdict)
        XCTAssertTrue(verdict.contains("\(count) tiles need") && verdict.contains("it will not keep up"), verdict)
        XCTAssertTrue(verdict.contains("It would with") && verdict.contains("tiles of these"), verdict)
    }
}
