import XCTest
@testable import VideoWallCore

/// M3U files, folder listings, files still being written, and a layout's `playlist:`.
final class PlaylistFileTests: XCTestCase {
    func testM3UEntriesResolveAgainstTheirFolder() throws {
        let text = "\u{FEFF}#EXTM3U\r\n#EXTINF:10,Title\r\nclips/a.mp4\r\n\r\n./b.webm\n/abs/c.mkv\nhttp://example.com/d.m3u8\nfile:///e.mp4\n  # indented comment\n"
        let (items, warning) = try M3UPlaylist.parse(text, file: "list.m3u", folder: "/media/lists")
        XCTAssertNil(warning)
        XCTAssertEqual(items.map(\.location), ["/media/lists/clips/a.mp4", "/media/lists/b.webm", "/abs/c.mkv",
                                               "http://example.com/d.m3u8", "file:///e.mp4"])
    }

    func testM3UErrorsNameTheLine() {
        XCTAssertThrowsError(try M3UPlaylist.parse("a.mp4\nb\u{1B}[2J.mp4\n", file: "list.m3u", folder: "/")) { error in
            let error = error as! PlaylistError
            XCTAssertEqual(error.line, 2)
            XCTAssertTrue(error.description.hasPrefix("list.m3u:2: the line holds control characters"), error.description)
            XCTAssertFalse(error.description.contains("\u{1B}"), "never echoes raw control characters")
        }
        XCTAssertThrowsError(try M3UPlaylist.parse("#EXTM3U\n\n", file: "empty.m3u", folder: "/")) { error in
            XCTAssertEqual((error as! PlaylistError).message, "the playlist names no file or URI")
        }
        XCTAssertThrowsError(try M3UPlaylist.parse("ok.mp4\n" + String(repeating: "x", count: 9000), file: "long.m3u", folder: "/")) { error in
            XCTAssertEqual((error as! PlaylistError).line, 2)
        }
        XCTAssertTrue(M3UPlaylist.isPlaylistName("/x/list.M3U8"))
        XCTAssertFalse(M3UPlaylist.isPlaylistName("http://host/live.m3u8"), "a remote .m3u8 is HLS, played as a stream")
        // (A local one with HLS tags is a stream too: `PlaylistLoader`, tested with the engine.)
    }

    func testFoldersPlayMediaInNameOrderWithNumbersAsNumbers() {
        let names = ["clip10.mp4", "clip2.mp4", ".hidden.mp4", "notes.txt", "Clip1.MOV", "poster.jpg", "draft.mp4~", "clip2.webm"]
        XCTAssertEqual(FolderPlaylist.mediaNames(names), ["Clip1.MOV", "clip2.mp4", "clip2.webm", "clip10.mp4", "poster.jpg"])
    }

    func testAFileIsPlayedOnlyOnceItsSizeHasHeldStill() {
        var settling = FileSettling(quietPeriod: .seconds(2))
        XCTAssertFalse(settling.observe("a.mp4", size: 100, modified: 1, at: .seconds(0)))
        XCTAssertFalse(settling.observe("a.mp4", size: 5000, modified: 2, at: .seconds(1)), "still growing")
        XCTAssertFalse(settling.observe("a.mp4", size: 5000, modified: 2, at: .seconds(2.5)))
        XCTAssertTrue(settling.observe("a.mp4", size: 5000, modified: 2, at: .seconds(3)), "two seconds unchanged")
        XCTAssertFalse(settling.observe("a.mp4", size: 5000, modified: 9, at: .seconds(4)), "replaced: waits again")
        XCTAssertFalse(settling.observe("empty.mp4", size: 0, modified: 1, at: .seconds(0)))
        XCTAssertFalse(settling.observe("empty.mp4", size: 0, modified: 1, at: .seconds(10)), "an empty file never plays")
    }

