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

            let results = await AssetLoader.loadAll([missing, empty, text, truncated, unreachable], timeout: .seconds(10))
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
            var configuration = WallConfiguration()
            configuration.maximumTiles = 4
            let wall = try Wall(configuration: configuration)
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
            // One tile per source, in the order given, whichever failed.
            let tiles = wall.tiles
            XCTAssertEqual(tiles.map(\.index), [0, 1, 2, 3, 4])
            XCTAssertEqual(tiles.map(\.source), sources)
            XCTAssertEqual(tiles.map(\.state), [.playing, .failed, .failed, .playing, .failed])
            XCTAssertEqual(tiles[1].failure?.reasonText, "file not found")
            XCTAssertNil(tiles[3].failure)
            XCTAssertGreaterThan(tiles[3].statistics?.framesRendered ?? 0, 0, "a playing tile counts its frames")
            XCTAssertNil(tiles[4].statistics, "a refused tile never had a sink")
        }
    }

    /// A 3 s MP4 with its index at the front, cut to its first half.
    @MainActor
    private static func cutShortClip() async throws -> String {
        let whole = TestClips.directory + "/faststart.mp4"
        if !FileManager.default.fileExists(atPath: whole) {
            try await ClipGenerator.run("""
                videotestsrc num-buffers=90 ! video/x-raw,width=320,height=180,framerate=30/1 \
                ! x264enc speed-preset=ultrafast key-int-max=30 ! mp4mux faststart=true ! filesink location=\(whole)
                """, timeout: 60)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        return TestClips.file(named: "cut-short.mp4", contents: bytes.prefix(bytes.count / 2))
    }

    /// A file cut off after its header (the index at the front, half the frames gone) plays
    /// what it has, then holds its last frame with a warning; the other tile plays on.
    func testFileCutShortEndsWithAWarningWhileTheOtherTilePlays() throws {
        try onMainLoop(timeout: 90) {
            let cut = try await Self.cutShortClip()
            let good = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 120))

            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: good), TileSpec(source: cut)])
            await wall.whenDescribed()
            XCTAssertEqual(wall.players[1].asset.duration?.seconds ?? 0, 3, accuracy: 0.1, "the header announces 3 s")
            wall.play()
            let ended = await waitUntil(timeout: 6) { wall.players[1].state == .ended }
            XCTAssertTrue(ended, "the cut file ends: \(wall.players[1].state)")
            let warning = try XCTUnwrap(wall.players[1].warnings.first, "a warning says the file ended early")
            XCTAssertTrue(warning.hasSuffix("of 00:00:03.000: the source may be cut short"), warning)
            XCTAssertNil(wall.players[1].failure, "a short file is not a failed tile")
            XCTAssertEqual(wall.transport, .playing, "the wall plays on")
            let before = wall.players[0].position ?? .zero
            await pause(seconds: 0.3)
            XCTAssertGreaterThan(((wall.players[0].position ?? .zero) - before).seconds, 0.2, "the good tile plays on")
            XCTAssertEqual(wall.tiles[1].warnings, [warning])
        }
    }

    /// Looping, a cut-short file never posts end of stream (the next pass is queued before
    /// it): the wrap itself tells where the pass ended.
    func testLoopingFileCutShortWarnsAtTheWrap() throws {
        try onMainLoop(timeout: 90) {
            let cut = try await Self.cutShortClip()
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: cut, endOfStream: .loop)])
            await wall.whenDescribed()
            wall.play()
            let warned = await waitUntil(timeout: 8) { !wall.players[0].warnings.isEmpty }
            XCTAssertTrue(warned, "a warning at the first wrap; loops \(wall.players[0].loopCount)")
            XCTAssertTrue(wall.players[0].warnings.first?.hasSuffix("of 00:00:03.000: the source may be cut short") ?? false,
                          "\(wall.players[0].warnings)")
            XCTAssertEqual(wall.transport, .playing, "it loops on")
        }
    }

    /// A whole file looping gets no such warning.
    func testLoopingWholeFileWarnsNothing() throws {
        try onMainLoop(timeout: 90) {
            let whole = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: whole, endOfStream: .loop)])
            await wall.whenDescribed()
            wall.play()
            _ = await waitUntil(timeout: 5) { wall.players[0].loopCount >= 3 }
            await pause(seconds: 0.2)
            XCTAssertGreaterThanOrEqual(wall.players[0].loopCount, 3)
            XCTAssertEqual(wall.players[0].warnings, [])
        }
    }
}
