@testable import VideoWallCore
import XCTest

/// A region's playlist read out of a layout's text and written back, as the web page saves it.
final class LayoutPlaylistTextTests: XCTestCase {
    private let layout = """
        name: shop
        background: "#102030"
        regions:
          - {x: 0, y: 0, width: 0.5, height: 1, source: /media/left.mp4, volume: 0.5}
          - x: 0.5
            y: 0
            width: 0.5
            height: 1
            from: "08:00"
            playlist:
              - /media/a.mp4
              - {source: /media/b.png, duration: 5, days: [mon, fri]}
        """

    func testReadsEachItemAsItsFieldsText() throws {
        let items = try XCTUnwrap(LayoutPlaylistText.items(in: layout, region: 1, sourceName: "shop.yaml"))
        XCTAssertEqual(items, [["source": "/media/a.mp4"], ["source": "/media/b.png", "duration": "5", "days": "mon, fri"]])
        XCTAssertNil(try LayoutPlaylistText.items(in: layout, region: 0, sourceName: "shop.yaml"), "a region with a source has no playlist")
        XCTAssertThrowsError(try LayoutPlaylistText.items(in: layout, region: 2, sourceName: "shop.yaml"))
    }

    func testReplacedPlaylistLoadsAndTheRestIsKept() throws {
        let edited: [LayoutPlaylistText.Item] = [
            ["source": "/media/b.png", "duration": "7.5"],
            ["source": "no", "in": "1:30", "out": "", "speed": "1.5", "reverse": "true", "from": "09:00", "until": "17:00"],
            ["source": "/media/a.mp4"],
        ]
        let text = try LayoutPlaylistText.replacing(in: layout, region: 1, with: edited, sourceName: "shop.yaml")
        let parsed = try LayoutParser.parse(yaml: text, sourceName: "shop.yaml")
        XCTAssertEqual(parsed.name, "shop")
        XCTAssertEqual(parsed.background, RGBColor(hex: "#102030"))
        XCTAssertEqual(parsed.regions[0].source, .location("/media/left.mp4"))
        XCTAssertEqual(parsed.regions[0].volume, 0.5)
        let items = try XCTUnwrap(parsed.regions[1].playlist?.items)
        XCTAssertEqual(items.map(\.location), ["/media/b.png", "no", "/media/a.mp4"], "a source named \"no\" stays text")
        XCTAssertEqual(items[0].duration, .seconds(7.5))
        XCTAssertEqual(items[1].inPoint, .seconds(90))
        XCTAssertNil(items[1].outPoint, "an empty field is left out")
        XCTAssertEqual(items[1].speed, 1.5)
        XCTAssertTrue(items[1].reverse)
        XCTAssertEqual(items[1].schedule.from, TimeOfDay(parsing: "09:00"))
        XCTAssertEqual(parsed.regions[1].playlist?.schedule.from, TimeOfDay(parsing: "08:00"), "the region's own schedule is kept")
        // Read back as written.
        XCTAssertEqual(try LayoutPlaylistText.items(in: text, region: 1, sourceName: "shop.yaml")?.first, ["source": "/media/b.png", "duration": "7.5"])
    }

    /// Only the list's lines are written anew: the user's comments elsewhere, their blank
    /// lines and the way they wrote each other line stay as they were.
    func testCommentsAndLinesOutsideTheListAreKept() throws {
        let commented = """
            # The shop window: the left screen loops the offer, the right one plays the list.
            name: shop
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1, source: /media/left.mp4}   # the offer

              # Changed by the shop's staff from the web page.
              - x: 0.5
                y: 0
                width: 0.5
                height: 1
                playlist:
                  - /media/a.mp4
                  # the logo between the clips
                  - {source: /media/b.png, duration: 5}
                fit: fill   # no bars
            # end of the layout
            """
        let text = try LayoutPlaylistText.replacing(in: commented, region: 1, with: [["source": "/media/c.mp4"], ["source": "/media/a.mp4", "speed": "2"]],
                                                    sourceName: "shop.yaml")
        XCTAssertEqual(text, """
            # The shop window: the left screen loops the offer, the right one plays the list.
            name: shop
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1, source: /media/left.mp4}   # the offer

              # Changed by the shop's staff from the web page.
              - x: 0.5
                y: 0
                width: 0.5
                height: 1
                playlist:
                - "/media/c.mp4"
                - source: "/media/a.mp4"
                  speed: 2
                fit: fill   # no bars
            # end of the layout
            """)
        // A list given on its region's line, in flow style: the whole document is written out.
        let flow = "regions:\n  - {x: 0, y: 0, width: 1, height: 1, playlist: [/a.mp4, /b.mp4]}   # one line\n"
        let rewritten = try LayoutPlaylistText.replacing(in: flow, region: 0, with: [["source": "/c.mp4"]], sourceName: "flow.yaml")
        XCTAssertEqual(try LayoutParser.parse(yaml: rewritten, sourceName: "flow.yaml").regions[0].playlist?.items.map(\.location), ["/c.mp4"])
    }

    func testRefusesWhatWouldNotLoad() {
        func refusal(_ items: [LayoutPlaylistText.Item], region: Int = 1) -> String? {
            do {
                _ = try LayoutPlaylistText.replacing(in: layout, region: region, with: items, sourceName: "shop.yaml")
                return nil
            } catch { return error.message }
        }
        XCTAssertEqual(refusal([]), "a playlist needs at least one item")
        XCTAssertEqual(refusal([["source": "/a.mp4", "in": "5", "out": "2"]])?.contains("'out' must come after 'in'"), true)
        XCTAssertEqual(refusal([["source": "/a.mp4", "speed": "9"]])?.contains("'speed' must be from"), true)
        XCTAssertEqual(refusal([["source": "/a.mp4", "days": "someday"]])?.contains("'days' must be day names"), true)
        XCTAssertEqual(refusal([["source": "/a.mp4", "colour": "red"]])?.contains("unknown field"), true)
        XCTAssertEqual(refusal([["duration": "3"]])?.contains("missing required key 'source'"), true)
        XCTAssertEqual(refusal([["source": "/a.mp4\u{1b}[2J"]])?.contains("control characters"), true)
        XCTAssertEqual(refusal([["source": String(repeating: "a", count: 5000)]])?.contains("longer than"), true)
        XCTAssertEqual(refusal([["source": "/a.mp4"]], region: 0)?.contains("plays a source, not a playlist"), true)
        XCTAssertEqual(refusal([["source": "/a.mp4"]], region: 7)?.contains("no region 8"), true)
        XCTAssertThrowsError(try LayoutPlaylistText.replacing(in: "regions: [", region: 0, with: [["source": "/a"]], sourceName: "x.yaml"))
    }
}
