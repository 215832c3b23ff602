import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallPresentation
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// Opens a real GTK wall on the (virtual) display and plays `sources` in it.
@MainActor
enum WallWindowHarness {
    /// Each region's frame code as the X server has the window's pixels (nil: unreadable).
    static func framesOnScreen(_ window: WallWindow, regions: [Int]) -> [Int?] {
        guard let capture = window.capture() else { return regions.map { _ in nil } }
        let image = RGBImage(width: capture.width, height: capture.height, pixels: capture.pixels)
        return regions.map { window.videoFrame(ofRegion: $0).flatMap { FrameCode.read(from: image, in: $0) } }
    }

    static func open(layout: Layout, sources: [String], width: Int = 800, height: Int = 450,
                     kiosk: Bool = false, labels: [String: String] = [:],
                     configuration: WallConfiguration = WallConfiguration(),
                     offsets: [Int: TileOffset] = [:], compare: CompareMode? = nil,
                     playlists: [Int: [PlaylistItem]] = [:], looping: Set<Int> = [], screen: CanvasScreen? = nil,
                     rotations: [Int: PictureRotation] = [:]) async throws -> (WallWindow, Wall) {
        _ = try VirtualDisplay.ensure()
        // Simulated input arrives as core X events sent to the window; GDK's XInput 2 device
        // manager would drop them. Must be set before GDK opens the display.
        setenv("GDK_CORE_DEVICE_EVENTS", "1", 1)
        guard GtkRuntime.start() else { throw VirtualDisplayError(message: "GTK could not open the display") }
        var options = WallWindow.Options()
        options.width = width
        options.height = height
        options.kiosk = kiosk
        options.compare = compare
        options.screen = screen
        let window = try WallWindow(layout: layout, assignments: sources.enumerated().map { ($0.offset, $0.element) },
                                    labels: labels, options: options)
        let wall = try Wall(configuration: configuration)
        try window.show(following: wall)
        window.perform(.toggleNames)  // name overlays off: the captures look at the video alone
        await wall.load(sources.enumerated().map {
            TileSpec(source: $0.element, output: window.videoOutput(forTile: $0.offset),
                     endOfStream: looping.contains($0.offset) ? .loop : .hold, offset: offsets[$0.offset] ?? .zero,
                     playlist: playlists[$0.offset] ?? [], rotation: rotations[$0.offset] ?? .auto)
        })
        wall.play()
        return (window, wall)
    }

    /// Waits until every playing region has a fitted video rectangle and frames had time to show.
    static func settle(_ window: WallWindow, regions: [Int]) async {
        _ = await waitUntil(timeout: 10) { regions.allSatisfy { window.videoFrame(ofRegion: $0) != nil } }
        await pause(seconds: 0.6)
        GtkRuntime.drainEvents()
    }

    /// Presses space, as a user pausing would, and waits until the wall is paused and idle.
    static func pauseWithSpace(_ window: WallWindow, _ wall: Wall, file: StaticString = #filePath, line: UInt = #line) async {
        XCTAssertTrue(window.simulateKey("space"), file: file, line: line)
        let paused = await waitUntil(timeout: 3) { wall.transport == .paused }
        XCTAssertTrue(paused, "space pauses", file: file, line: line)
        await wall.whenIdle()
    }

    /// Each tile's state as the wall sees it, for failure messages: a tile stuck on one frame
    /// says whether it is late, failed, or taking part.
    static func describe(_ wall: Wall) -> String {
        let tiles = wall.slots.map { slot in
            let late = wall.machine.isLate(slot.index) ? " late" : ""
            let failure = slot.failure.map { " failed: \($0.reasonText)" } ?? ""
            let position = slot.player?.position.map { String(format: " at %.3f s", $0.seconds) } ?? ""
            return "tile \(slot.index + 1) \(slot.player.map { "\($0.state)" } ?? "no player")\(late)\(position)\(failure)"
        }
        return "wall \(wall.transport); " + tiles.joined(separator: "; ")
    }

    static func close(_ window: WallWindow, _ wall: Wall) {
        wall.shutDown()
        window.close()
        GtkRuntime.drainEvents()
    }

    /// The layout most tests use: two halves, black, no gap.
    static var sideBySide: Layout {
        Layout(name: "test-side-by-side", background: .black, gap: 0, regions: [
            LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 1)),
            LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 1)),
        ])
    }

    /// Bright pixels: the white test clips, never the black background.
    static func isBright(_ p: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        p.red > 150 && p.green > 150 && p.blue > 150
    }

    /// Asserts that what the window shows in `region` is exactly the aspect-fit rectangle of
    /// `media` (within 2 px) and that the rest of the region is background.
    static func assertShowsFitted(_ image: CapturedImage, window: WallWindow, region: Int, media: Size,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let frame = window.regionFrame(ofRegion: region)
        let fitted = AspectFit.videoRect(media: media, in: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), mode: .fit)
        let expected = (x: frame.x + fitted.x, y: frame.y + fitted.y, width: fitted.width, height: fitted.height)
        guard let seen = image.boundingBox(in: (frame.x, frame.y, frame.width, frame.height), where: isBright) else {
            return XCTFail("region \(region): no video on screen", file: file, line: line)
        }
        for (name, a, b) in [("x", seen.x, expected.x), ("y", seen.y, expected.y),
                             ("width", seen.width, expected.width), ("height", seen.height, expected.height)] {
            XCTAssertLessThanOrEqual(abs(a - b), 2, "region \(region) \(name): on screen \(seen), expected \(expected)", file: file, line: line)
        }
        // The bars are background, not something the sink painted.
        let corner = image.pixel(x: frame.x + 1, y: frame.y + 1)
        if fitted.x > 3 || fitted.y > 3 {
            XCTAssertEqual([corner.red, corner.green, corner.blue], [0, 0, 0], "region \(region) corner is background", file: file, line: line)
        }
    }
}
