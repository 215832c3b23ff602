import Foundation
import GStreamerKit
import VideoWallTestSupport
import XCTest

/// GStreamer's network clock over loopback: a client clock following a provider that serves
/// this machine's system clock reports itself synchronised, reads the same time within a
/// millisecond, and posts its statistics (round trip, offset) on the bus it was given.
final class NetworkClockTests: XCTestCase {
    func testAClientClockFollowsTheProviderAndSaysHowWell() throws {
        try onMainLoop(timeout: 30) {
            let system = try Clock.system()
            let port = try FreePort.udp()
            let provider = try NetworkTimeProvider(serving: system, address: "127.0.0.1", port: port)
            XCTAssertEqual(provider.port, port)
            let bus = try Bus.make()
            var statistics: [NetworkClockStatistics] = []
            let watch = try bus.addWatch { message in
                MainActor.assumeIsolated {
                    if case .networkClockStatistics(let figures) = message.kind { statistics.append(figures) }
                }
            }
            defer { watch.cancel() }
            let client = try Clock.networkClient(address: "127.0.0.1", port: port, bus: bus)
            let synced = await Task.detached { client.waitForSync(timeout: .seconds(10)) }.value
            XCTAssertTrue(synced, "synchronised within 10 s")
            XCTAssertTrue(client.isSynced)
            // The provider serves this machine's own clock: both read the same time.
            let apart = abs(Int64(client.time.nanoseconds) - Int64(system.time.nanoseconds))
            XCTAssertLessThan(apart, 1_000_000, "client and provider \(Double(apart) / 1e6) ms apart")
            let reported = await waitUntil(timeout: 5) { statistics.contains(where: \.synchronised) }
            XCTAssertTrue(reported, "statistics on the bus: \(statistics)")
            let last = try XCTUnwrap(statistics.last)
            XCTAssertGreaterThan(last.roundTripAverage, 0, "a round trip takes time")
            XCTAssertLessThan(last.roundTripAverage, 50_000_000, "over loopback, well under 50 ms")
            XCTAssertLessThan(abs(last.localClockOffset), 1_000_000)
        }
    }

    /// Its poll interval is set on the internal clock that makes the estimate (on the client
    /// clock itself it does nothing): once synchronised, one asked ten times a second answers
    /// about twenty times in 2 s, where GStreamer's own interval (1 s) gives two or three.
    func testAClientClockAsksAsOftenAsItIsTold() throws {
        try onMainLoop(timeout: 30) {
            let port = try FreePort.udp()
            let provider = try NetworkTimeProvider(serving: try Clock.system(), address: "127.0.0.1", port: port)
            let bus = try Bus.make()
            var answers = 0
            let watch = try bus.addWatch { message in
                MainActor.assumeIsolated { if case .networkClockStatistics = message.kind { answers += 1 } }
            }
            defer { watch.cancel() }
            let client = try Clock.networkClient(address: "127.0.0.1", port: port, bus: bus, pollInterval: .milliseconds(100), window: 128)
            let synced = await Task.detached { client.waitForSync(timeout: .seconds(10)) }.value
            XCTAssertTrue(synced, "synchronised within 10 s")
            // After the first answers (asked every 50 ms while they correlate badly).
            try await Task.sleep(for: .seconds(1))
            let before = answers
            try await Task.sleep(for: .seconds(2))
            XCTAssertGreaterThanOrEqual(answers - before, 12, "answers in 2 s at a 100 ms interval")
            XCTAssertLessThanOrEqual(answers - before, 45, "at most one per 50 ms (its minimum interval)")
            withExtendedLifetime(provider) {}
        }
    }

    func testAPortOutOfRangeIsRefused() throws {
        XCTAssertThrowsError(try NetworkTimeProvider(serving: try Clock.system(), port: 0))
        XCTAssertThrowsError(try Clock.networkClient(address: "127.0.0.1", port: 70000))
    }
}
