import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// `--render-log PATH`: one line per rendered frame, "TILE PTS RELEASE" in nanoseconds, the
/// release on the host's CLOCK_MONOTONIC. Read back from outside the process: every frame of
/// both tiles in order, the two tiles' frames of one PTS released together, a period apart
/// from the frame before, and all within the run's own span of the host's clock.
final class RenderLogTests: XCTestCase {
    func testEveryRenderedFrameIsLoggedWithItsReleaseOnTheHostClock() throws {
        let (a, b) = try onMainLoop {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60, keyFrameInterval: 7)),
             try await TestClips.clip(ClipSpec(width: 128, height: 128, frameRate: 30, frames: 60, codec: .vp9, container: .webm,
                                               pattern: "ball", keyFrameInterval: 13, audio: true)))
        }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vw-render-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let before = Self.monotonicNow()
        let result = try CommandRunner.run(["--headless", "--quit-after", "3", "--render-log", log, a, b], timeout: 30)
        let after = Self.monotonicNow()
        XCTAssertEqual(result.status, 0, result.standardError)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").compactMap { UInt64($0) } }
        XCTAssertTrue(lines.allSatisfy { $0.count == 3 }, "three integers a line: \(text.prefix(200))")
        let period = 1_000_000_000.0 / 30
        var releases: [Int: [UInt64: UInt64]] = [:]
        for tile in [1, 2] {
            let frames = lines.filter { $0[0] == UInt64(tile) }
            let indices = frames.map { Int((Double($0[1]) / period).rounded()) }
            // The clips last 2 s: the tile ends on its last frame and holds it.
            XCTAssertEqual(Array(indices.prefix(60)), Array(0..<60), "tile \(tile): every frame once, in order")
            for (earlier, later) in zip(frames.prefix(60), frames.prefix(60).dropFirst()) {
                XCTAssertEqual(Double(later[2]) - Double(earlier[2]), period, accuracy: 4_000_000, "tile \(tile): a period between releases")
            }
            XCTAssertTrue(frames.allSatisfy { $0[2] > before && $0[2] < after }, "tile \(tile): released within the run, on CLOCK_MONOTONIC")
            // By frame index: WebM keeps times in milliseconds, MP4 exactly.
            releases[tile] = Dictionary(frames.prefix(60).map { (UInt64((Double($0[1]) / period).rounded()), $0[2]) }, uniquingKeysWith: { first, _ in first })
        }
        let shared = Set(releases[1]?.keys ?? [:].keys).intersection(releases[2]?.keys ?? [:].keys)
        XCTAssertEqual(shared.count, 60, "both tiles logged the same timestamps")
        let apart = shared.map { abs(Int64(releases[1]![$0]!) - Int64(releases[2]![$0]!)) }.max() ?? .max
        XCTAssertLessThan(apart, 1_000_000, "one wall, one clock: a frame's two releases within 1 ms (\(Double(apart) / 1e6) ms)")
    }

    func testALogThatCannotBeWrittenIsRefusedBeforeTheWallStarts() throws {
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--render-log", "/nonexistent/folder/render.log", "x.mp4"], timeout: 20)
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertTrue(result.standardError.contains("--render-log"), result.standardError)
    }

    private static func monotonicNow() -> UInt64 { UInt64(clamping: SystemMonotonicClock().now.nanoseconds) }
}
