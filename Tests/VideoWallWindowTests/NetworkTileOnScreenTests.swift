import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// An HLS tile shows the same frame as a local copy of its clip, read from the screen.
/// MPEG-TS starts its timestamps after zero (mpegtsmux's lead-in): counted as part of the
/// clip, the HLS tile would run that many frames behind for the whole run.
final class NetworkTileOnScreenTests: XCTestCase {
    static let clip = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 180, keyFrameInterval: 30)

    func testAnHLSTileShowsTheSameFrameAsTheLocalFile() throws {
        try withLocalBesideHLS(missing: []) { window, wall in
            var captures: [[Int?]] = []
            for _ in 0..<6 {
                captures.append(WallWindowHarness.framesOnScreen(window, regions: [0, 1]))
                await pause(seconds: 0.2)
            }
            XCTAssertEqual(wall.transport, .playing, "the wall played through the captures")
            for seen in captures {
                XCTAssertTrue(seen[0] != nil && seen[0] == seen[1], "both tiles on one frame: \(captures)")
            }
            XCTAssertGreaterThan(Set(captures.map { $0[0] }).count, 3, "the frames move on: \(captures)")
        }
    }

    /// One segment of the HLS stream answers 404 (frames 60-89): the tile holds frame 59 for
    /// that second, then shows the same frame as the local file again, on the wall's clock;
    /// the wall plays on and the skip is one warning naming the segment.
    func testAnHLSTileSkipsAMissingSegmentAndStaysInSync() throws {
        try withLocalBesideHLS(missing: ["segment00002.ts"]) { window, wall in
            var captures: [[Int?]] = []
            while captures.count < 40, (captures.last?[0] ?? 0) < 130 {
                captures.append(WallWindowHarness.framesOnScreen(window, regions: [0, 1]))
                await pause(seconds: 0.1)
            }
            XCTAssertNil(wall.slots[1].failure, "the HLS tile plays on")
            XCTAssertEqual(wall.transport, .playing)
            let inGap = captures.filter { ($0[0] ?? 0) >= 63 && ($0[0] ?? 0) <= 86 }
            let after = captures.filter { ($0[0] ?? 0) >= 95 }
            XCTAssertFalse(inGap.isEmpty, "captures during the gap: \(captures)")
            XCTAssertFalse(after.isEmpty, "captures after the gap: \(captures)")
            for seen in inGap { XCTAssertEqual(seen[1], 59, "the HLS tile holds its last frame before the gap: \(captures)") }
            for seen in after { XCTAssertEqual(seen[1], seen[0], "the same frame after the gap: \(captures)") }
            let warnings = wall.slots[1].player?.warnings ?? []
            XCTAssertEqual(warnings.filter { $0.contains("segment00002.ts") && $0.contains("404") }.count, 1, "\(warnings)")
            XCTAssertEqual(wall.slots[0].player?.statistics?.dropped, 0, "the local tile lost nothing")
            XCTAssertEqual(wall.slots[1].player?.statistics?.dropped, 0, "a missing segment is not frames dropped")
        }
    }

    /// The first segment answers 404: the stream is described from the next one (the
    /// discoverer skips it too) and plays from frame 30 on. Without its first segment the
    /// MPEG-TS lead-in (a few frames, see above) cannot be measured, so the tile may run up
    /// to that much behind: within 6 frames.
    func testAnHLSStreamWithoutItsFirstSegmentPlays() throws {
        try withLocalBesideHLS(missing: ["segment00000.ts"]) { window, wall in
            _ = await waitUntil(timeout: 5) { (WallWindowHarness.framesOnScreen(window, regions: [0])[0] ?? 0) >= 40 }
            var captures: [[Int?]] = []
            for _ in 0..<6 {
                captures.append(WallWindowHarness.framesOnScreen(window, regions: [0, 1]))
                await pause(seconds: 0.2)
            }
            XCTAssertNil(wall.slots[1].failure, "the HLS tile plays")
            for seen in captures {
                guard let here = seen[0], let there = seen[1] else { return XCTFail("both tiles show a frame: \(captures)") }
                XCTAssertGreaterThanOrEqual(there, 30, "\(captures)")
                XCTAssertLessThanOrEqual(abs(here - there), 6, "\(captures)")
            }
            XCTAssertGreaterThan(Set(captures.map { $0[1] }).count, 3, "the HLS tile moves on: \(captures)")
            XCTAssertTrue((wall.slots[1].player?.warnings ?? []).contains { $0.contains("segment00000.ts") })
        }
    }

    /// The frame-coded clip in region 0 and its HLS copy, served without `missing` (those
    /// answer 404), in region 1, playing and settled.
    private func withLocalBesideHLS(missing: Set<String>, _ body: @escaping @MainActor (WallWindow, Wall) async throws -> Void) throws {
        let (local, folder) = try onMainLoop(timeout: 60) { try await TestClips.frameCodedHLS(Self.clip) }
        let server = try LoopbackHTTPServer(serving: try Self.copy(of: folder, without: missing))
        defer { server.terminate() }
        try onMainLoop(timeout: 90) {
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide,
                                                                  sources: [local, server.url(for: "playlist.m3u8")])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            try await body(window, wall)
        }
    }

    /// A copy of an HLS folder with some files left out (they answer 404).
    private static func copy(of folder: String, without missing: Set<String>) throws -> String {
        let copy = (TestClips.directory as NSString).appendingPathComponent("hls-without-" + missing.sorted().joined(separator: "-"))
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !missing.contains(name) {
            try FileManager.default.copyItem(atPath: (folder as NSString).appendingPathComponent(name),
                                             toPath: (copy as NSString).appendingPathComponent(name))
        }
        return copy
    }
}
