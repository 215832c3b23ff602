import Foundation
import XCTest
@testable import VideoWallCore

/// Every number a layout gives has a range, and what cannot be a layout (too deep, too large,
/// not text) is refused with one line naming the file and line, before it reaches the window or
/// the YAML composer.
final class LayoutBoundsTests: XCTestCase {
    private let region = "  - x: 0\n    y: 0\n    width: 1\n    height: 1\n"

    private func refusal(_ yaml: String, file: String = "wall.yaml") -> String? {
        do {
            _ = try LayoutParser.parse(yaml: yaml, sourceName: file)
            return nil
        } catch {
            return error.description
        }
    }

    /// `gap: 4294967296` was accepted, and the window crashed converting it to a 32-bit size.
    func testNumbersOutsideTheirRangeAreRefusedWithTheLine() {
        let cases: [(String, String)] = [
            ("gap: 4294967296\nregions:\n" + region,
             "wall.yaml:1: 'gap' must be a whole number from 0 to 1000 pixels, got '4294967296'"),
            ("gap: 1001\nregions:\n" + region,
             "wall.yaml:1: 'gap' must be a whole number from 0 to 1000 pixels, got '1001'"),
            ("gap: 99999999999999999999999\nregions:\n" + region,
             "wall.yaml:1: 'gap' must be a whole number from 0 to 1000 pixels, got '99999999999999999999999'"),
            ("regions:\n" + region + "    z: 9223372036854775807\n",
             "wall.yaml:6: region 1: 'z' must be a whole number from -1000 to 1000, got '9223372036854775807'"),
            ("regions:\n" + region + "    source: 17\n",
             "wall.yaml:6: region 1: 'source' must be a source number from 1 to 16 (sources are numbered from 1), got '17'"),
            ("regions:\n" + region + "    volume: .nan\n",
             "wall.yaml:6: region 1: 'volume' must be a number, got '.nan'"),
            ("regions:\n  - {x: 0, y: 0, width: .inf, height: 1}\n",
             "wall.yaml:2: region 1: 'width' must be a number, got '.inf'"),
            ("regions:\n  - {x: 1e300, y: 0, width: 1, height: 1}\n",
             "wall.yaml:2: region 1: 'x' must be between 0 and 1, got 1e+300"),
        ]
        for (yaml, expected) in cases {
            XCTAssertEqual(refusal(yaml), expected, yaml)
        }
        XCTAssertEqual(try LayoutParser.parse(yaml: "gap: 1000\nregions:\n" + region + "    z: -1000\n    source: 16\n",
                                              sourceName: "w.yaml").gap, 1000, "the bounds themselves are accepted")
    }

    /// YAML 1.1 reads `1:30` as a base-60 integer, and Yams multiplies it out with trapping
    /// arithmetic: these crashed the program before they were refused.
    func testBaseSixtyIntegersAreRefusedNotMultipliedOut() {
        for value in ["9223372036854775807:59", "1:2:3:4:5:6:7:8:9:10:11:12", "1:30"] {
            XCTAssertEqual(refusal("gap: \(value)\nregions:\n" + region),
                           "wall.yaml:1: 'gap' must be a whole number from 0 to 1000 pixels, got '\(value)'")
            XCTAssertEqual(refusal("regions:\n" + region + "    source: \(value)\n"),
                           "wall.yaml:6: region 1: 'source' must be a source number from 1 to 16 (sources are numbered from 1), got '\(value)'")
            XCTAssertEqual(refusal("regions:\n" + region + "    z: \(value)\n"),
                           "wall.yaml:6: region 1: 'z' must be a whole number from -1000 to 1000, got '\(value)'")
        }
    }

    /// 5000 nested mappings (or 20000 nested lists) overflowed the composer's stack (SIGSEGV).
    func testDeepNestingIsRefusedBeforeTheComposerRecurses() {
        let flow = "regions: " + String(repeating: "[", count: 20000) + String(repeating: "]", count: 20000) + "\n"
        XCTAssertEqual(refusal(flow), "wall.yaml:1: lists and mappings are nested more than 32 deep (a layout needs 3: the file, 'regions', a region)")
        let mappings = "regions: " + String(repeating: "{a: ", count: 5000) + "1" + String(repeating: "}", count: 5000) + "\n"
        XCTAssertTrue(refusal(mappings)?.hasPrefix("wall.yaml:1: lists and mappings are nested more than 32 deep") == true, refusal(mappings) ?? "accepted")
        // Block sequences nested on one line ("- - - x") and by indentation.
        let compact = "regions:\n" + String(repeating: "- ", count: 5000) + "x\n"
        XCTAssertTrue(refusal(compact)?.hasPrefix("wall.yaml:2: lists and mappings are nested") == true, refusal(compact) ?? "accepted")
        let indented = "regions:\n" + (0..<200).map { String(repeating: " ", count: $0) + "-\n" }.joined()
        XCTAssertTrue(refusal(indented)?.hasPrefix("wall.yaml:") == true && refusal(indented)?.contains("nested more than 32 deep") == true,
                      refusal(indented) ?? "accepted")
        // Brackets inside quotes are text, not nesting: a label may hold any number of them.
        let quoted = "regions:\n" + region + "    label: \"" + String(repeating: "[", count: 100) + "\"\n"
        XCTAssertEqual(try LayoutParser.parse(yaml: quoted, sourceName: "w.yaml").regions[0].label, String(repeating: "[", count: 100))
        // Just within the limit: refused for what it is, not for its depth.
        let deepButAllowed = "regions: " + String(repeating: "[", count: 31) + String(repeating: "]", count: 31) + "\n"
        XCTAssertFalse(refusal(deepButAllowed)?.contains("nested") ?? true, refusal(deepButAllowed) ?? "accepted")
    }

