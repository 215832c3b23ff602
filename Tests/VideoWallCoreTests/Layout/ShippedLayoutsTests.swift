import Foundation
import XCTest
@testable import VideoWallCore

/// Parses every file in layouts/ so a broken shipped layout fails the build, not a user's show.
final class ShippedLayoutsTests: XCTestCase {
    /// Symlinks resolved first: the scratch package that builds the core alone links the test folder in.
    static let layoutsDirectory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent() // Layout
        .deletingLastPathComponent() // VideoWallCoreTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // repository
        .appendingPathComponent("layouts").path

    private let expectedRegionCounts = [
        "single": 1, "side-by-side": 2, "stacked": 2, "grid-2x2": 4,
        "one-plus-three": 4, "picture-in-picture": 2, "kiosk-loop": 4, "signage-playlists": 3,
        "wall-3x1": 1, "wall-2x1-monitors": 1,
    ]

    func testEveryShippedFileParsesWithExpectedShape() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.layoutsDirectory)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertEqual(Set(files), Set(expectedRegionCounts.keys.map { $0 + ".yaml" }))
        for file in files {
            let layout = try LayoutParser.load(path: Self.layoutsDirectory + "/" + file)
            XCTAssertEqual(layout.name + ".yaml", file, "name matches file name")
            XCTAssertEqual(layout.regions.count, expectedRegionCounts[layout.name], file)
            // Every tiling layout covers the window exactly at a typical size.
            if layout.name != "picture-in-picture" {
                let rects = RegionGeometry.pixelRects(for: layout.regions, in: Size(width: 1920, height: 1080), gap: 0)
                XCTAssertEqual(rects.map { $0.width * $0.height }.reduce(0, +), 1920 * 1080, file)
            }
        }
    }

    func testSpecificShippedSettings() throws {
        let pip = try LayoutCatalog.resolve(nameOrPath: "picture-in-picture", searchDirectories: [Self.layoutsDirectory])
        XCTAssertEqual(pip.regions.map(\.z), [0, 1])
        XCTAssertEqual(pip.paintOrder, [0, 1])
        XCTAssertGreaterThan(pip.regions[1].frame.x, 0.5)
        XCTAssertGreaterThan(pip.regions[1].frame.y, 0.5)

        let kiosk = try LayoutCatalog.resolve(nameOrPath: "kiosk-loop", searchDirectories: [Self.layoutsDirectory])
        XCTAssertEqual(kiosk.regions.map(\.loop), [true, true, true, true])
        XCTAssertEqual(kiosk.regions.map(\.mute), [false, true, true, true])

        let onePlusThree = try LayoutCatalog.resolve(nameOrPath: "one-plus-three", searchDirectories: [Self.layoutsDirectory])
        XCTAssertEqual(onePlusThree.regions[0].frame.width, 2.0 / 3, accuracy: 1e-9)
    }

    /// The shipped grids the automatic layout uses by name are on disk, and show every source.
    func testAutomaticLayoutsFromTheShippedFolderShowEverySource() throws {
        for count in 0...16 {
            for canvas in [16.0 / 9, 9.0 / 16] {
                let layout = try LayoutCatalog.automatic(sourceAspects: Array(repeating: nil, count: count), canvasAspect: canvas,
                                                         searchDirectories: [Self.layoutsDirectory])
                XCTAssertGreaterThanOrEqual(layout.regions.count, count, "\(count) sources fit \(layout.name)")
            }
        }
        for shape in [AutoGrid.Shape(columns: 1, rows: 1), .init(columns: 2, rows: 1), .init(columns: 1, rows: 2), .init(columns: 2, rows: 2)] {
            let name = try XCTUnwrap(AutoGrid.shippedName(shape))
            let shipped = try LayoutCatalog.resolve(nameOrPath: name, searchDirectories: [Self.layoutsDirectory])
            XCTAssertEqual(shipped.regions.map(\.frame), AutoGrid.layout(shape, count: shape.columns * shape.rows).regions.map(\.frame), name)
        }
    }
}
