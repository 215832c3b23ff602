import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Every kind of bad input gives a typed error naming the source, and never takes the good
/// tiles down.
final class BadInputTests: XCTestCase {
    func testEachBadInputHasItsOwnReason() throws {
        try onMainLoop(timeout: 90) {
            let good = try await TestClips.clip(TestClips.landscape)
            let missing = TestClips.directory + "/no-such-clip.mp4"
            let empty = TestClips.file(named: "empty.mp4", contents: Data())
            let text = TestClips.file(named: "notes.mp4", contents: Data(String(repeating: "just some text\n", count: 200).utf8))
            let whole = try Data(contentsOf: URL(fileURLWithPath: good))
            let truncated = TestClips.file(named: "truncated.mp4", contents: whole.prefix(whole.count / 2))
            let unreachable = "http://127.0.0.1:9/clip.mp4"

            let results = await AssetLoader.loadAll([missing, empty, text, truncated, unreachable], timeout: 10)
            let errors = results.map { result -> AssetError? in if case .failure(let e) = result { return e } else { return nil } }

            XCTAssertEqual(errors[0]?.reason, .notFound)
            XCTAssertEqual(errors[1]?.reason, .emptyFile)
            guard case .notMediaFile = errors[2]?.reason else { return XCTFail("text file: \(String(describing: errors[2]))") }
            XCTAssertNotNil(errors[3], "a truncated MP4 must not load")
            guard case .network = errors[4]?.reason else { return XCTFail("unreachable URL: \(String(describing: errors[4]))") }
            for (error, source) in zip(errors, [missing, empty, text, truncated, unreachable]) {
                let line = error?.description ?? ""
                XCTAssertTrue(line.hasPrefix(source + ": "), "error names its source: \(line)")
                XCTAssertFalse(line.contains("\n"), "one line: \(line)")
            }
        }
    }

    func testCodecWithNoPluginIsNamed() throws {
        try onMainLoop(timeout: 90) {
            let vp8 = try await TestClips.clip(ClipSpec(width: 160, height: 90, frames: 15, codec: .vp8, container: .webm))
            // Keep every VP8 decoder out of auto-plugging, as on a machine without them.
            let decoders = ["vp8dec", "avdec_vp8"]
            let ranks = decoders.map { GStreamer.setRank(0, ofFeature: $0) }
            defer { for (name, rank) in zip(decoders, ranks) { if let rank { GStreamer.setRank(rank, ofFeature: name) } } }
            do {
                _ = try await AssetLoader.load(vp8)
                XCTFail("a clip with no decoder loaded")
            } catch let error as AssetError {
                guard case .missingPlugin(let name) = error.reason else { return XCTFail("\(error)") }
                XCTAssertTrue(name.contains("VP8"), name)
            }
        }
    }

    func testBadTilesFailAloneWhileGoodTilesPlay() throws {
        try onMainLoop(timeout: 90) {
            let good = try await TestClips.clip(TestClips.landscape)
            let text = TestClips.file(named: "wall-notes.mp4", contents: Data(String(repeating: "hello\n", count: 100).utf8))
            var configuration = CoordinatorConfiguration()
            configuration.maximumTiles = 4
            let wall = try Coordinator(configuration: configuration)
            let sources = [good, TestClips.directory + "/missing.mp4", text, good, good]
            await wall.load(sources.map { TileSpec(source: $0) })
            defer { wall.shutDown() }

            XCTAssertEqual(wall.slots.count, 5)
            XCTAssertEqual(wall.slots[1].failure?.reason, .notFound)
            XCTAssertNotNil(wall.slots[2].failure)
            XCTAssertEqual(wall.slots[4].failure?.reason, .tooManyTiles(limit: 4))
            XCTAssertEqual(wall.slots[4].failure?.description, "\(good): the wall holds at most 4 tiles")

            wall.play()
            await pause(seconds: 0.6)
            for index in [0, 3] {
                let player = try XCTUnwrap(wall.slots[index].player)
                XCTAssertEqual(player.state, .playing)
                XCTAssertGreaterThan(player.position?.seconds ?? 0, 0.2, "tile \(index) plays on")
            }
            let report = wall.report()
            XCTAssertEqual(report.failedTiles, 3)
            XCTAssertEqual(report.tiles[1].error, "file not found")
        }
    }
}
