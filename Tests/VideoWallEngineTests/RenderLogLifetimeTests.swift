import Foundation
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A render log let go while its writes are still queued: it goes at once, the file is whole,
/// and the log's end does not wait for its own queue from inside it (it did: the last queued write held the
/// log, its `deinit` ran on the queue and trapped, SIGILL at the end of one wall run in two
/// on a busy machine).
final class RenderLogLifetimeTests: XCTestCase {
    func testALogLetGoWithWritesQueuedEndsWholeWithoutTrapping() throws {
        let folder = TestClips.directory + "/render-log-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for round in 0..<20 {
            var log: RenderLog? = RenderLog(path: folder + "/\(round).log") { XCTFail($0) }
            // Lines enough for several writes of 16 KB, each queued as it fills.
            for frame in 0..<20_000 { log?.record(tile: 1, pts: UInt64(frame) * 33_333_333, releasedAt: UInt64(frame)) }
            weak let released = log
            log = nil
            // Gone at once: nothing queued holds it (its own end waits for the writes).
            XCTAssertNil(released, "round \(round): the log went when let go, writes queued or not")
            let lines = try String(contentsOfFile: folder + "/\(round).log", encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(lines.count, 20_000, "round \(round): every line written before the log went")
            XCTAssertEqual(lines.last, "1 \(UInt64(19_999) * 33_333_333) 19999")
        }
    }
}
