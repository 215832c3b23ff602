import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// What a playlist from the network may make the player fetch.
final class RemotePlaylistTests: XCTestCase {
    /// A playlist over HTTP whose segments are `file:///...` paths to real segments on this
    /// machine: the tile reads none of them (no frame reaches its sink) and fails saying why,
    /// while the local tile beside it plays.
    func testSegmentsOfARemotePlaylistAreNotReadFromLocalFiles() throws {
        let folder = try onMainLoop(timeout: 60) { try await TestClips.hlsStream() }
        let served = (TestClips.directory as NSString).appendingPathComponent("file-segments")
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let original = try String(contentsOfFile: (folder as NSString).appendingPathComponent("playlist.m3u8"), encoding: .utf8)
        let pointed = original.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("segment") ? "file://" + (folder as NSString).appendingPathComponent(String(line)) : String(line)
        }.joined(separator: "\n")
        XCTAssertTrue(pointed.contains("file:///"), pointed)
        try pointed.write(toFile: (served as NSString).appendingPathComponent("playlist.m3u8"), atomically: true, encoding: .utf8)
        let server = try LoopbackHTTPServer(serving: served)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let local = try await TestClips.clip(TestClips.landscape)
            let wall = try Coordinator()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: server.url(for: "playlist.m3u8")), TileSpec(source: local)])
            wall.play()
            await pause(seconds: 0.8)
            let failure = wall.slots[0].failure
            guard case .refusedFetch(let uri)? = failure?.reason else {
                return XCTFail("the tile must refuse the local segment, got \(failure?.description ?? "no failure"), state \(String(describing: wall.slots[0].player?.state))")
            }
            XCTAssertTrue(uri.hasPrefix("file:///"), uri)
            XCTAssertTrue(failure?.description.contains("refused to fetch file:///") ?? false, failure?.description ?? "")
            XCTAssertEqual(wall.slots[0].player?.statistics?.rendered ?? 0, 0, "no frame of a local segment was shown")
            XCTAssertEqual(wall.slots[1].player?.state, .playing, "the local tile plays on")
        }
    }

    /// A segment the server answers with 404: the tile's error is one line that names the
    /// segment, without GStreamer's source location or its element path inside playbin.
    func testAMissingSegmentIsReportedOnOneLineNamingIt() throws {
        let folder = try onMainLoop(timeout: 60) { try await TestClips.hlsStream() }
        let served = (TestClips.directory as NSString).appendingPathComponent("missing-segment")
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        for name in ["playlist.m3u8", "segment00000.ts", "segment00002.ts"] {
            try? FileManager.default.copyItem(atPath: (folder as NSString).appendingPathComponent(name),
                                              toPath: (served as NSString).appendingPathComponent(name))
        }
        let server = try LoopbackHTTPServer(serving: served)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let wall = try Coordinator()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: server.url(for: "playlist.m3u8"))])
            wall.play()
            _ = await waitUntil(timeout: 5) { wall.slots[0].failure != nil }
            let line = wall.slots[0].failure?.description ?? "no failure"
            XCTAssertTrue(line.contains("(404), URL: http://127.0.0.1:\(server.port)/segment00001.ts"), line)
            for detail in ["/GstPlayBin", ".c(", "\\n", "\n", "(NULL)"] {
                XCTAssertFalse(line.contains(detail), "\(detail) in: \(line)")
            }
        }
    }
}
