import Foundation
import VideoWallTestSupport
import XCTest

/// A display that must exist (issue 25): a run whose DISPLAY names nothing, or a kiosk, never
/// plays headless: it waits `--display-wait` seconds for the display, then exits 3 with one
/// line naming the display and why it could not be opened.
final class DisplayWaitTests: XCTestCase {
    private func clip() throws -> String {
        try onMainLoop(timeout: 60) { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60)) }
    }

    /// A display number nothing listens on (no socket, no lock file), from `first` on: tests
    /// beside this one start their Xvfbs with `-displayfd`, which takes the lowest free numbers.
    private func freeDisplayNumber(from first: Int) throws -> Int {
        let files = FileManager.default
        return try XCTUnwrap((first..<first + 40).first {
            !files.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !files.fileExists(atPath: "/tmp/.X\($0)-lock")
        }, "no free display number")
    }

    private func errorLines(_ result: CommandRunner.Result) -> [String] {
        result.errorLines.filter { $0.hasPrefix("videowall: error:") }
    }

    func testAKioskWaitsForItsDisplayThenFailsNamingIt() throws {
        let media = try clip(), number = try freeDisplayNumber(from: 97)
        let started = Date()
        let result = try CommandRunner.run(["--kiosk", "--display-wait", "1", media], environment: ["DISPLAY": ":\(number)"],
                                           display: true, timeout: 20)
        let took = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 3, result.standardError)
        XCTAssertEqual(errorLines(result), ["videowall: error: cannot open the display: DISPLAY ':\(number)': no X server listens on :\(number) (waited 1 s)"],
                       result.standardError)
        XCTAssertEqual(result.errorLines.filter { $0.contains("waiting up to 1 s for the display") }.count, 1, "the wait is said once: \(result.standardError)")
        XCTAssertFalse(result.standardError.contains("headless"), result.standardError)
        XCTAssertGreaterThanOrEqual(took, 1)
        XCTAssertLessThan(took, 6, "it gives up after its wait")
    }

    func testAnOrdinaryRunWithAMissingDisplayFailsAtOnce() throws {
        let media = try clip(), number = try freeDisplayNumber(from: 97)
        let started = Date()
        let result = try CommandRunner.run(["--quit-after", "1", media], environment: ["DISPLAY": ":\(number)"], display: true, timeout: 20)
        XCTAssertEqual(result.status, 3, result.standardError)
        XCTAssertEqual(result.errorLines, ["videowall: error: cannot open the display: DISPLAY ':\(number)': no X server listens on :\(number)"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "no wait by default")
    }

    func testAScreenOptionWithoutAnyDisplayVariableFails() throws {
        let media = try clip()
        let kiosk = try CommandRunner.run(["--kiosk", "--quit-after", "1", media], timeout: 20)
        XCTAssertEqual(kiosk.status, 3, kiosk.standardError)
        XCTAssertEqual(kiosk.errorLines, ["videowall: error: --kiosk needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set"])
        // Without a display variable and without a screen option: headless, as before.
        let plain = try CommandRunner.run(["--quit-after", "0.5", media], timeout: 20)
        XCTAssertEqual(plain.status, 0, plain.standardError)
        XCTAssertEqual(plain.errorLines.first, "videowall: no display: playing headless")
    }

    func testAStopSignalEndsTheWait() throws {
        let media = try clip(), number = try freeDisplayNumber(from: 97)
        let started = Date()
        let result = try CommandRunner.run(["--kiosk", media], environment: ["DISPLAY": ":\(number)"], display: true,
                                           timeout: 20, signalAfter: 1)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.errorLines.contains("videowall: stopping: SIGTERM, while waiting for the display"), result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "not the kiosk's 30 s")
    }

    /// The display comes 1.5 s after the wall started: the wall opens its window then and plays.
    func testAWaitThatSucceedsPlaysInTheWindow() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { throw XCTSkip("Xvfb is not installed") }
        let media = try clip(), number = try freeDisplayNumber(from: 171)
        // Started from this thread, late by a shell's sleep (a Process run from another thread
        // was never seen to exit by waitUntilExit here).
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/bin/sh")
        xvfb.arguments = ["-c", "sleep 1.5; exec /usr/bin/Xvfb :\(number) -screen 0 640x480x24 -nolisten tcp"]
        xvfb.standardOutput = FileHandle.nullDevice
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        defer { xvfb.terminate(); xvfb.waitUntilExit() }
        let result = try CommandRunner.run(["--display-wait", "10", "--quit-after", "1", "--report", "-", media],
                                           environment: ["DISPLAY": ":\(number)"], display: true, timeout: 40)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.errorLines.contains("videowall: waiting up to 10 s for the display (DISPLAY ':\(number)': no X server listens on :\(number))"),
                      result.standardError)
        XCTAssertTrue(result.errorLines.contains { $0.hasPrefix("videowall: the display opened after ") }, result.standardError)
        let tiles = try result.reportTiles()
        XCTAssertGreaterThan(tiles.first?["framesRendered"] as? Int ?? 0, 15, "it played in the window: \(tiles)")
        XCTAssertNil(tiles.first?["error"], "\(tiles)")
    }
}
