import Foundation
import XCTest

/// Every number the command line takes is checked: finite and within its documented bounds,
/// or the run is refused up front with one line naming the option and exit status 64.
final class NumberOptionTests: XCTestCase {
    /// A file that is not there: a run that got past the checks would end at once with status 2.
    private let media = "/nonexistent/clip.mp4"

    /// `--quit-after 4294968` (or `inf`, `1e300`) died with SIGILL converting to GLib's 32-bit
    /// milliseconds; `nan` was taken and stopped the wall at once.
    func testQuitAfterOutsideItsBoundsIsRefused() throws {
        let values = ["4294968", "inf", "1e300", "nan", "0", "2592001", "-inf"]
        let runs = values.flatMap { value in [["--headless", "--quit-after=\(value)", media], ["demo", "--headless", "--quit-after=\(value)"]] }
        for (arguments, result) in zip(runs, try Self.runAtOnce(runs)) {
            let value = String(arguments.first { $0.hasPrefix("--quit-after=") }?.dropFirst("--quit-after=".count) ?? "")
            assertRefused(arguments, result, naming: "--quit-after", got: value == "1e300" ? "1e+300" : value)
        }
        let edge = try CommandRunner.run(["--headless", "--quit-after", "2592000", media])
        XCTAssertEqual(edge.status, 2, "30 days is allowed (the missing file ends the run): \(edge.standardError)")
    }

    func testEveryOtherNumberIsBounded() throws {
        let cases: [([String], String)] = [
            (["--max-tiles", "0", media], "--max-tiles"),
            (["--hwdec", "cuda", media], "--hwdec"),
            (["probe", "--hwdec", "yes", media], "--hwdec"),
            (["--image-duration", "0", media], "--image-duration"),
            (["--image-duration", "nan", media], "--image-duration"),
            (["--image-duration", "86401", media], "--image-duration"),
            (["--max-tiles", "17", media], "--max-tiles"),
            (["--monitor", "64", media], "--monitor"),
            (["--monitor=-1", media], "--monitor"),
            (["--display-wait", "3601", media], "--display-wait"),
            (["--display-wait", "nan", media], "--display-wait"),
            (["--display-wait=-1", media], "--display-wait"),
            (["--screenshot-at", "nan", "/tmp/a.png", media], "--screenshot-at"),
            (["--screenshot-at", "1e300", "/tmp/a.png", media], "--screenshot-at"),
            (["--screenshot-at=-1", "/tmp/a.png", media], "--screenshot-at"),
            (["probe", "--timeout", "inf", media], "--timeout"),
            (["probe", "--timeout", "0", media], "--timeout"),
            (["probe", "--timeout", "3601", media], "--timeout"),
            (["bench", "--tiles", "5"], "--tiles"),
            (["bench", "--cost-tiles", "0"], "--cost-tiles"),
            (["bench", "--fps", "0"], "--fps"),
            (["bench", "--fps", "241"], "--fps"),
            (["bench", "--seconds", "1"], "--seconds"),
            (["bench", "--seconds", "3601"], "--seconds"),
            (["bench", "--key-frame-interval", "61"], "--key-frame-interval"),
            (["bench", "--cost-seconds", "inf"], "--cost-seconds"),
            (["bench", "--cost-seconds", "nan"], "--cost-seconds"),
            (["bench", "--soak-seconds", "1e300"], "--soak-seconds"),
            (["bench", "--soak-seconds", "1"], "--soak-seconds"),
            (["bench", "--size", "99999999x64"], "--size"),
            (["bench", "--cost-size", "64x7681"], "--cost-size"),
            (["bench", "--size", "640x"], "--size"),
            (["--retry", "1001", media], "--retry"),
            (["--retry=-1", media], "--retry"),
            (["--retry", "forever", media], "--retry"),
            (["--input-ipc-server", String(repeating: "s", count: 108), media], "--input-ipc-server"),
            (["--offset", "1=3601", media], "--offset"),
            (["--offset", "1=inf", media], "--offset"),
            (["--offset", "1=nan", media], "--offset"),
            (["--offset", "0=1", media], "--offset"),
            (["--offset", "65=1", media], "--offset"),
            (["--offset", "1=360001f", media], "--offset"),
            (["--offset", "2=0.5", media], "--offset"),
        ]
        for ((arguments, option), result) in zip(cases, try Self.runAtOnce(cases.map(\.0))) {
            assertRefused(arguments, result, naming: option)
        }
    }

    /// A value the parser itself refuses (not a number at all) is one line too, with its
    /// escape sequences written out rather than sent to the terminal.
    func testParserRefusalsAreOneEscapedLine() throws {
        let result = try CommandRunner.run(["--max-tiles", "\u{1B}[31mred", media])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errorLines, [#"videowall: error: The value '\e[31mred' is invalid for '--max-tiles <max-tiles>' (see 'videowall play --help')"#])
        XCTAssertEqual(result.standardOutput, "")
    }

    /// Runs each list of arguments, four at a time (each run is a process that stops at its
    /// checks: a tenth of a second, mostly start-up), and gives their results in order.
    private static func runAtOnce(_ runs: [[String]]) throws -> [CommandRunner.Result] {
        try CommandRunner.atOnce(runs.count) { try CommandRunner.run(runs[$0], timeout: 20) }
    }

    private func assertRefused(_ arguments: [String], _ result: CommandRunner.Result, naming option: String, got value: String? = nil,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 64, "\(arguments): \(result.standardError)", file: file, line: line)
        XCTAssertEqual(result.errorLines.count, 1, "\(arguments): one line: \(result.standardError)", file: file, line: line)
        let message = result.errorLines.first ?? ""
        XCTAssertTrue(message.hasPrefix("videowall: error: \(option) "), "\(arguments): \(message)", file: file, line: line)
        if let value { XCTAssertTrue(message.contains("got \(value) "), "\(arguments): \(message)", file: file, line: line) }
    }
}
