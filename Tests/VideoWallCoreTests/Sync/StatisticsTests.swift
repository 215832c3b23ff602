import Foundation
import XCTest
@testable import VideoWallCore

final class StatisticsTests: XCTestCase {
    func testNearestRankByHand() throws {
        let cases: [([Double], Percentiles)] = [
            // n = 5: p50 rank ceil(2.5) = 3, p99 rank ceil(4.95) = 5.
            ([40, 15, 50, 35, 20], Percentiles(count: 5, p50: 35, p99: 50, max: 50, min: 15, mean: 32)),
            // n = 100: p50 rank 50, p99 rank 99.
            ((1...100).map(Double.init), Percentiles(count: 100, p50: 50, p99: 99, max: 100, min: 1, mean: 50.5)),
            ([7], Percentiles(count: 1, p50: 7, p99: 7, max: 7, min: 7, mean: 7)),
            // n = 4: p50 rank 2 (no interpolation between 2 and 3).
            ([4, 1, 3, 2], Percentiles(count: 4, p50: 2, p99: 4, max: 4, min: 1, mean: 2.5)),
            // Non-finite samples are dropped: n = 2, p50 rank 1, p99 rank 2.
            ([1, .nan, 3, .infinity], Percentiles(count: 2, p50: 1, p99: 3, max: 3, min: 1, mean: 2)),
            ([-2, -8], Percentiles(count: 2, p50: -8, p99: -2, max: -2, min: -8, mean: -5)),
        ]
        for (values, expected) in cases {
            XCTAssertEqual(Percentiles.of(values), expected, "\(values)")
        }
        XCTAssertNil(Percentiles.of([]))
        XCTAssertNil(Percentiles.of([.nan]))
    }

    func testCodableRoundTrip() throws {
        let stats = try XCTUnwrap(Percentiles.of([1, 2, 3]))
        let decoded = try JSONDecoder().decode(Percentiles.self, from: JSONEncoder().encode(stats))
        XCTAssertEqual(decoded, stats)
    }

    func testSpread() {
        let cases: [([Double], Double?)] = [([3, -1, 2], 4), ([5], 0), ([], nil), ([.nan, 1, 2.5], 1.5)]
        for (values, expected) in cases {
            XCTAssertEqual(Spread.ofSamples(values), expected, "\(values)")
        }
    }
}

final class TrendTests: XCTestCase {
    func testSlopeOfALineAndOfNoise() throws {
        // 2 MB a minute, sampled every 10 s.
        let times = stride(from: 0.0, through: 60, by: 10).map { $0 }
        XCTAssertEqual(try XCTUnwrap(Trend.slope(times: times, values: times.map { 100 + $0 / 30 })), 1.0 / 30, accuracy: 1e-12)
        // Flat with alternating noise: no growth.
        XCTAssertEqual(try XCTUnwrap(Trend.slope(times: [0, 1, 2, 3], values: [5, 6, 6, 5])), 0, accuracy: 1e-12)
        XCTAssertNil(Trend.slope(times: [1], values: [1]))
        XCTAssertNil(Trend.slope(times: [2, 2], values: [1, 3]), "no spread in time")
        XCTAssertNil(Trend.slope(times: [0, 1], values: [1]))
    }
}