    func testSyntaxErrorsNameTheLine() {
        XCTAssertEqual(refusal("name: a\nregions: [\n  {x: 0\n"),
                       "wall.yaml:4: YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping that starts on line 3)")
        XCTAssertEqual(refusal("name: a\nlabel: \u{0}\n"), "wall.yaml:2: YAML syntax error: control characters are not allowed")
    }

    /// A file over 1 MB is refused unread; a device such as `/dev/zero` (which would be read
    /// forever) is not a regular file and is refused before any read.
    func testLargeFilesAreRefusedWithoutBeingReadWhole() throws {
        let big = "# " + String(repeating: "x", count: LayoutLimits.maximumFileSize) + "\n"
        XCTAssertEqual(refusal(big), "wall.yaml: the file is larger than 1024 KB: that is not a layout (the shipped ones are under 1 KB)")
        let path = NSTemporaryDirectory() + "big-\(UUID().uuidString).yaml"
        try Data((big + big).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try LayoutParser.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): the file is larger than 1024 KB: that is not a layout (the shipped ones are under 1 KB)")
        }
        let started = Date()
        XCTAssertThrowsError(try LayoutParser.load(path: "/dev/zero")) { error in
            XCTAssertEqual("\(error)", "/dev/zero: is not a regular file")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// Composing a megabyte of small values took seconds before the refusal; they are counted
    /// first, and the refusal is quick.
    func testAFileOfTooManyValuesIsRefusedQuickly() {
        let yaml = String(repeating: "k: v\n", count: 200_000)
        let started = Date()
        XCTAssertEqual(refusal(yaml), "wall.yaml:5000: the file holds more than 10000 values: that is not a layout")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    /// A 5 MB `label:` took 9.4 s and 507 MB to start: a label is a name over a tile's corner,
    /// and one longer than 200 characters is refused with the file and line.
    func testALabelLongerThanTheLimitIsRefusedWithTheLine() {
        let longest = String(repeating: "a", count: LayoutLimits.maximumLabelLength)
        XCTAssertEqual(try LayoutParser.parse(yaml: "regions:\n" + region + "    label: " + longest + "\n", sourceName: "w.yaml").regions[0].label,
                       longest, "200 characters are a label")
        let message = refusal("regions:\n" + region + "    label: " + longest + "é\n") ?? "accepted"
        XCTAssertTrue(message.hasPrefix("wall.yaml:6: region 1: 'label' must be at most 200 characters, got 201: 'aaa"), message)
        XCTAssertLessThan(message.count, 160, message)
        let huge = refusal("regions:\n" + region + "    label: " + String(repeating: "b", count: 900_000) + "\n") ?? "accepted"
        XCTAssertTrue(huge.contains("got 900000"), huge)
    }

    func testBytesThatAreNotUTF8AreRefusedWithTheirLine() {
        var data = Data("regions:\n  - x: 0\n    label: ".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        XCTAssertThrowsError(try LayoutParser.parse(data: data, sourceName: "wall.yaml")) { error in
            XCTAssertEqual("\(error)", "wall.yaml:3: the file is not UTF-8 text")
        }
    }

    /// `--layout /etc/passwd` printed the whole file: the value is shortened, and nothing a
    /// terminal would obey (a newline, an escape) gets through, from the file or its name.
    func testErrorsEchoNoMoreThanAShortEscapedLine() {
        let passwd = (0..<40).map { "user\($0):x:\($0):\($0):User \($0):/home/user\($0):/bin/bash" }.joined(separator: "\n") + "\n"
        let message = refusal(passwd, file: "/etc/passwd") ?? "accepted"
        XCTAssertFalse(message.contains("\n"), message)
        XCTAssertTrue(message.hasPrefix("/etc/passwd:1: expected keys like 'name:', got 'user0:x:0:0:User 0:/home/user0:/bin/bash user1:x:"), message)
        XCTAssertLessThan(message.count, 160, message)

        let escapes = "regions:\n  - x: 0\n    y: 0\n    width: 1\n    height: 1\n    fit: \"\\e[31mred\\e]0;owned\\a\"\n"
        let fit = refusal(escapes, file: "evil\u{1B}[2J.yaml") ?? "accepted"
        XCTAssertEqual(fit, #"evil\e[2J.yaml:6: region 1: 'fit' must be one of fit, fill, stretch, got '\e[31mred\e]0;owned\x07'"#)
        let key = refusal("regions:\n" + region + "    \"\\e[1mbold\\nx\": 1\n") ?? "accepted"
        XCTAssertEqual(key, #"wall.yaml:6: region 1: unknown key '\e[1mbold\nx' (expected one of: x, y, width, height, fit, source, mute, volume, loop, label, z, offset, playlist, rotate, days, from, until, start, end)"#)
    }
}
