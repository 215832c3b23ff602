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
            let wall = try Wall()
            defer { wall.shutDown() }
            var said: [String] = []
            let events = wall.events()
            let listener = Task { @MainActor in
                for await event in events { if case .tile(0, .failed(let error)) = event { said.append(error.description) } }
            }
            defer { listener.cancel() }
            await wall.load([TileSpec(source: server.url(for: "playlist.m3u8")), TileSpec(source: local)])
            wall.play()
            await pause(seconds: 0.8)
            // Said at once, and once: the discoverer, whose fetch is locked too, may answer late or never.
            XCTAssertEqual(said.count, 1, "\(said)")
            XCTAssertTrue(said.first?.contains("refused to fetch file:///") ?? false, "\(said)")
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

    /// A segment the server answers with 404 is skipped: the tile plays on past it (the frames
    /// after it are shown, none counted as dropped), says so in one warning that names the
    /// segment (without GStreamer's source location or its element path inside playbin), and
    /// the local tile beside it loses nothing.
    func testAMissingSegmentIsSkippedWithOneLineNamingIt() throws {
        let folder = try onMainLoop(timeout: 60) { try await TestClips.hlsStream() }
        let served = try Self.copy(of: folder, keeping: ["playlist.m3u8", "segment00000.ts", "segment00002.ts"])
        let server = try LoopbackHTTPServer(serving: served)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let local = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 90))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: server.url(for: "playlist.m3u8")), TileSpec(source: local)])
            wall.play()
            _ = await waitUntil(timeout: 6) { wall.players.allSatisfy { $0.state == .ended } || wall.slots[0].failure != nil }
            XCTAssertNil(wall.slots[0].failure, "the HLS tile plays past the missing segment")
            let warnings = wall.slots[0].player?.warnings ?? []
            XCTAssertEqual(warnings.count, 1, "\(warnings)")
            let line = warnings.first ?? ""
            XCTAssertTrue(line.contains("(404), URL: http://127.0.0.1:\(server.port)/segment00001.ts"), line)
            for detail in ["/GstPlayBin", ".c(", "\\n", "\n", "(NULL)"] {
                XCTAssertFalse(line.contains(detail), "\(detail) in: \(line)")
            }
            let hls = wall.slots[0].player?.statistics, beside = wall.slots[1].player?.statistics
            XCTAssertGreaterThan(hls?.rendered ?? 0, 50, "the frames after the missing segment are shown")
            XCTAssertEqual(hls?.dropped, 0, "a missing segment is not frames dropped")
            XCTAssertEqual(beside?.rendered, 90)
            XCTAssertEqual(beside?.dropped, 0)
        }
    }

    /// More segments missing in a row than `MissingSegmentSkipper.consecutiveLimit` is a stream
    /// that is gone, not a gap: the tile fails, naming the segment, in one line.
    func testAStreamWhoseSegmentsAreAllMissingFails() throws {
        let spec = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 180, keyFrameInterval: 30)
        let (_, folder) = try onMainLoop(timeout: 60) { try await TestClips.frameCodedHLS(spec) }
        let served = try Self.copy(of: folder, keeping: ["playlist.m3u8", "segment00000.ts"])
        let server = try LoopbackHTTPServer(serving: served)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: server.url(for: "playlist.m3u8"))])
            wall.play()
            _ = await waitUntil(timeout: 6) { wall.slots[0].failure != nil }
            let line = wall.slots[0].failure?.description ?? "no failure"
            let limit = MissingSegmentSkipper.consecutiveLimit
            XCTAssertTrue(line.contains(String(format: "(404), URL: http://127.0.0.1:\(server.port)/segment%05d.ts", limit + 1)), line)
            XCTAssertFalse(line.contains("\n"), line)
            XCTAssertEqual(wall.slots[0].player?.warnings.count, limit, "\(wall.slots[0].player?.warnings ?? [])")
        }
    }

    /// A copy of an HLS folder with only some of its files (the others answer 404).
    private static func copy(of folder: String, keeping kept: [String]) throws -> String {
        let copy = (TestClips.directory as NSString).appendingPathComponent("hls-keeping-" + kept.joined(separator: "-"))
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in kept {
            try FileManager.default.copyItem(atPath: (folder as NSString).appendingPathComponent(name),
                                             toPath: (copy as NSString).appendingPathComponent(name))
        }
        return copy
    }
}
