import VideoWallCore
import XCTest

/// The verdict "this machine cannot keep up", on instants the test chooses.
final class OverloadMeterTests: XCTestCase {
    private typealias Counts = OverloadMeter.Counts

    /// Feeds `seconds` of play, one sample a second: each tile shows `shown[i]` and drops
    /// `dropped[i]` frames per second.
    private func play(_ meter: inout OverloadMeter, from start: Int, seconds: Int, shown: [UInt64], dropped: [UInt64],
                      totals: inout [Counts]) -> [Bool] {
        (start..<(start + seconds)).map { second in
            for i in totals.indices {
                totals[i].shown += shown[i]
                totals[i].dropped += dropped[i]
            }
            return meter.sample(totals, at: .milliseconds(Int64(second + 1) * 1000))
        }
    }

    func testAMachineThatKeepsUpIsNeverOverloaded() {
        var meter = OverloadMeter()
        var totals = [Counts](repeating: Counts(shown: 0, dropped: 0), count: 4)
        _ = meter.sample(totals, at: .zero)
        // One frame in sixty dropped now and then is ordinary.
        let changes = play(&meter, from: 0, seconds: 10, shown: [60, 59, 60, 60], dropped: [0, 1, 0, 0], totals: &totals)
        XCTAssertFalse(changes.contains(true))
        XCTAssertNil(meter.overload)
        XCTAssertNil(meter.worst)
    }

    func testTheSlowestTileGivesTheFigureOnceTheWindowIsFull() {
        var meter = OverloadMeter()
        var totals = [Counts](repeating: Counts(shown: 0, dropped: 0), count: 3)
        _ = meter.sample(totals, at: .zero)
        let first = play(&meter, from: 0, seconds: 1, shown: [60, 14, 30], dropped: [0, 46, 30], totals: &totals)
        XCTAssertEqual(first, [false], "one second is not enough to tell")
        XCTAssertNil(meter.overload)
        let next = play(&meter, from: 1, seconds: 3, shown: [60, 14, 30], dropped: [0, 46, 30], totals: &totals)
        XCTAssertEqual(next, [true, false, false])
        XCTAssertEqual(meter.overload?.shownPerSecond ?? 0, 14, accuracy: 0.01)
        XCTAssertEqual(meter.overload?.duePerSecond ?? 0, 60, accuracy: 0.01)
        XCTAssertEqual(meter.overloadedTime, .milliseconds(4000), "the two seconds that gave the verdict, and two more")
    }

    func testTheFigureNamesTheSlowestTileAndKeepsWhatHoldsItBack() {
        var meter = OverloadMeter()
        var totals = [Counts](repeating: Counts(shown: 0, dropped: 0), count: 3)
        _ = meter.sample(totals, at: .zero)
        _ = play(&meter, from: 0, seconds: 2, shown: [60, 14, 30], dropped: [0, 46, 30], totals: &totals)
        XCTAssertEqual(meter.overload?.tile, 1)
        XCTAssertNil(meter.overload?.cause, "not looked at yet")
        meter.name(.link)
        _ = play(&meter, from: 2, seconds: 2, shown: [60, 14, 30], dropped: [0, 46, 30], totals: &totals)
        XCTAssertEqual(meter.overload?.cause, .link, "the same tile, still its link")
        XCTAssertEqual(meter.worst?.cause, .link)
        // Another tile becomes the slowest: what holds it back is not known yet.
        _ = play(&meter, from: 4, seconds: 3, shown: [60, 50, 10], dropped: [0, 10, 50], totals: &totals)
        XCTAssertEqual(meter.overload?.tile, 2)
        XCTAssertNil(meter.overload?.cause)
    }

    func testANetworkTileRecentlyShortOfDataIsHeldBackByItsLink() {
        XCTAssertEqual(OverloadCause.of(isNetwork: true, lastShort: .seconds(8), now: .seconds(10)), .link)
        XCTAssertEqual(OverloadCause.of(isNetwork: true, lastShort: .seconds(4), now: .seconds(10)), .decoding, "short long ago")
        XCTAssertEqual(OverloadCause.of(isNetwork: true, lastShort: nil, now: .seconds(10)), .decoding, "never short")
        XCTAssertEqual(OverloadCause.of(isNetwork: false, lastShort: .seconds(9), now: .seconds(10)), .decoding, "a local file")
    }

    func testItEndsOnlyWhenEveryTileKeepsUpClearlyAgain() {
        var meter = OverloadMeter()
        var totals = [Counts](repeating: Counts(shown: 0, dropped: 0), count: 2)
        _ = meter.sample(totals, at: .zero)
        _ = play(&meter, from: 0, seconds: 3, shown: [30, 20], dropped: [30, 40], totals: &totals)
        XCTAssertNotNil(meter.overload)
        // 95 % is not enough to leave (it is enough not to enter).
        _ = play(&meter, from: 3, seconds: 4, shown: [57, 57], dropped: [3, 3], totals: &totals)
        XCTAssertNotNil(meter.overload)
        let recovery = play(&meter, from: 7, seconds: 3, shown: [60, 60], dropped: [0, 0], totals: &totals)
        XCTAssertEqual(recovery.filter { $0 }.count, 1)
        XCTAssertNil(meter.overload)
        XCTAssertEqual(meter.worst?.shownPerSecond ?? 0, 20, accuracy: 0.01, "the worst figure is kept for the report")
    }

    func testAPauseOrSeekStartsTheWindowAgainAndHeldTilesAreNotSlow() {
        var meter = OverloadMeter()
        var totals = [Counts](repeating: Counts(shown: 0, dropped: 0), count: 2)
        _ = meter.sample(totals, at: .zero)
        _ = play(&meter, from: 0, seconds: 3, shown: [10, 10], dropped: [50, 50], totals: &totals)
        XCTAssertTrue(meter.reset(), "a reset ends the overload it interrupts")
        XCTAssertNil(meter.overload)
        _ = meter.sample(totals, at: .milliseconds(10_000))
        // A tile holding its last frame has nothing due: it is not a slow tile.
        _ = play(&meter, from: 10, seconds: 3, shown: [60, 0], dropped: [0, 0], totals: &totals)
        XCTAssertNil(meter.overload)
    }
}
