import Foundation
@testable import videowall
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Under systemd (`Type=notify`), the wall says READY=1 once it plays, pings the watchdog from
/// its live main loop, and says STOPPING=1 when it stops: real processes, a real datagram
/// socket standing in for systemd's.
final class SystemdNotifyTests: XCTestCase {
    private func clip() throws -> String {
        try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 150)) }
    }

    private func environment(_ listener: NotifySocketListener, watchdog: String) -> [String: String] {
        ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": watchdog]
    }

    func testReadyThenWatchdogPingsThenStopping() throws {
        let clip = try clip()
        let listener = try NotifySocketListener()
        let result = try CommandRunner.run(["--headless", "--quit-after", "3", clip],
                                           environment: environment(listener, watchdog: "400000"), timeout: 20)
        let datagrams = listener.finish()
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(datagrams.first?.text, "READY=1\nSTATUS=playing 1 tile", "READY comes first: \(datagrams.map(\.text))")
        XCTAssertEqual(datagrams.last?.text, "STOPPING=1", "STOPPING comes last: \(datagrams.map(\.text))")
        guard let ready = datagrams.first, let stopping = datagrams.last, datagrams.count > 2 else { return }
        // --quit-after counts from the start of play: READY said when the wall plays is about
        // 3 s before it stops (said at start-up it would be more, said at the end, none).
        XCTAssertEqual(stopping.time - ready.time, 3, accuracy: 0.25, "READY=1 at play, the process ran on")
        let pings = datagrams.dropFirst().dropLast()
        XCTAssertTrue(pings.allSatisfy { $0.text == "WATCHDOG=1" }, "\(datagrams.map(\.text))")
        // Every WATCHDOG_USEC / 2 = 0.2 s: about 15 in 3 s.
        XCTAssertGreaterThanOrEqual(pings.count, 10, "\(pings.count) pings")
        XCTAssertLessThanOrEqual(pings.count, 16, "\(pings.count) pings")
        let gaps = zip(pings.dropFirst(), pings).map { $0.time - $1.time }.sorted()
        XCTAssertEqual(gaps[gaps.count / 2], 0.2, accuracy: 0.05, "median gap between pings: \(gaps)")
        XCTAssertEqual(pings.first.map { $0.time - ready.time } ?? 0, 0.2, accuracy: 0.1, "the first ping follows READY")
    }

    /// READY=1 waits for the wall to play: here for the seconds the wall waits for a tile
    /// whose source never opens (a FIFO with no writer) before it plays the good tile alone.
    func testReadyWaitsUntilTheWallPlays() throws {
        let clip = try clip()
        let fifo = TestClips.directory + "/fifo-\(UUID().uuidString).mp4"
        guard mkfifo(fifo, 0o644) == 0 else { throw XCTSkip("mkfifo \(fifo) failed") }
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let launch = Suspension()  // only its clock: the moment the program started
        let listener = try NotifySocketListener()
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", clip, fifo],
                                           environment: environment(listener, watchdog: "400000"), timeout: 20,
                                           started: { _ in launch.markStart() })
        let datagrams = listener.finish()
        XCTAssertEqual(result.status, 1, "the FIFO's tile was not ready: \(result.standardError)")
        let ready = try XCTUnwrap(datagrams.first { $0.text.hasPrefix("READY=1") }, "\(datagrams.map(\.text))")
        let stopping = try XCTUnwrap(datagrams.last { $0.text == "STOPPING=1" }, "\(datagrams.map(\.text))")
        // The wall waits about 3 s; a READY=1 said before loading comes within a few tenths.
        XCTAssertGreaterThan(ready.time - (launch.startedAt ?? .infinity), 2, "READY=1 after the wait for the slow tile")
        XCTAssertEqual(stopping.time - ready.time, 1, accuracy: 0.25, "READY=1 at play, --quit-after 1 later")
    }

    /// A process that stands still sends nothing, and pings again as soon as it goes on.
    func testNoPingsWhileTheProcessIsStoppedAndPingsAgainAfter() throws {
        let clip = try clip()
        let suspension = Suspension()
        let listener = try NotifySocketListener { datagram in
            guard datagram.text.hasPrefix("READY=1") else { return }
            suspension.suspend(for: 1.5)
        }
        let result = try CommandRunner.run(["--headless", "--quit-after", "3", clip],
                                           environment: environment(listener, watchdog: "400000"), timeout: 20,
                                           started: { suspension.processID = $0 })
        let datagrams = listener.finish()
        XCTAssertEqual(result.status, 0, result.standardError)
        let (stopped, resumed) = try XCTUnwrap(suspension.window, "READY=1 arrived: \(datagrams.map(\.text))")
        let pings = datagrams.filter { $0.text == "WATCHDOG=1" }.map(\.time)
        // A ping sent just before SIGSTOP may be read a moment after it.
        XCTAssertEqual(pings.filter { $0 > stopped + 0.05 && $0 < resumed }, [], "no ping while stopped (\(stopped)...\(resumed)): \(pings)")
        let after = pings.filter { $0 >= resumed }
        XCTAssertGreaterThanOrEqual(after.count, 4, "pings again after SIGCONT: \(pings)")
        XCTAssertLessThan((after.first ?? .infinity) - resumed, 0.3, "the first ping comes at once after SIGCONT")
        XCTAssertEqual(datagrams.last?.text, "STOPPING=1")
    }

    /// A WATCHDOG_USEC that is not a number of microseconds is one line; the wall plays without
    /// pinging (systemd then restarts it, which the line explains).
    func testAMalformedWatchdogIntervalIsOneLineAndTheWallPlays() throws {
        let clip = try clip()
        let listener = try NotifySocketListener()
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", clip],
                                           environment: environment(listener, watchdog: "abc"), timeout: 20)
        let texts = listener.finish().map(\.text)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.errorLines.filter { $0.contains("WATCHDOG_USEC") },
                       ["videowall: warning: WATCHDOG_USEC must be a whole number of microseconds from 1 to 2592000000000 (30 days), got abc; no watchdog pings"],
                       result.standardError)
        XCTAssertEqual(texts, ["READY=1\nSTATUS=playing 1 tile", "STOPPING=1"])
    }

    // The checks of the environment, without a process.

    func testNothingIsSaidWithoutNotifySocket() {
        let (settings, problems) = SystemdNotifySettings.read(["WATCHDOG_USEC": "abc"], processID: 1)
        XCTAssertNil(settings)
        XCTAssertEqual(problems, [])
    }

    func testNotifySocketIsChecked() {
        let capacity = SystemdNotifySettings.socketNameCapacity
        let longestPath = "/" + String(repeating: "p", count: capacity - 2)
        let longestName = "@" + String(repeating: "a", count: capacity - 1)
        XCTAssertEqual(read(["NOTIFY_SOCKET": longestPath]).settings?.socket, .path(longestPath))
        XCTAssertEqual(read(["NOTIFY_SOCKET": longestName]).settings?.socket, .abstract(String(longestName.dropFirst())))
        for (value, reason) in [("", "is empty"), ("@", "names no abstract socket"), ("run/notify", "neither an absolute path"),
                                (longestPath + "p", "is \(capacity) bytes, longer than"), (longestName + "a", "is \(capacity + 1) bytes, longer than")] {
            let (settings, problems) = read(["NOTIFY_SOCKET": value])
            XCTAssertNil(settings, value)
            XCTAssertEqual(problems.count, 1, value)
            XCTAssertTrue(problems.first?.hasPrefix("NOTIFY_SOCKET: ") ?? false, "\(problems)")
            XCTAssertTrue(problems.first?.contains(reason) ?? false, "\(value): \(problems)")
        }
    }

    func testWatchdogIntervalIsRangeChecked() {
        XCTAssertEqual(read(["WATCHDOG_USEC": "400000"]).settings?.pingInterval, 0.2)
        XCTAssertEqual(read(["WATCHDOG_USEC": "2592000000000"]).settings?.pingInterval, 1_296_000)
        for value in ["abc", "-5", "0", "", " 400000", "2592000000001", "99999999999999999999"] {
            let (settings, problems) = read(["WATCHDOG_USEC": value])
            XCTAssertNotNil(settings, "a bad watchdog leaves the notifications on")
            XCTAssertNil(settings?.pingInterval, value)
            XCTAssertEqual(problems.count, 1, value)
            XCTAssertTrue(problems.first?.hasPrefix("WATCHDOG_USEC must be") ?? false, "\(problems)")
        }
    }

    func testWatchdogPidSaysWhoPings() {
        XCTAssertEqual(read(["WATCHDOG_USEC": "400000", "WATCHDOG_PID": "42"]).settings?.pingInterval, 0.2)
        let other = read(["WATCHDOG_USEC": "400000", "WATCHDOG_PID": "43"])
        XCTAssertNil(other.settings?.pingInterval, "another process pings")
        XCTAssertEqual(other.problems, [])
        let bad = read(["WATCHDOG_USEC": "400000", "WATCHDOG_PID": "x"])
        XCTAssertNil(bad.settings?.pingInterval)
        XCTAssertTrue(bad.problems.first?.hasPrefix("WATCHDOG_PID must be") ?? false, "\(bad.problems)")
    }

    private func read(_ extra: [String: String]) -> (settings: SystemdNotifySettings?, problems: [String]) {
        SystemdNotifySettings.read(["NOTIFY_SOCKET": "/run/user/1000/systemd/notify"].merging(extra) { $1 }, processID: 42)
    }

    /// The shipped unit is hardened: `systemd-analyze security` (systemd is one of the set-up's
    /// packages) rates its exposure 3.0 or lower (2.2 when written; the unit before hardening
    /// rated 9.6, "UNSAFE").
    func testTheShippedUnitIsHardened() throws {
        let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("packaging/videowall.service").path
        let analyze = Process()
        analyze.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        analyze.arguments = ["security", "--offline=true", "--threshold=30", unit]
        let output = Pipe()
        analyze.standardOutput = output
        analyze.standardError = output
        try analyze.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        analyze.waitUntilExit()
        XCTAssertEqual(analyze.terminationStatus, 0, text.split(separator: "\n").suffix(3).joined(separator: "\n"))
        XCTAssertTrue(text.contains("Overall exposure level"), text)
    }
}

/// SIGSTOP on the running program, SIGCONT `seconds` later, from the listener's thread; the
/// moments of both, on the listener's clock.
private final class Suspension: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: Int32 = 0
    private var stoppedAt: TimeInterval?
    private var resumedAt: TimeInterval?

    var processID: Int32 {
        get { lock.withLock { pid } }
        set { lock.withLock { pid = newValue } }
    }

    private var launchedAt: TimeInterval?

    func markStart() { lock.withLock { launchedAt = ProcessInfo.processInfo.systemUptime } }

    var startedAt: TimeInterval? { lock.withLock { launchedAt } }

    var window: (TimeInterval, TimeInterval)? {
        lock.withLock { stoppedAt.flatMap { stopped in resumedAt.map { (stopped, $0) } } }
    }

    func suspend(for seconds: TimeInterval) {
        let pid = processID
        guard pid > 0, lock.withLock({ stoppedAt == nil }) else { return }
        kill(pid, SIGSTOP)
        lock.withLock { stoppedAt = ProcessInfo.processInfo.systemUptime }
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            self.lock.withLock { self.resumedAt = ProcessInfo.processInfo.systemUptime }
            kill(pid, SIGCONT)
        }
    }
}
