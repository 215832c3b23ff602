import XCTest
@testable import VideoWallCore

/// Reading a render log back: well-formed lines only, and each frame's first release per tile.
final class RenderLogEntryTests: XCTestCase {
    func testLinesAndFirstReleasesPerFrame() {
        let text = "1 0 100\n2 0 105\nnot a line\n1 33000000 133\n1 33333333 140\n1 66666666 166 7\n\n1 66666667 170\n"
        let entries = RenderLogEntry.entries(in: text)
        XCTAssertEqual(entries.map(\.tile), [1, 2, 1, 1, 1], "the malformed lines are passed over")
        // 33.0 ms (a millisecond container) and 33.3 ms name the same frame; its first release counts.
        XCTAssertEqual(RenderLogEntry.firstReleases(entries, tile: 1, frameRate: 30), [0: 100, 1: 133, 2: 170])
        XCTAssertEqual(RenderLogEntry.firstReleases(entries, tile: 2, frameRate: 30), [0: 105])
    }
}
