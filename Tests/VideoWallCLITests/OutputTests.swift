import VideoWallProtocol
import Foundation
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// An output that was asked for is written, or the run says so and exits 4; a combination that
/// could never produce it is refused before anything plays.
final class OutputTests: XCTestCase {
    private func clip() throws -> String {
        try onMainLoop { try await TestClips.clip(TestClips.landscape) }
    }

    private func report(_ text: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return try XCTUnwrap(object?["tiles"] as? [[String: Any]], "report: \(text)")
    }

    /// `--report /nonexistent/dir/r.json` played, lost the report and exited 0.
    func testAReportThatCannotBeWrittenIsRefusedOrCountsAsLost() throws {
        let clip = try clip()
        let typo = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--report", "/nonexistent/dir/r.json", clip])
        XCTAssertEqual(typo.status, 64, typo.standardError)
        XCTAssertEqual(typo.errorLines, ["videowall: error: --report /nonexistent/dir/r.json: there is no folder /nonexistent/dir (see 'videowall play --help')"])
        let isFolder = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--report", NSTemporaryDirectory(), clip])
        XCTAssertEqual(isFolder.status, 64, isFolder.standardError)

        // The folder is there at the start and gone at the end: the report is lost, status 4.
        let folder = vanishingFolder(after: 0.8)
        let lost = try CommandRunner.run(["--headless", "--quit-after", "2", "--report", folder + "/r.json", clip])
        XCTAssertEqual(lost.status, 4, lost.standardError)
        XCTAssertTrue(lost.errorLines.contains { $0.hasPrefix("videowall: error: --report \(folder)/r.json: cannot write the report: ") }, lost.standardError)
    }

    /// A new folder of the test's own, removed `seconds` from now: a write into it that was
    /// possible at the start fails at the end. (Not /dev/full: as root, a failed screenshot
    /// save unlinks its path, device node or not.)
    private func vanishingFolder(after seconds: Double) -> String {
        let folder = TestClips.directory + "/vanishing-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    /// `--screenshot-at` was ignored in headless mode and past `--quit-after`, and a second one
    /// turned its words into media sources.
    func testScreenshotsTheRunCannotTakeAreRefusedUpFront() throws {
        let clip = try clip(), png = TestClips.directory + "/never.png"
        let cases: [([String], String)] = [
            (["--headless", "--quit-after", "1", "--screenshot-at", "0.5", png, clip],
             "videowall: error: --screenshot-at needs a window: it cannot be used with --headless (see 'videowall play --help')"),
            (["--quit-after", "1", "--screenshot-at", "2", png, clip],
             "videowall: error: --screenshot-at 2 is not before --quit-after 1: the wall would stop first (see 'videowall play --help')"),
            (["--quit-after", "2", "--screenshot-at", "0.5", png, "--screenshot-at", "1", png, clip],
             "videowall: error: --screenshot-at may be given only once (see 'videowall play --help')"),
            (["--quit-after", "2", "--screenshot-at", "0.5", "/nonexistent/dir/wall.png", clip],
             "videowall: error: --screenshot-at 0.5 /nonexistent/dir/wall.png: there is no folder /nonexistent/dir (see 'videowall play --help')"),
            (["--quit-after", "2", "--screenshot-at", "0.5", "/dev/null", clip],
             "videowall: error: --screenshot-at 0.5 /dev/null: is not a regular file (see 'videowall play --help')"),
            (["demo", "--headless", "--screenshot-at", "0.5", png],
             "videowall: error: --screenshot-at needs a window: it cannot be used with --headless (see 'videowall demo --help')"),
            (["--headless", "--fullscreen", clip],
             "videowall: error: --fullscreen needs a window: it cannot be used with --headless (see 'videowall play --help')"),
            (["--headless", "--monitor", "0", clip],
             "videowall: error: --monitor needs a window: it cannot be used with --headless (see 'videowall play --help')"),
        ]
        for (arguments, expected) in cases {
            let result = try CommandRunner.run(arguments, timeout: 20)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.errorLines, [expected], "\(arguments)")
        }
        // The usage no longer offers the option as repeatable.
        for command in ["play", "demo"] {
            let help = try CommandRunner.run([command, "--help"]).standardOutput
            XCTAssertTrue(help.contains("[--screenshot-at <seconds> <path>]"), help)
            XCTAssertFalse(help.contains("<seconds path> ..."), help)
        }
        // Without a display the run falls back to headless, where a screenshot cannot be taken.
        let noDisplay = try CommandRunner.run(["--quit-after", "1", "--screenshot-at", "0.5", png, clip], timeout: 20)
        XCTAssertEqual(noDisplay.status, 3, noDisplay.standardError)
        XCTAssertEqual(noDisplay.errorLines, ["videowall: error: --screenshot-at needs a window, and there is no display"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: png))
    }

