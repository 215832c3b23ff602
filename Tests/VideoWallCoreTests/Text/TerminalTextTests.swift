import VideoWallCore
import XCTest

final class TerminalTextTests: XCTestCase {
    func testPrintableTextIsKeptAsItIs() {
        XCTAssertEqual(TerminalText.escaped("/srv/clips/Before – été.mp4"), "/srv/clips/Before – été.mp4")
        XCTAssertEqual(TerminalText.escaped(#"C:\clips"#), #"C:\clips"#, "backslashes are not doubled")
        XCTAssertEqual(TerminalText.quoted("abc"), "'abc'")
    }

    func testLineBreaksAndTerminalEscapesAreWrittenOut() {
        XCTAssertEqual(TerminalText.escaped("a\nb\r\nc\td"), #"a\nb\r\nc\td"#)
        XCTAssertEqual(TerminalText.escaped("\u{1B}[31mred\u{1B}]0;title\u{07}"), #"\e[31mred\e]0;title\x07"#)
        XCTAssertEqual(TerminalText.escaped("nul\u{0}del\u{7F}"), #"nul\x00del\x7f"#)
        // C1 controls (8-bit CSI), bidirectional overrides and Unicode line separators.
        XCTAssertEqual(TerminalText.escaped("a\u{9B}31m"), #"a\u{9b}31m"#)
        XCTAssertEqual(TerminalText.escaped("evil\u{202E}4pm.exe"), #"evil\u{202e}4pm.exe"#)
        XCTAssertEqual(TerminalText.escaped("one\u{2028}two\u{2029}"), #"one\u{2028}two\u{2029}"#)
    }

    func testNoControlCharacterSurvivesAnyInput() {
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<200 {
            let scalars = (0..<40).compactMap { _ in Unicode.Scalar(UInt32.random(in: 0...0x30FF, using: &generator)) }
            let text = String(String.UnicodeScalarView(scalars))
            for output in [TerminalText.escaped(text), TerminalText.shortened(text), TerminalText.quoted(text)] {
                XCTAssertFalse(output.unicodeScalars.contains(where: TerminalTextTests.isUnprintable), output.debugDescription)
            }
        }
    }

    func testLongTextKeepsItsStartAndEnd() {
        let file = String(repeating: "root:x:0:0:root:/root:/bin/bash\n", count: 40)
        let short = TerminalText.shortened(file)
        XCTAssertEqual(short.count, 80)
        XCTAssertTrue(short.hasPrefix(#"root:x:0:0:root:/root:/bin/bash\nroot:"#), short)
        XCTAssertTrue(short.hasSuffix(#"/bin/bash\n"#), short)
        XCTAssertEqual(short.filter { $0 == "…" }.count, 1)
        XCTAssertEqual(TerminalText.quoted(file).count, 80, "the quotes count too")
        XCTAssertEqual(TerminalText.shortened(String(repeating: "a", count: 80)), String(repeating: "a", count: 80))
        XCTAssertEqual(TerminalText.shortened("abcdef", limit: 1), "…")
    }

    /// An escape is one piece: a cut never leaves half of one ("\" and then the ellipsis).
    func testACutNeverSplitsAnEscape() {
        let text = String(repeating: "\u{1B}", count: 100)
        let short = TerminalText.shortened(text, limit: 11)
        XCTAssertEqual(short, #"\e\e\e…\e\e"#)
    }

    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
