@testable import VideoWallBench
import XCTest

/// Memory growth is extrapolated to an hour only from a soak long enough to tell a trend from
/// the scatter of single readings.
final class MemoryGrowthTests: XCTestCase {
    /// Sample times as the soak takes them: twenty readings over the run, the first left out.
    private func times(soakSeconds: Double) -> [Double] {
        (2...20).map { Double($0) * soakSeconds / 20 }
    }

    func testFourSecondSoakIsTooShortToTell() {
        let times = times(soakSeconds: 4)
        // The start-up climb of a quick run: 40 MB in 4 s, which would read as +36,000 MB per hour.
        let growth = MemoryGrowth.measure(times: times, residentMB: times.map { 100 + 10 * $0 })
        XCTAssertNil(growth.megabytesPerHour)
        XCTAssertTrue(growth.summary.hasPrefix("too short to tell: 4 s of samples"), growth.summary)
    }

    func testFiveMinuteSoakGivesTheTrendThroughTheScatter() {
        let times = times(soakSeconds: 300)
        // 12 MB per hour, with readings alternately 2 MB above and below the line.
        let resident = times.enumerated().map { 110 + $1 * 12 / 3600 + ($0.isMultiple(of: 2) ? 2 : -2) }
        let growth = MemoryGrowth.measure(times: times, residentMB: resident)
        XCTAssertEqual(growth.megabytesPerHour ?? 0, 12, accuracy: 6)
        XCTAssertEqual(growth.summary, String(format: "%+.1f MB per hour", growth.megabytesPerHour ?? 0))
    }
}
