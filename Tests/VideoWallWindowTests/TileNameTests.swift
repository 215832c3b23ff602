import Foundation
import VideoWallCore
import VideoWallPresentation
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// The name over each tile: short, and in kiosk mode never a file name.
final class TileNameTests: XCTestCase {
    /// A cache-style name, longer than a label may be.
    static let clip = ClipSpec(width: 320, height: 180, frames: 30, pattern: "smpte", caption: "a caption long enough to matter")

    func testTilesShowShortNamesOrTheNamesTheyAreGiven() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(Self.clip)
            let baseName = (path as NSString).lastPathComponent
            XCTAssertGreaterThan(baseName.count, TileLabel.defaultLimit, "the clip's name is long enough to be shortened")
            let named = TestClips.directory + "/linked-" + baseName
            try? FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: path)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, named],
                                                                   labels: [named: "9:16"])
            defer { WallWindowHarness.close(window, wall) }
            window.perform(.toggleNames)  // the harness turns them off
            XCTAssertEqual(window.nameText(ofRegion: 0), TileLabel.name(forSource: path))
            XCTAssertEqual(window.nameText(ofRegion: 1), "9:16", "a name given for the source wins over the file name")
            window.perform(.toggleNames)
            XCTAssertNil(window.nameText(ofRegion: 0), "'n' hides the names")
        }
    }

    /// A tile given another source while the wall plays (`loadfile`, a reloaded layout) is
    /// named after the new one.
    func testATileGivenAnotherSourceIsNamedAfterIt() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(Self.clip)
            let other = try await TestClips.clip(ClipSpec(width: 240, height: 240, frames: 60, pattern: "ball"))
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [path, path])
            defer { WallWindowHarness.close(window, wall) }
            window.perform(.toggleNames)  // the harness turns them off
            try await wall.replaceSource(ofTile: 1, with: other)
            let renamed = await waitUntil(timeout: 2) { window.nameText(ofRegion: 1) == TileLabel.name(forSource: other) }
            XCTAssertTrue(renamed, "named \(window.nameText(ofRegion: 1) ?? "nothing")")
            XCTAssertEqual(window.nameText(ofRegion: 0), TileLabel.name(forSource: path), "the other tile keeps its name")
        }
    }

    func testKioskShowsNoFileNamesOnlyTheLayoutsLabels() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(Self.clip)
            let layout = Layout(name: "signage", background: .black, gap: 0, regions: [
                LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 1), label: "Lobby"),
                LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 1)),
            ])
            let (window, wall) = try await WallWindowHarness.open(layout: layout, sources: [path, path], kiosk: true)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            // Names on, as a stray 'n' on a signage keyboard would turn them.
            window.perform(.toggleNames)
            XCTAssertEqual(window.nameText(ofRegion: 0), "Lobby", "a label the layout sets is no file name")
            XCTAssertNil(window.nameText(ofRegion: 1), "kiosk mode draws no file name")
        }
    }
}
