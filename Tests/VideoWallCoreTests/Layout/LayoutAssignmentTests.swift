import XCTest
@testable import VideoWallCore

final class LayoutAssignmentTests: XCTestCase {
    private func layout(_ sources: [LayoutSource?], name: String = "test") -> Layout {
        Layout(name: name, regions: sources.map {
            LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1), source: $0)
        })
    }

    func testAssignments() throws {
        typealias Entry = LayoutAssignment.Entry
        let cases: [(String, [LayoutSource?], Int, [Entry])] = [
            ("in order", [nil, nil], 2, [Entry(region: 0, source: .index(1)), Entry(region: 1, source: .index(2))]),
            ("fewer sources leave regions empty", [nil, nil, nil, nil], 3,
             [Entry(region: 0, source: .index(1)), Entry(region: 1, source: .index(2)), Entry(region: 2, source: .index(3))]),
            ("explicit index is skipped by the others", [nil, .index(1), nil], 3,
             [Entry(region: 0, source: .index(2)), Entry(region: 1, source: .index(1)), Entry(region: 2, source: .index(3))]),
            ("swap", [.index(2), .index(1)], 2, [Entry(region: 0, source: .index(2)), Entry(region: 1, source: .index(1))]),
            ("same source twice", [.index(1), .index(1)], 1, [Entry(region: 0, source: .index(1)), Entry(region: 1, source: .index(1))]),
            ("locations take no index", [.location("a.mp4"), nil], 1,
             [Entry(region: 0, source: .location("a.mp4")), Entry(region: 1, source: .index(1))]),
            ("no sources", [nil, .location("b.mp4")], 0, [Entry(region: 1, source: .location("b.mp4"))]),
        ]
        for (label, sources, count, expected) in cases {
            XCTAssertEqual(try LayoutAssignment.assign(layout: layout(sources), sourceCount: count).entries, expected, label)
        }
        let assignment = try LayoutAssignment.assign(layout: layout([nil, nil]), sourceCount: 1)
        XCTAssertEqual(assignment.source(forRegion: 0), .index(1))
        XCTAssertNil(assignment.source(forRegion: 1))
    }

    func testErrors() {
        let cases: [(String, Layout, Int, String)] = [
            ("too many sources", layout([nil, nil], name: "side-by-side"), 3,
             "side-by-side: 3 sources but layout 'side-by-side' has 2 regions"),
            ("one region", layout([nil], name: "single"), 2, "single: 2 sources but layout 'single' has 1 region"),
            ("index past the sources", layout([nil, .index(3)]), 2,
             "test: region 2: source 3 was asked for but only 2 sources were given"),
            ("source left out", layout([.index(1), .index(1)]), 2,
             "test: source 2 is not shown: every region of layout 'test' already has a source"),
        ]
        for (label, layout, count, expected) in cases {
            XCTAssertThrowsError(try LayoutAssignment.assign(layout: layout, sourceCount: count), label) { error in
                XCTAssertEqual((error as? LayoutError)?.description, expected, label)
            }
        }
    }
}