    /// A screenshot that failed to save, or that the wall stopped before, exited 0.
    func testAScreenshotNotTakenExitsFour() throws {
        let display = try VirtualDisplay.ensure()
        let clip = try clip()
        let folder = vanishingFolder(after: 0.8)
        let failed = try CommandRunner.run(["--quit-after", "3", "--loop", "--screenshot-at", "1.5", folder + "/wall.png", clip],
                                           environment: ["DISPLAY": display], display: true)
        XCTAssertEqual(failed.status, 4, failed.standardError)
        XCTAssertTrue(failed.errorLines.contains { $0.hasPrefix("videowall: error: --screenshot-at 1.5: \(folder)/wall.png: cannot save the screenshot: ") },
                      failed.standardError)

        let png = TestClips.directory + "/later-\(UUID().uuidString).png"
        // Looping, so the wall never ends (an ended wall takes its screenshot at the end).
        let stopped = try CommandRunner.run(["--loop", "--screenshot-at", "60", png, clip], environment: ["DISPLAY": display], display: true,
                                            signalAfter: 1.5)
        XCTAssertEqual(stopped.status, 4, stopped.standardError)
        XCTAssertTrue(stopped.errorLines.contains { $0.hasPrefix("videowall: error: --screenshot-at 60: no screenshot taken: the wall stopped at 00:00:0") },
                      stopped.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: png))
    }

    /// A FIFO planted where the screenshot goes once the wall runs (nobody reads it: an open()
    /// for writing would never return, and gave up after 5 s) is replaced by the picture,
    /// written aside and renamed: the wall never opens it, and exits on time with it saved.
    func testAScreenshotPathHoldingAFIFOIsReplacedNotOpened() throws {
        let display = try VirtualDisplay.ensure()
        let clip = try clip()
        let path = TestClips.directory + "/fifo-\(UUID().uuidString).png"
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { _ = mkfifo(path, 0o600) }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let started = Date()
        let result = try CommandRunner.run(["--loop", "--quit-after", "2", "--screenshot-at", "1", path, "--report", "-", clip],
                                           environment: ["DISPLAY": display], display: true, timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the FIFO held nothing")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        XCTAssertNoThrow(try result.reportTiles(), "the report is written")
    }

    /// `--headless` ignored `--layout`: a missing or broken layout exited 0, so no layout could
    /// be checked in CI. Now it is read, checked and played headless too.
    func testHeadlessRunsCheckAndPlayTheLayout() throws {
        let clip = try clip()
        let missing = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--layout", "no-such-layout", clip])
        XCTAssertEqual(missing.status, 64, missing.standardError)
        XCTAssertEqual(missing.errorLines.count, 1, missing.standardError)
        XCTAssertTrue(missing.standardError.hasPrefix("videowall: error: no-such-layout: no layout named 'no-such-layout'"), missing.standardError)

        let broken = TestClips.file(named: "headless-broken.yaml", contents: Data("regions:\n  - x: 0\n    y: 0\n    widht: 1\n    height: 1\n".utf8))
        let refused = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--layout", broken, clip])
        XCTAssertEqual(refused.status, 64, refused.standardError)
        XCTAssertEqual(refused.errorLines.count, 1, refused.standardError)
        XCTAssertTrue(refused.standardError.hasPrefix("videowall: error: \(broken):4: region 1: unknown key 'widht'"), refused.standardError)

        let tooMany = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--layout", "single", clip, clip])
        XCTAssertEqual(tooMany.status, 64, tooMany.standardError)
        XCTAssertTrue(tooMany.standardError.contains("2 sources but layout 'single' has 1 region"), tooMany.standardError)

        // A layout's own source and its region's loop apply headless: two tiles from one source
        // on the command line, the second looping by itself.
        let short = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15)) }
        let layout = TestClips.file(named: "headless-own-source.yaml", contents: Data("""
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1}
              - {x: 0.5, y: 0, width: 0.5, height: 1, source: "\(short)", loop: true}
            """.utf8))
        let played = try CommandRunner.run(["--headless", "--quit-after", "1.2", "--report", "-", "--layout", layout, clip])
        XCTAssertEqual(played.status, 0, played.standardError)
        let tiles = try report(played.standardOutput)
        XCTAssertEqual(tiles.map { $0["source"] as? String }, [clip, short])
        XCTAssertGreaterThanOrEqual(tiles.last?["loops"] as? Int ?? 0, 1, "the region loops by itself: \(tiles)")
    }

    /// Of `--kiosk`, looping is what applies without a window.
    /// `--ab-loop-a 1 --ab-loop-b 2`: headless, each tile stays between A and B and goes round.
    func testTheABLoopHoldsHeadless() throws {
        let clip = try clip()
        let run = try CommandRunner.run(["--headless", "--quit-after", "3.5", "--ab-loop-a", "1", "--ab-loop-b", "2", "--report", "-", clip, clip])
        XCTAssertEqual(run.status, 0, run.standardError)
        for tile in try run.reportTiles() {
            let position = try XCTUnwrap(tile["position"] as? Double)
            XCTAssertTrue((1.0..<2.0).contains(position), "inside the loop: \(position)")
            XCTAssertGreaterThanOrEqual(tile["loops"] as? Int ?? 0, 2, "\(tile)")
        }
        let refused = try CommandRunner.run(["--headless", "--ab-loop-a", "2", "--ab-loop-b", "1", clip])
        XCTAssertEqual(refused.status, 64, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("--ab-loop-b 1 must be after --ab-loop-a 2"), refused.standardError)
    }

    func testKioskLoopsHeadless() throws {
        let short = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15)) }
        let result = try CommandRunner.run(["--headless", "--kiosk", "--quit-after", "1.2", "--report", "-", short])
        XCTAssertEqual(result.status, 0, result.standardError)
        let tile = try XCTUnwrap(try report(result.standardOutput).first)
        XCTAssertEqual(tile["loops"] as? Int, 2, "wrapped at 0.5 and 1 s: \(tile)")
    }
}