    func testALayoutRegionPlaysAPlaylistWithItemOptionsAndASchedule() throws {
        let yaml = """
        sync: items
        regions:
          - {x: 0, y: 0, width: 0.5, height: 1}
          - x: 0.5
            y: 0
            width: 0.5
            height: 1
            days: mon-fri
            from: "07:00"
            until: "19:00"
            playlist:
              - intro.mp4
              - source: menu.png
                duration: 8
              - source: lunch.mp4
                in: 1:30
                out: 95.5
                speed: 0.5
                reverse: true
                flip: horizontal
                days: [sat, sun]
                start: 2026-12-01
                end: 2026-12-24
        """
        let layout = try LayoutParser.parse(yaml: yaml, sourceName: "shop.yaml")
        XCTAssertTrue(layout.syncItems)
        let playlist = try XCTUnwrap(layout.regions[1].playlist)
        XCTAssertEqual(playlist.items.map(\.location), ["intro.mp4", "menu.png", "lunch.mp4"])
        XCTAssertEqual(playlist.schedule.days, [.mon, .tue, .wed, .thu, .fri])
        XCTAssertEqual(playlist.schedule.from, TimeOfDay(parsing: "07:00"))
        XCTAssertEqual(playlist.items[1].kind, .image)
        XCTAssertEqual(playlist.items[1].duration, .seconds(8))
        let lunch = playlist.items[2]
        XCTAssertEqual(lunch.inPoint, .seconds(90))
        XCTAssertEqual(lunch.outPoint, .seconds(95.5))
        XCTAssertEqual(lunch.speed, 0.5)
        XCTAssertTrue(lunch.reverse)
        XCTAssertEqual(lunch.flip, .horizontal)
        XCTAssertEqual(lunch.schedule.days, [.sat, .sun])
        XCTAssertEqual(lunch.schedule.end, CalendarDate(parsing: "2026-12-24"))
        XCTAssertNil(layout.regions[0].playlist)
        // The playlist region takes no command-line source: the one source goes to region 1.
        let assignment = try LayoutAssignment.assign(layout: layout, sourceCount: 1)
        XCTAssertEqual(assignment.source(forRegion: 0), .index(1))
        XCTAssertEqual(assignment.source(forRegion: 1), .location("intro.mp4"))
    }

    func testLayoutPlaylistErrorsNameTheLine() {
        let cases: [(String, Int, String)] = [
            ("playlist: [a.mp4]\n    source: b.mp4", 6, "'playlist' and 'source' cannot both be given"),
            ("playlist: []", 6, "'playlist' must be a list"),
            ("playlist:\n      - source: a.mp4\n        in: 10\n        out: 5", 9, "'out' must come after 'in'"),
            ("playlist:\n      - source: a.mp4\n        speed: 9", 8, "'speed' must be from 0.25 to 4"),
            ("playlist:\n      - source: a.mp4\n        flip: diagonal", 8, "'flip' must be horizontal or vertical"),
            ("playlist:\n      - {in: 3}", 7, "missing required key 'source'"),
            ("playlist: [a.mp4]\n    days: [mon, funday]", 7, "'days' must be day names"),
            ("playlist: [a.mp4]\n    from: \"25:00\"", 7, "'from' must be a time of day"),
            ("playlist: [a.mp4]\n    from: \"08:00\"\n    until: \"08:00\"", 8, "'until' must differ from 'from'"),
            ("playlist: [a.mp4]\n    start: 2026-12-02\n    end: 2026-12-01", 8, "'end' (2026-12-01) is before 'start'"),
            ("days: mon", 6, "'days' schedules a playlist"),
            ("playlist:\n      - source: a.mp4\n        colour: red", 8, "unknown key"),
        ]
        for (fragment, line, message) in cases {
            let yaml = "regions:\n  - x: 0\n    y: 0\n    width: 1\n    height: 1\n".replacingOccurrences(of: "    height: 1\n", with: "    height: 1\n    \(fragment)\n")
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertThrowsError(try LayoutParser.parse(yaml: yaml, sourceName: "bad.yaml"), fragment) { error in
                let error = error as! LayoutError
                XCTAssertTrue(error.message.contains(message), "\(fragment): \(error)")
                XCTAssertEqual(error.line, line, "\(fragment): \(error) in\n\(lines.joined(separator: "\n"))")
            }
        }
        XCTAssertThrowsError(try LayoutParser.parse(yaml: "sync: rows\nregions:\n  - {x: 0, y: 0, width: 1, height: 1}\n", sourceName: "s.yaml")) { error in
            XCTAssertEqual((error as! LayoutError).line, 1)
        }
    }
}
