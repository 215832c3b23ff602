import VideoWallPresentation
import XCTest

/// The display as the bottleneck: a window drawn less often than its tiles' frames change.
final class DisplayPaceTests: XCTestCase {
    private struct Feed {
        var ticks: UInt64 = 0
        var rendered: [UInt64]
        init(tiles: Int) { rendered = Array(repeating: 0, count: tiles) }
    }

    private func feed(_ pace: inout DisplayPace, seconds: ClosedRange<Int>, ticks: UInt64, rendered: [UInt64], into totals: inout Feed) -> [Bool] {
        seconds.map { second in
            totals.ticks += ticks
            for tile in totals.rendered.indices { totals.rendered[tile] += rendered[tile] }
            return pace.sample(ticks: totals.ticks, rendered: totals.rendered, at: Double(second))
        }
    }

    func testAWindowDrawnLessOftenThanItsFastestTileIsSlow() {
        var pace = DisplayPace()
        var totals = Feed(tiles: 3)
        _ = pace.sample(ticks: 0, rendered: totals.rendered, at: 0)
        XCTAssertEqual(feed(&pace, seconds: 1...3, ticks: 60, rendered: [30, 24, 0], into: &totals), [false, false, false])
        // Drawing takes longer than a refresh: 18 ticks a second for 30 fps.
        let changes = feed(&pace, seconds: 4...8, ticks: 18, rendered: [30, 24, 0], into: &totals)
        XCTAssertTrue(changes.contains(true))
        XCTAssertEqual(pace.slow?.tile, 0)
        XCTAssertEqual(pace.slow?.sentence, "the display cannot keep up: the window is drawn 18 times a second for tile 1's 30 frames")
        // It ends only once the window is drawn clearly as often again.
        _ = feed(&pace, seconds: 9...12, ticks: 27, rendered: [30, 24, 0], into: &totals)
        XCTAssertNotNil(pace.slow, "27 for 30 is not clearly caught up")
        _ = feed(&pace, seconds: 13...16, ticks: 60, rendered: [30, 24, 0], into: &totals)
        XCTAssertNil(pace.slow)
    }

    func testAWallFasterThanTheScreenOrStillIsNotSlowAndAResetForgets() {
        var pace = DisplayPace()
        var totals = Feed(tiles: 2)
        _ = pace.sample(ticks: 0, rendered: totals.rendered, at: 0)
        // A 30 fps clip at 4x: 120 frames a second, a 60 Hz screen drawn 60 times.
        XCTAssertFalse(feed(&pace, seconds: 1...6, ticks: 60, rendered: [120, 120], into: &totals).contains(true))
        // Still pictures: nothing to draw, however seldom the window is drawn.
        pace.reset()
        _ = pace.sample(ticks: totals.ticks, rendered: totals.rendered, at: 6.5)
        XCTAssertFalse(feed(&pace, seconds: 7...12, ticks: 1, rendered: [0, 2], into: &totals).contains(true))
        _ = feed(&pace, seconds: 13...18, ticks: 10, rendered: [30, 30], into: &totals)
        XCTAssertNotNil(pace.slow)
        XCTAssertTrue(pace.reset())
        XCTAssertNil(pace.slow)
    }
}
