import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// A folder played in a window, read from the screen: frame-coded clips of two codecs, sizes
/// and key-frame spacings follow one another, and no capture around the item changes shows
/// anything but a frame of an item (no black, no blank region), the last frames of an item
/// just before the first of the next.
final class PlaylistOnScreenTests: XCTestCase {
    func testAFolderTileChangesItemOnScreenWithNoBlankFrame() throws {
        try onMainLoop(timeout: 120) {
            let a = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, keyFrameInterval: 30), in: TestClips.directory)
            let b = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 256, height: 144, frameRate: 30, frames: 24, codec: .vp9, keyFrameInterval: 7), in: TestClips.directory)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-screen-playlist-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/1-a.mp4", withDestinationPath: a)
            try FileManager.default.createSymbolicLink(atPath: folder + "/2-b.webm", withDestinationPath: b)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [folder, a], looping: [0])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0])

            var codes: [Int?] = []
            let start = Date()
            while Date().timeIntervalSince(start) < 4.5 {
                codes.append(WallWindowHarness.framesOnScreen(window, regions: [0])[0])
                await pause(seconds: 0.01)
            }
            XCTAssertTrue(codes.allSatisfy { $0 != nil }, "every capture shows a frame: \(codes)")
            let read = codes.compactMap { $0 }
            // An item change is where the code goes down: from the end of one item to the start of the next.
            let changes = zip(read, read.dropFirst()).filter { $1 < $0 }
            XCTAssertGreaterThanOrEqual(changes.count, 3, "items came round on screen: \(read)")
            for (last, first) in changes {
                // A ends on 29, B on 23: a capture every few frames sees one of the last three.
                XCTAssertGreaterThanOrEqual(last, 21, "an item's last frames before the change: \(last) then \(first) in \(read)")
                XCTAssertLessThanOrEqual(first, 2, "the next item's first frames after it: \(last) then \(first) in \(read)")
            }
            XCTAssertEqual(wall.tiles[0].state, .playing)
            // The names follow the wall four times a second.
            let named = await waitUntil(timeout: 2) { window.tiles[0].source == wall.tiles[0].item }
            XCTAssertTrue(named, "the tile is named after the item on screen: \(window.tiles[0].source ?? "-") for \(wall.tiles[0].item ?? "-")")
            XCTAssertEqual(window.tiles[0].source.map { $0.hasSuffix("1-a.mp4") || $0.hasSuffix("2-b.webm") }, true)
            XCTAssertGreaterThanOrEqual(wall.tiles[0].itemChanges, 3)
        }
    }

    /// An item with `flip: horizontal` is shown mirrored from its first frame to its last, and
    /// the item after it is not: the frame code reads only from the mirrored capture while the
    /// flipped item plays, and only from the capture as it is while the other one does.
    func testAFlippedItemIsShownMirroredAndTheNextIsNot() throws {
        try onMainLoop(timeout: 120) {
            let a = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, keyFrameInterval: 30), in: TestClips.directory)
            let b = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 256, height: 144, frameRate: 30, frames: 24, codec: .vp9, keyFrameInterval: 7), in: TestClips.directory)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [a, a],
                                                                  playlists: [0: [PlaylistItem(location: a, flip: .horizontal), PlaylistItem(location: b)]],
                                                                  looping: [0])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0])
            var readings: [(item: Int?, direct: Int?, mirrored: Int?)] = []
            let start = Date()
            while Date().timeIntervalSince(start) < 3 {
                if let capture = window.capture(), let rect = window.videoFrame(ofRegion: 0) {
                    let image = RGBImage(width: capture.width, height: capture.height, pixels: capture.pixels)
                    readings.append((wall.tiles[0].itemPosition, FrameCode.read(from: image, in: rect),
                                     FrameCode.read(from: Self.mirrored(image), in: PixelRect(x: image.width - rect.x - rect.width, y: rect.y,
                                                                                               width: rect.width, height: rect.height))))
                }
                await pause(seconds: 0.02)
            }
            let flipped = readings.filter { $0.mirrored != nil }, plain = readings.filter { $0.direct != nil }
            XCTAssertGreaterThan(flipped.count, 10, "the flipped item read mirrored: \(readings)")
            XCTAssertGreaterThan(plain.count, 10, "the next item read as it is: \(readings)")
            XCTAssertTrue(readings.allSatisfy { $0.direct == nil || $0.mirrored == nil }, "never both")
            XCTAssertTrue(readings.allSatisfy { $0.direct != nil || $0.mirrored != nil }, "every capture shows a frame: \(readings)")
            // B (24 frames, not mirrored) and A (30 frames, mirrored): each reading's length tells the item.
            XCTAssertTrue(flipped.allSatisfy { $0.mirrored! < 30 } && plain.allSatisfy { $0.direct! < 24 })
        }
    }

    /// A `reverse: true` item plays its frames last first, then the next item plays forwards,
    /// read from the screen: the codes go down through the reversed item and up through the next.
    func testAReversedItemPlaysBackwardsOnScreen() throws {
        try onMainLoop(timeout: 120) {
            let a = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, keyFrameInterval: 7), in: TestClips.directory)
            let b = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 256, height: 144, frameRate: 30, frames: 24, codec: .vp9, keyFrameInterval: 7), in: TestClips.directory)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [a, a],
                                                                  playlists: [0: [PlaylistItem(location: a, reverse: true), PlaylistItem(location: b)]],
                                                                  looping: [0])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0])
            var readings: [(item: Int?, code: Int?)] = []
            let start = Date()
            while Date().timeIntervalSince(start) < 3.5 {
                readings.append((wall.tiles[0].itemPosition, WallWindowHarness.framesOnScreen(window, regions: [0])[0]))
                await pause(seconds: 0.02)
            }
            XCTAssertTrue(readings.allSatisfy { $0.code != nil }, "every capture shows a frame: \(readings)")
            // Runs of captures on one item (told apart by the wall's own item number).
            var runs: [(item: Int, codes: [Int])] = []
            for case let (item?, code?) in readings {
                if runs.last?.item == item { runs[runs.count - 1].codes.append(code) } else { runs.append((item, [code])) }
            }
            let inner = runs.dropFirst().dropLast()  // whole runs only
            XCTAssertGreaterThanOrEqual(inner.count, 2, "both items came round: \(runs)")
            for run in inner {
                // A capture near the change may still show the item before: judged in the middle.
                let middle = Array(run.codes.dropFirst(2).dropLast(2))
                let pairs = zip(middle, middle.dropFirst())
                if run.item == 0 {
                    XCTAssertTrue(pairs.allSatisfy { $1 <= $0 }, "the reversed item goes down: \(run.codes)")
                } else {
                    XCTAssertTrue(pairs.allSatisfy { $1 >= $0 }, "the next item goes up: \(run.codes)")
                }
                XCTAssertGreaterThan(Set(middle).count, 5, "\(run.codes)")
            }
        }
    }

    /// The image mirrored left to right.
    private static func mirrored(_ image: RGBImage) -> RGBImage {
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let from = (y * image.width + x) * 3, to = (y * image.width + image.width - 1 - x) * 3
                pixels[to] = image.pixels[from]; pixels[to + 1] = image.pixels[from + 1]; pixels[to + 2] = image.pixels[from + 2]
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }
}
