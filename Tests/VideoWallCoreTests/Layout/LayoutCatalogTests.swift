import Foundation
import XCTest
@testable import VideoWallCore

final class LayoutCatalogTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "videowall-catalog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "regions:\n  - {x: 0, y: 0, width: 1, height: 1}\n"
            .write(toFile: directory + "/mine.yaml", atomically: true, encoding: .utf8)
        try "regions:\n  - {x: 0, y: 0, width: 2, height: 1}\n"
            .write(toFile: directory + "/broken.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    /// Without --layout, every source has a region of its own, up to 16 (issue 25: five or
    /// more got the 2x2 grid, and the rest decoded unseen).
    func testTheAutomaticLayoutShowsEverySource() throws {
        let cases: [(Int, String)] = [(0, "single"), (1, "single"), (2, "side-by-side"), (3, "grid-2x2"), (4, "grid-2x2"),
                                      (5, "grid-3x2"), (6, "grid-3x2"), (7, "grid-3x3"), (9, "grid-3x3"), (10, "grid-4x3"),
                                      (12, "grid-4x3"), (13, "grid-4x4"), (16, "grid-4x4")]
        for (count, name) in cases {
            let layout = try LayoutCatalog.automatic(sourceAspects: Array(repeating: nil, count: count), canvasAspect: 16.0 / 9,
                                                     searchDirectories: [directory])
            XCTAssertEqual(layout.name, name, "\(count)")
            // (The shipped 2x2 grid keeps its fourth region for three sources.)
            XCTAssertEqual(layout.regions.count, count == 3 ? 4 : max(count, 1), "\(count): a region per source")
        }
    }

    /// A binary away from its checkout still has the layouts a wall without --layout needs,
    /// the same as the shipped files.
    func testTheDefaultLayoutsAreCompiledInAndMatchTheShippedFiles() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../layouts").standardized.path
        for count in 1...4 {
            let name = try XCTUnwrap(AutoGrid.shippedName(AutoGrid.candidates(forCount: count)[0]))
            let compiled = try XCTUnwrap(BuiltInLayouts.layout(named: name), name)
            XCTAssertEqual(try LayoutCatalog.resolve(nameOrPath: name, searchDirectories: [directory]), compiled, "found with no file")
            XCTAssertEqual(try LayoutParser.load(path: shipped + "/\(name).yaml"), compiled, "layouts/\(name).yaml")
        }
        XCTAssertNil(BuiltInLayouts.layout(named: "stacked"), "only the defaults are compiled in")
    }

    func testPathDetection() {
        let cases: [(String, Bool)] = [("grid-2x2", false), ("./grid", true), ("a/b", true), ("x.yaml", true),
                                       ("x.yml", true), ("yaml", false)]
        for (text, isPath) in cases {
            XCTAssertEqual(LayoutCatalog.isPath(text), isPath, text)
        }
    }

    func testResolveByNameSearchesDirectoriesInOrder() throws {
        let layout = try LayoutCatalog.resolve(nameOrPath: "mine", searchDirectories: ["/nonexistent", directory])
        XCTAssertEqual(layout.name, "mine")
        XCTAssertEqual(try LayoutCatalog.resolve(nameOrPath: directory + "/mine.yaml", searchDirectories: []), layout)
    }

    func testResolveReportsErrorsFromTheFile() {
        XCTAssertThrowsError(try LayoutCatalog.resolve(nameOrPath: "broken", searchDirectories: [directory])) { error in
            XCTAssertEqual((error as? LayoutError)?.description,
                           directory + "/broken.yaml:2: region 1: 'width' must be more than 0 and at most 1, got 2")
        }
    }

    func testUnknownNameListsWhatIsAvailable() {
        XCTAssertThrowsError(try LayoutCatalog.resolve(nameOrPath: "nope", searchDirectories: [directory])) { error in
            XCTAssertEqual((error as? LayoutError)?.description,
                           "nope: no layout named 'nope' in \(directory!); available: broken, mine")
        }
        XCTAssertThrowsError(try LayoutCatalog.resolve(nameOrPath: "nope.yaml", searchDirectories: [directory])) { error in
            XCTAssertEqual((error as? LayoutError)?.description, "nope.yaml: no such layout file")
        }
    }
}
