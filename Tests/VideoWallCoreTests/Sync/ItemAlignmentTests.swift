import XCTest
@testable import VideoWallCore

/// A follower's playlist tiles against its leader's items, read by read.
final class ItemAlignmentTests: XCTestCase {
    private func leader(items: [Int?], starts: [MediaTime?], playing: Bool = true) -> WallTimeline {
        WallTimeline(isPlaying: playing, position: .seconds(1), instant: .seconds(100), items: items, itemStarts: starts)
    }

    func testASmallDifferenceOnTheSameItemIsMovedAway() {
        var alignment = ItemAlignment()
        let steps = alignment.steps(leader: leader(items: [nil, 2], starts: [nil, .seconds(90)]),
                                    items: [nil, 2], starts: [nil, .seconds(90) + .milliseconds(5)], now: .seconds(100))
        XCTAssertEqual(steps, [.shift(tile: 1, by: .milliseconds(-5))])
        XCTAssertEqual(alignment.steps(leader: leader(items: [2], starts: [.seconds(90)]), items: [2], starts: [.seconds(90) + .nanoseconds(200_000)], now: .seconds(100)),
                       [], "a fifth of a millisecond is the clock's own")
    }

    func testAnotherItemForThreeReadsJoinsTheLeadersNext() {
        var alignment = ItemAlignment()
        let them = leader(items: [3], starts: [.seconds(95)])
        XCTAssertEqual(alignment.steps(leader: them, items: [2], starts: [.seconds(90)], now: .seconds(100)), [])
        XCTAssertEqual(alignment.steps(leader: them, items: [2], starts: [.seconds(90)], now: .milliseconds(100_100)), [])
        XCTAssertEqual(alignment.steps(leader: them, items: [2], starts: [.seconds(90)], now: .milliseconds(100_200)),
                       [.join(tile: 0, leaderItem: 3, startedAt: .seconds(95))])
        // Read either side of a change both make: apart once, then together again.
        var passing = ItemAlignment()
        XCTAssertEqual(passing.steps(leader: them, items: [2], starts: [.seconds(90)], now: .seconds(100)), [])
        XCTAssertEqual(passing.steps(leader: them, items: [3], starts: [.seconds(95)], now: .milliseconds(100_100)), [])
        XCTAssertEqual(passing.steps(leader: them, items: [2], starts: [.seconds(90)], now: .milliseconds(100_200)), [], "the count started again")
    }

    func testTheSameItemFarOffJoinsToo() {
        var alignment = ItemAlignment()
        let them = leader(items: [1], starts: [.seconds(95)])
        for _ in 0..<2 { XCTAssertEqual(alignment.steps(leader: them, items: [1], starts: [.seconds(97)], now: .seconds(100)), []) }
        XCTAssertEqual(alignment.steps(leader: them, items: [1], starts: [.seconds(97)], now: .seconds(100)),
                       [.join(tile: 0, leaderItem: 1, startedAt: .seconds(95))])
    }

    func testATileJoiningIsLeftAloneUntilItsInstant() {
        var alignment = ItemAlignment()
        alignment.joining(tile: 0, until: .seconds(104))
        let them = leader(items: [3], starts: [.seconds(95)])
        for step in 0..<5 {
            XCTAssertEqual(alignment.steps(leader: them, items: [4], starts: [nil], now: .seconds(100) + .milliseconds(Int64(step) * 100)), [])
        }
        XCTAssertEqual(alignment.steps(leader: leader(items: [4], starts: [.seconds(104)]), items: [4], starts: [.seconds(104) + .milliseconds(3)], now: .seconds(105)),
                       [.shift(tile: 0, by: .milliseconds(-3))])
    }

    func testNothingWhileTheLeaderDoesNotPlayOrHasNoLists() {
        var alignment = ItemAlignment()
        XCTAssertEqual(alignment.steps(leader: leader(items: [3], starts: [.seconds(95)], playing: false), items: [2], starts: [.seconds(90)], now: .seconds(100)), [])
        XCTAssertEqual(alignment.steps(leader: WallTimeline(isPlaying: true, position: .zero, instant: .zero), items: nil, starts: nil, now: .seconds(100)), [])
        XCTAssertEqual(alignment.steps(leader: leader(items: [3], starts: [nil]), items: [2], starts: [.seconds(90)], now: .seconds(100)), [], "its item not placed yet")
        XCTAssertEqual(alignment.steps(leader: leader(items: [2], starts: [.seconds(90)]), items: [2], starts: [nil], now: .seconds(100)), [], "mine not placed yet")
    }
}
