import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A tile played over HTTP from a server on the loopback address, beside a local tile.
final class NetworkSourceTests: XCTestCase {
    func testHTTPTilePlaysInSyncWithALocalTile() throws {
        let server = try LoopbackHTTPServer(serving: TestClips.directory)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let local = try await TestClips.clip(TestClips.landscape)
            let remote = server.url(for: local)
            let asset = try await AssetLoader.load(remote)
            XCTAssertTrue(asset.isNetwork)
            XCTAssertEqual(asset.video?.width, 320)

            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: remote), TileSpec(source: local)])
            // Prerolled; a network tile may still be filling its buffer.
            XCTAssertEqual(wall.players.filter { [.ready, .buffering].contains($0.state) }.count, 2,
                           "\(wall.slots.map { $0.failure?.description ?? "\($0.player.map { "\($0.state)" } ?? "?")" })")
            wall.play()
            await pause(seconds: 0.8)
            await Self.assertPositionsAgree(wall, "playing")
            let positions = wall.players.compactMap { $0.position?.nanoseconds }
            XCTAssertGreaterThan(Double(positions[0]) / 1e9, 0.5, "the network tile plays")
        }
    }

    /// A network tile loops by handing playbin the same URI again, which builds a new decoder
    /// every pass: the probes the tile puts on its decoders follow, and do not pile up (a
    /// kiosk loops for weeks).
    func testALoopingHTTPTileKeepsNoProbesOnDecodersItNoLongerUses() throws {
        let server = try LoopbackHTTPServer(serving: TestClips.directory)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let local = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15, pattern: "ball"))
            let wall = try Wall()
            await wall.load([TileSpec(source: server.url(for: local), endOfStream: .loop)])
            wall.play()
            let player = try XCTUnwrap(wall.players.first)
            let looped = await waitUntil(timeout: 15) { player.loopCount >= 5 }
            XCTAssertTrue(looped, "the tile looped: \(player.loopCount) passes")
            let watched = player.watchedDecoders
            XCTAssertLessThanOrEqual(watched.keyFrames, 2, "decoders watched after \(player.loopCount) passes")
            XCTAssertLessThanOrEqual(watched.oversize, 2, "decoders guarded after \(player.loopCount) passes")
            // Every pipeline at NULL before the server goes: HTTP sources still stopping when
            // their server vanished crashed in libsoup once (in the test after this one).
            await wall.close()
        }
    }

    /// An HLS stream (playlist and segments over HTTP) is described, plays beside a local
    /// tile on the shared clock, and takes an accurate group seek.
    func testHLSStreamPlaysInSyncWithALocalTile() throws {
        let folder = try onMainLoop(timeout: 60) { try await TestClips.hlsStream() }
        let server = try LoopbackHTTPServer(serving: folder)
        defer { server.terminate() }
        try onMainLoop(timeout: 90) {
            let playlist = server.url(for: "playlist.m3u8")
            let asset = try await AssetLoader.load(playlist)
            XCTAssertTrue(asset.isNetwork)
            XCTAssertFalse(asset.isLive, "a finished playlist is not live")
            XCTAssertEqual(asset.video?.width, 320)
            XCTAssertEqual(asset.video?.height, 180)
            XCTAssertEqual(asset.duration?.seconds ?? 0, 3, accuracy: 0.2)
            // HLS seeks by fetching whole segments: a server without byte ranges serves that.
            let rangeless = try LoopbackHTTPServer(serving: folder, byteRanges: false)
            defer { rangeless.terminate() }
            let fromRangeless = try await AssetLoader.load(rangeless.url(for: "playlist.m3u8"))
            XCTAssertTrue(fromRangeless.isSeekable, "an HLS playlist seeks without byte ranges")

            let local = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 90))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: playlist), TileSpec(source: local)])
            // Prerolled; a network tile may still be filling its buffer.
            XCTAssertEqual(wall.players.filter { [.ready, .buffering].contains($0.state) }.count, 2,
                           "\(wall.slots.map { $0.failure?.description ?? "\($0.player.map { "\($0.state)" } ?? "?")" })")
            wall.play()
            await pause(seconds: 0.8)
            await Self.assertPositionsAgree(wall, "playing")
            XCTAssertGreaterThan((wall.players[0].position?.seconds ?? 0), 0.5, "the HLS tile plays")

            wall.pause()
            await wall.seek(to: .milliseconds(2000), precision: .accurate)
            await Self.assertPositionsAgree(wall, "after an accurate seek")
            XCTAssertEqual(wall.players[0].position?.seconds ?? 0, 2, accuracy: 0.04, "the HLS tile is at the target")
        }
    }

    /// A server that ignores byte ranges (like `python3 -m http.server`) cannot serve a seek:
    /// the clip is described as not seekable, and a group seek moves the local tile while the
    /// HTTP tile refuses it with a warning and plays on.
    func testTileFromARangelessServerRefusesSeeksAndPlaysOn() throws {
        let server = try LoopbackHTTPServer(serving: TestClips.directory, byteRanges: false)
        defer { server.terminate() }
        try onMainLoop(timeout: 90) {
            let local = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 150))
            let remote = server.url(for: local)
            let asset = try await AssetLoader.load(remote)
            XCTAssertFalse(asset.isSeekable, "the server ignores Range: seeking cannot work")
            let seekableServer = try LoopbackHTTPServer(serving: TestClips.directory)
            defer { seekableServer.terminate() }
            let seekableAsset = try await AssetLoader.load(seekableServer.url(for: local))
            XCTAssertTrue(seekableAsset.isSeekable, "a server that answers Range is seekable")

            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: local), TileSpec(source: remote)])
            // Prerolled; a network tile may still be filling its buffer.
            XCTAssertEqual(wall.players.filter { [.ready, .buffering].contains($0.state) }.count, 2,
                           "\(wall.slots.map { $0.failure?.description ?? "\($0.player.map { "\($0.state)" } ?? "?")" })")
            await wall.whenDescribed()
            wall.play()
            await pause(seconds: 0.8)
            let before = wall.players[1].position?.seconds ?? 0
            await wall.seek(to: .milliseconds(3500), precision: .accurate)
            XCTAssertEqual(wall.players[0].position?.seconds ?? 0, 3.5, accuracy: 0.1, "the local tile seeked")
            let after = wall.players[1].position?.seconds ?? 0
            XCTAssertLessThan(after, 2, "the HTTP tile stayed where it was")
            XCTAssertGreaterThanOrEqual(after, before - 0.05, "the HTTP tile did not go back")
            XCTAssertTrue(wall.players[1].warnings.contains { $0.contains("cannot seek") }, "\(wall.players[1].warnings)")
            await pause(seconds: 0.6)
            XCTAssertEqual(wall.transport, .playing)
            XCTAssertEqual(wall.players.map(\.state), [.playing, .playing], "\(wall.slots.map { $0.failure?.description ?? "ok" })")
            XCTAssertEqual((wall.players[1].position?.seconds ?? 0) - after, 0.6, accuracy: 0.15, "the HTTP tile plays on at its pace")
            XCTAssertEqual(wall.players[1].statistics?.dropped, 0, "the HTTP tile's frames stay on time")
            XCTAssertNil(wall.slots.compactMap(\.failure).first)
        }
    }

    /// Positions are the frames on screen: a frame boundary can fall between two reads, so a
    /// mismatch is read again a moment later.
    @MainActor
    private static func assertPositionsAgree(_ wall: Wall, _ context: String, file: StaticString = #filePath, line: UInt = #line) async {
        var positions: [Int64] = []
        for _ in 0..<5 {
            positions = wall.players.compactMap { $0.position?.nanoseconds }
            if positions.count == 2, abs(positions[0] - positions[1]) <= 1_000_000 { break }
            await pause(seconds: 0.011)
        }
        XCTAssertEqual(positions.count, 2, context, file: file, line: line)
        XCTAssertLessThanOrEqual(abs((positions.first ?? 0) - (positions.last ?? 0)), 1_000_000, "\(context): positions \(positions)", file: file, line: line)
    }
}
