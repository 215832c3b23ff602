import Foundation
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// What the program echoes of its input (a layout's content, a file or source name) reaches
/// the terminal on one line, escaped and short; a layout the window could not survive is
/// refused with one line naming the file and line, windowed and headless alike.
final class EchoTests: XCTestCase {
    private static let escape = UInt8(0x1B)

    private func clip() throws -> String {
        try onMainLoop { try await TestClips.clip(TestClips.landscape) }
    }

    /// `--layout /etc/passwd` printed the whole file.
    func testALayoutThatIsNotOneIsQuotedOnOneShortLine() throws {
        let display = try VirtualDisplay.ensure()
        let clip = try clip()
        let passwd = TestClips.file(named: "passwd", contents: Data((0..<30).map {
            "user\($0):x:\(1000 + $0):\(1000 + $0):User \($0),,,:/home/user\($0):/bin/bash\n"
        }.joined().utf8))
        let result = try CommandRunner.run(["--quit-after", "1", "--layout", passwd, clip], environment: ["DISPLAY": display], display: true)
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertEqual(result.errorLines.count, 1, result.standardError)
        let line = result.errorLines.first ?? ""
        XCTAssertTrue(line.hasPrefix("videowall: error: \(passwd):1: expected keys like 'name:', got 'user0:x:1000:1000:User 0,,,:/home/user0:/bin/bash u…"), line)
        XCTAssertLessThan(line.count, 200, line)
        XCTAssertFalse(line.contains("user15"), "the middle of the file is not printed: \(line)")
    }

    /// Raw escape sequences in a layout reached the terminal, in a value and in a key.
    func testEscapeSequencesInALayoutAreWrittenOut() throws {
        let clip = try clip()
        let layout = TestClips.file(named: "escapes.yaml", contents: Data(
            "regions:\n  - {x: 0, y: 0, width: 1, height: 1, fit: \"\\e]0;owned\\a\\e[2J\"}\n".utf8))
        let result = try CommandRunner.run(["--headless", "--quit-after", "0.3", "--layout", layout, clip])
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertFalse(Data(result.standardError.utf8).contains(Self.escape), result.standardError.debugDescription)
        XCTAssertEqual(result.errorLines, [#"videowall: error: \#(layout):2: region 1: 'fit' must be one of fit, fill, stretch, got '\e]0;owned\x07\e[2J'"#])
    }

    /// A source named with escape sequences and line breaks printed them raw in its error
    /// and summary lines; a very long one printed whole.
    func testSourceNamesAreEscapedAndShortened() throws {
        let evil = TestClips.directory + "/\u{1B}[31mred\nsecond line.mp4"
        let long = TestClips.directory + "/" + String(repeating: "very-long-name-", count: 30) + "end.mp4"
        let result = try CommandRunner.run(["--headless", "--quit-after", "0.3", evil, long])
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertFalse(Data(result.standardError.utf8).contains(Self.escape), result.standardError.debugDescription)
        let escaped = TestClips.directory + #"/\e[31mred\nsecond line.mp4"#
        XCTAssertTrue(result.errorLines.contains("videowall: error: tile 1: \(escaped): file not found"), result.standardError)
        XCTAssertTrue(result.errorLines.contains("videowall: summary: tile 1: \(escaped): failed: file not found"), result.standardError)
        let longLines = result.errorLines.filter { $0.contains("very-long-name") }
        XCTAssertEqual(longLines.count, 2, result.standardError)
        for line in longLines {
            XCTAssertTrue(line.contains("…") && line.contains("end.mp4: "), line)
            XCTAssertLessThan(line.count, 250, line)
        }
    }

    /// `gap: 4294967296` was accepted and the window died converting it (SIGILL); 5000 nested
    /// mappings overflowed the YAML composer's stack (SIGSEGV). Both are refused, with the
    /// line, before a window opens; and the same headless.
    func testLayoutsTheWindowCouldNotSurviveAreRefused() throws {
        let display = try VirtualDisplay.ensure()
        let clip = try clip()
        let gap = TestClips.file(named: "huge-gap.yaml", contents: Data(
            "name: huge\ngap: 4294967296\nregions:\n  - {x: 0, y: 0, width: 0.5, height: 1}\n  - {x: 0.5, y: 0, width: 0.5, height: 1}\n".utf8))
        let deep = TestClips.file(named: "deep.yaml", contents: Data(
            ("regions: " + String(repeating: "{a: ", count: 5000) + "1" + String(repeating: "}", count: 5000) + "\n").utf8))
        let cases = [(gap, "videowall: error: \(gap):2: 'gap' must be a whole number from 0 to 1000 pixels, got '4294967296'"),
                     (deep, "videowall: error: \(deep):1: lists and mappings are nested more than 32 deep (a layout needs 3: the file, 'regions', a region)")]
        for (layout, expected) in cases {
            for (arguments, windowed) in [(["--quit-after", "1", "--layout", layout, clip, clip], true),
                                          (["--headless", "--quit-after", "1", "--layout", layout, clip, clip], false)] {
                let result = try CommandRunner.run(arguments, environment: windowed ? ["DISPLAY": display] : [:], display: windowed)
                XCTAssertEqual(result.status, 64, "\(arguments): \(result.standardError)")
                XCTAssertEqual(result.errorLines, [expected], "\(arguments)")
            }
        }
    }
}
