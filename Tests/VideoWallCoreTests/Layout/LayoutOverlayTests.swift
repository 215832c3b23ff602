import Foundation
import XCTest
@testable import VideoWallCore

/// `overlays:`: clocks, texts and images over the wall or a region, every field range-checked
/// and every refusal one line naming the file, the line and the overlay.
final class LayoutOverlayTests: XCTestCase {
    private let regions = "regions:\n  - {x: 0, y: 0, width: 0.5, height: 1}\n  - {x: 0.5, y: 0, width: 0.5, height: 1}\n"

    private func refusal(_ overlays: String) -> String? {
        do {
            _ = try LayoutParser.parse(yaml: regions + "overlays:\n" + overlays, sourceName: "wall.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    func testOverlaysAreReadWithTheirDefaults() throws {
        let layout = try LayoutParser.parse(yaml: regions + """
            overlays:
              - {clock: "HH:mm:ss", timezone: Europe/Paris, x: 0.1, y: 0.9, size: 0.05, background: "#101010"}
              - {text: "Lobby", region: 2, color: "#FFD000", opacity: 0.5}
              - {image: /srv/logo.png, x: 0.9}
            """, sourceName: "wall.yaml")
        XCTAssertEqual(layout.overlays, [
            LayoutOverlay(content: .clock(format: "HH:mm:ss", timeZone: "Europe/Paris"), x: 0.1, y: 0.9, size: 0.05,
                          background: RGBColor(red: 16, green: 16, blue: 16)),
            LayoutOverlay(content: .text("Lobby"), region: 1, color: RGBColor(red: 255, green: 208, blue: 0), opacity: 0.5),
            LayoutOverlay(content: .image(path: "/srv/logo.png"), x: 0.9),
        ])
        XCTAssertEqual(try LayoutParser.parse(yaml: regions, sourceName: "wall.yaml").overlays, [], "none unless asked for")
    }

    func testEveryFieldIsCheckedAndRefusedWithItsLine() {
        let cases: [(String, String)] = [
            ("  - {x: 0.1}\n", "wall.yaml:5: overlay 1 must have exactly one of clock, text, image, ticker, ticker-file or ticker-url, got none"),
            ("  - {clock: HH:mm, text: hi}\n", "wall.yaml:5: overlay 1 must have exactly one of clock, text, image, ticker, ticker-file or ticker-url, got clock and text"),
            ("  - {clock: HH:mm, timezone: Mars/Olympus}\n",
             "wall.yaml:5: overlay 1: 'timezone' must be a time zone name such as Europe/Paris or UTC, got 'Mars/Olympus'"),
            ("  - {text: hi, timezone: UTC}\n", "wall.yaml:5: overlay 1: 'timezone' goes with a 'clock'"),
            ("  - {text: hi, region: 3}\n", "wall.yaml:5: overlay 1: 'region' must name one of the layout's 2 regions (from 1), got 3"),
            ("  - {text: hi, x: 1.5}\n", "wall.yaml:5: overlay 1: 'x' must be between 0 and 1, got 1.5"),
            ("  - {text: hi, size: 0}\n", "wall.yaml:5: overlay 1: 'size' must be between 0.01 and 1 (of the area's height), got 0"),
            ("  - {text: hi, opacity: -1}\n", "wall.yaml:5: overlay 1: 'opacity' must be between 0 and 1, got -1"),
            ("  - {text: hi, color: red}\n", "wall.yaml:5: overlay 1: 'color' must be a colour written \"#RRGGBB\" in quotes, got 'red'"),
            ("  - {text: \"\(String(repeating: "a", count: 201))\"}\n", "wall.yaml:5: overlay 1: 'text' must be 1 to 200 characters, got 201"),
            ("  - {clock: \"\(String(repeating: "H", count: 65))\"}\n",
             "wall.yaml:5: overlay 1: 'clock' must be a date pattern such as \"HH:mm\" (1 to 64 characters), got '\(String(repeating: "H", count: 65))'"),
            ("  - 3\n", "wall.yaml:5: overlay 1 must be a mapping with one of clock, text, image, ticker, ticker-file or ticker-url, got '3'"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(refusal(input), expected, input)
        }
        XCTAssertNotNil(refusal("  - {text: hi, font: Serif}\n"), "an unknown key is refused")
        XCTAssertEqual(refusal(String(repeating: "  - {text: hi}\n", count: 17)), "wall.yaml:21: 'overlays' lists 17 overlays but at most 16 are allowed")
    }

    func testAClockWritesTheTimeInItsZoneAndKnowsWhenItChanges() {
        let date = Date(timeIntervalSince1970: 1_764_642_845.25)  // 2025-12-02 02:34:05.25 UTC
        XCTAssertEqual(OverlayClock.text(at: date, format: "HH:mm:ss", timeZone: TimeZone(identifier: "UTC")), "02:34:05")
        XCTAssertEqual(OverlayClock.text(at: date, format: "EEE d MMM HH:mm", timeZone: TimeZone(identifier: "Asia/Tokyo")), "Tue 2 Dec 11:34")
        XCTAssertEqual(OverlayClock.untilNextSecond(after: date), 0.75, accuracy: 1e-6)
    }

    func testATickerIsReadWithItsFileOrWordsAndItsFieldsChecked() throws {
        let layout = try LayoutParser.parse(yaml: regions + """
            overlays:
              - {ticker-file: /srv/news.txt, refresh: 10, speed: 0.2, y: 0.9}
              - {ticker: "Welcome"}
              - {ticker-url: "https://example.org/news.txt", refresh: 1}
            """, sourceName: "wall.yaml")
        XCTAssertEqual(layout.overlays.map(\.content), [.ticker(text: nil, source: "/srv/news.txt", refreshMinutes: 10, speed: 0.2),
                                                     .ticker(text: "Welcome", source: nil, refreshMinutes: 5, speed: 0.1),
                                                     .ticker(text: nil, source: "https://example.org/news.txt", refreshMinutes: 1, speed: 0.1)])
        let cases: [(String, String)] = [
            ("  - {ticker: hi, refresh: 2}\n", "wall.yaml:5: overlay 1: 'refresh' goes with a 'ticker-file' or 'ticker-url' (a ticker's own words do not change)"),
            ("  - {ticker-url: /srv/news.txt}\n", "wall.yaml:5: overlay 1: 'ticker-url' must be an http:// or https:// address (at most 2048 bytes, no spaces), got '/srv/news.txt'"),
            ("  - {ticker-url: \"file:///etc/passwd\"}\n", "wall.yaml:5: overlay 1: 'ticker-url' must be an http:// or https:// address (at most 2048 bytes, no spaces), got 'file:///etc/passwd'"),
            ("  - {ticker-url: \"http://a b\"}\n", "wall.yaml:5: overlay 1: 'ticker-url' must be an http:// or https:// address (at most 2048 bytes, no spaces), got 'http://a b'"),
            ("  - {ticker-file: /n, refresh: 0}\n", "wall.yaml:5: overlay 1: 'refresh' must be a whole number from 1 to 1440 minutes, got '0'"),
            ("  - {ticker-file: /n, speed: 3}\n", "wall.yaml:5: overlay 1: 'speed' must be between 0.01 and 2 (of the area's width a second), got 3"),
            ("  - {text: hi, speed: 1}\n", "wall.yaml:5: overlay 1: 'speed' goes with a 'ticker', 'ticker-file' or 'ticker-url'"),
            ("  - {ticker: hi, ticker-file: /n}\n", "wall.yaml:5: overlay 1 must have exactly one of clock, text, image, ticker, ticker-file or ticker-url, got ticker and ticker-file"),
        ]
        for (input, expected) in cases { XCTAssertEqual(refusal(input), expected, input) }
    }

    /// A file's lines become one line: control characters (an escape sequence's ESC) dropped,
    /// blank lines skipped, bounded; a file of nothing gives nothing.
    func testATickerFileIsShownAsOneBoundedLine() {
        XCTAssertEqual(TickerText.line(from: Data("Trains late\r\n\n  Platform 4\u{1B}[2J closed \n".utf8)), "Trains late  •  Platform 4[2J closed")
        XCTAssertNil(TickerText.line(from: Data(" \n\t\n".utf8)))
        XCTAssertEqual(TickerText.line(from: Data(String(repeating: "a", count: 5000).utf8))?.count, LayoutLimits.maximumTickerLength)
        XCTAssertEqual(TickerText.line(from: Data([0x41, 0xFF, 0x42])), "A\u{FFFD}B", "bytes that are not UTF-8 replaced")
    }

    /// A ticker enters at the right edge, moves left at its speed, and comes round again once
    /// it has left at the left.
    func testATickerMovesLeftAndComesRound() {
        XCTAssertEqual(TickerText.x(elapsed: 0, speed: 0.1, areaWidth: 1000, textWidth: 300), 1000)
        XCTAssertEqual(TickerText.x(elapsed: 2, speed: 0.1, areaWidth: 1000, textWidth: 300), 800)
        XCTAssertEqual(TickerText.x(elapsed: 12.9, speed: 0.1, areaWidth: 1000, textWidth: 300), -290)
        XCTAssertEqual(TickerText.x(elapsed: 13, speed: 0.1, areaWidth: 1000, textWidth: 300), 1000, "a lap: the area and the text")
    }
}
