@testable import VideoWallEngine
import GStreamerKit
import XCTest

/// A sink zeroes its counts at a flush, a segment and a state change; the player carries them
/// over. Carried once, never twice, when a segment's carry lands between the two reads around
/// a state change.
final class CarriedStatisticsTests: XCTestCase {
    func testAStateChangeDoesNotCarryWhatASegmentCarriedMeanwhile() {
        let carried = CarriedStatistics()
        // Read before the state change: 40 shown.
        let before = SinkStatistics(rendered: 40, dropped: 1)
        let generation = carried.generation
        // Meanwhile a segment arrives: the probe carries the sink's 42 and the sink zeroes.
        carried.add(SinkStatistics(rendered: 42, dropped: 1))
        // After the state change the sink reads 0 < 40: already carried, not again.
        XCTAssertFalse(carried.add(before, unlessCarriedSince: generation))
        XCTAssertEqual(carried.total(adding: SinkStatistics(rendered: 3, dropped: 0)), SinkStatistics(rendered: 45, dropped: 1))
    }

    func testAStateChangeAloneCarriesItsCounts() {
        let carried = CarriedStatistics()
        carried.add(SinkStatistics(rendered: 10, dropped: 0))
        let generation = carried.generation
        XCTAssertTrue(carried.add(SinkStatistics(rendered: 25, dropped: 2), unlessCarriedSince: generation))
        XCTAssertEqual(carried.total(adding: SinkStatistics(rendered: 0, dropped: 0)), SinkStatistics(rendered: 35, dropped: 2))
    }
}
