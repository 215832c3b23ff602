import Foundation
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Sources that do not answer: a FIFO whose `open()` blocks, one that opens and then sends
/// nothing, an HTTP server that sends headers and then nothing, a stream still connecting.
/// None of them may hold the wall, its stop, its report, or the exit.
final class SlowSourceTests: XCTestCase {
    private func clip() throws -> String {
        try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 150)) }
    }

    private func fifo() throws -> String {
        let path = TestClips.directory + "/fifo-\(UUID().uuidString).mp4"
        guard mkfifo(path, 0o644) == 0 else { throw XCTSkip("mkfifo \(path) failed") }
        return path
    }

    private func assertGoodTilePlayed(_ tile: [String: Any]?, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(tile?["state"] as? String, "playing", "\(tile ?? [:])", file: file, line: line)
        XCTAssertGreaterThan(tile?["framesRendered"] as? Int ?? 0, 20, "the good tile played: \(tile ?? [:])", file: file, line: line)
        XCTAssertNil(tile?["error"], file: file, line: line)
    }

    /// A FIFO with no writer: opening it blocks (as a file on a dead network mount does). The
    /// good tile plays, `--quit-after` fires, and the report names the FIFO's tile as not ready.
    func testSourceWhoseOpenBlocksDoesNotHoldTheWall() throws {
        let (good, fifo) = (try clip(), try fifo())
        let started = Date()
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--report", "-", good, fifo], timeout: 20)
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(started), 12)
        let report = try result.reportTiles()
        assertGoodTilePlayed(report.first)
        XCTAssertEqual(report.last?["state"] as? String, "loading", "\(report)")
        XCTAssertTrue((report.last?["error"] as? String ?? "").contains("not ready"), "\(report)")
        XCTAssertTrue((report.last?["error"] as? String ?? "").contains("opening the source did not finish"), "\(report)")
    }

    /// A FIFO with a writer that never writes: it opens, and its reading thread then waits for
    /// ever, so its pipeline cannot reach NULL. The program still ends, soon, with the report.
    func testSourceThatNeverDeliversDoesNotHoldTheExit() throws {
        let (good, fifo) = (try clip(), try fifo())
        // The silent writer: it opens the FIFO as soon as a reader has (O_NONBLOCK fails until
        // then) and keeps it open, writing nothing, until the test ends.
        let writer = SilentWriter(path: fifo)
        defer { writer.close() }
        let started = Date()
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--report", "-", good, fifo], timeout: 25)
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15)
        XCTAssertTrue(writer.opened, "the program opened the FIFO")
        let report = try result.reportTiles()
        assertGoodTilePlayed(report.first)
        XCTAssertTrue((report.last?["error"] as? String ?? "").contains("not ready"), "\(report)")
    }

    /// A stream still connecting when the wall stops (UDP that nobody sends to; an SRT caller
    /// with no listener) used to keep a streaming thread, and `gst_deinit` waited for it for ever.
    func testStoppingWhileATileIsStillConnectingEndsPromptly() throws {
        let good = try clip()
        let port = 20_000 + Int(getpid() % 10_000)
        for source in ["udp://127.0.0.1:\(port)", "srt://127.0.0.1:9"] {
            let started = Date()
            let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--report", "-", good, source], timeout: 15)
            XCTAssertLessThan(Date().timeIntervalSince(started), 8, "\(source): \(result.standardError)")
            XCTAssertLessThan(result.status, 3, "\(source): \(result.standardError)")
            let report = try result.reportTiles()
            XCTAssertEqual(report.count, 2, source)
            assertGoodTilePlayed(report.first)
        }
    }

    /// A live source nobody sends to (UDP) is "playing" from the start with no frame: after
    /// a few seconds the report says it was not ready and the status is 1, not 0.
    func testALiveSourceThatSendsNothingIsNotReportedAsPlayed() throws {
        let good = try clip()
        let port = 21_000 + Int(getpid() % 10_000)
        let result = try CommandRunner.run(["--headless", "--quit-after", "3", "--report", "-", good, "udp://127.0.0.1:\(port)"], timeout: 20)
        XCTAssertEqual(result.status, 1, result.standardError)
        let report = try result.reportTiles()
        assertGoodTilePlayed(report.first)
        XCTAssertTrue((report.last?["error"] as? String ?? "").contains("playing, but no frame arrived"), "\(report)")
    }

    /// An HTTP server that sends its headers and then nothing: the wall starts without that
    /// tile within the start bound (3 s after the first tile is ready), not after the
    /// network's 15 s timeout, and the report names it as not ready.
    func testWallStartsWithoutASourceThatSendsNothing() throws {
        let good = try clip()
        let server = try LoopbackHTTPServer(serving: TestClips.directory, stallAfter: 0, stallSeconds: 60)
        defer { server.terminate() }
        let started = Date()
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--report", "-", good, server.url(for: good)], timeout: 40)
        XCTAssertLessThan(Date().timeIntervalSince(started), 9, result.standardError)
        XCTAssertEqual(result.status, 1, result.standardError)
        let report = try result.reportTiles()
        assertGoodTilePlayed(report.first)
        XCTAssertTrue((report.last?["error"] as? String ?? "").contains("not ready"), "\(report)")
    }

    /// SIGTERM while the wall waits for that tile: the program stops at once, with the report.
    func testSignalWhileATileLoadsWritesTheReport() throws {
        let good = try clip()
        let server = try LoopbackHTTPServer(serving: TestClips.directory, stallAfter: 0, stallSeconds: 60)
        defer { server.terminate() }
        let started = Date()
        let result = try CommandRunner.run(["--headless", "--report", "-", good, server.url(for: good)], timeout: 40, signalAfter: 1.5)
        XCTAssertLessThan(Date().timeIntervalSince(started), 6, result.standardError)
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("videowall: stopping: SIGTERM"), result.standardError)
        let report = try result.reportTiles()
        XCTAssertEqual(report.count, 2)
        XCTAssertNil(report.first?["error"], "\(report)")
        XCTAssertTrue((report.last?["error"] as? String ?? "").contains("not ready"), "\(report)")
    }
}

/// Opens a FIFO for writing once a reader has it open, and holds it without writing.
final class SilentWriter: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var closed = false

    init(path: String) {
        Thread.detachNewThread { [self] in
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                lock.lock()
                if closed { lock.unlock(); return }
                let fd = open(path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { descriptor = fd; lock.unlock(); return }
                lock.unlock()
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    var opened: Bool { lock.lock(); defer { lock.unlock() }; return descriptor >= 0 }

    func close() {
        lock.lock(); defer { lock.unlock() }
        closed = true
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }
}
