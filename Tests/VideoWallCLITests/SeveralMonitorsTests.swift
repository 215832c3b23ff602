import Foundation
import VideoWallCore
import VideoWallFixtures
import VideoWallPresentation
import VideoWallProtocol
import VideoWallRemote
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// One process, two monitors (`monitor:` in the layout): an X server with two 640x360
/// monitors side by side (`DummyMonitors`), a canvas of two screens, and one picture in the
/// middle of it crossing from one monitor onto the other. The clip carries a whole frame code
/// in each half, so each monitor's half is read alone from captures of the X screen taken by
/// `import`, outside the process.
final class SeveralMonitorsTests: XCTestCase {
    func testTwoMonitorsShowTheirHalvesOfOnePictureOnOneFrame() throws {
        let monitors = try DummyMonitors(count: 2, width: 640, height: 360)
        let clip = try halvesClip()
        let folder = NSTemporaryDirectory() + "vw-monitors-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layout = try Self.twoMonitorLayout(in: folder, adding: """
            overlays:
              - {text: "Gate 7", screen: right, x: 0.55, y: 0.6, size: 0.12, color: "#FFD000", background: "#000000"}
              - {text: "Departures and arrivals", x: 0.4, y: 0.82, size: 0.1, color: "#FFFFFF", background: "#202080"}

            """)

        // The wall's own screenshot: both windows in one picture, each where it is.
        let saved = folder + "/wall-screenshot.png"
        let runs = Runs()
        runs.start("wall") {
            try CommandRunner.run(["--kiosk", "--no-audio", "--no-mpris", "--quit-after", "11", "--report", "-", "--layout", layout,
                                   "--screenshot-at", "6", saved, clip],
                                  environment: ["DISPLAY": monitors.display], display: true, timeout: 60)
        }
        Thread.sleep(forTimeInterval: 3)
        var readings: [(left: Int?, right: Int?)] = []
        var last: PNGFrame?
        for index in 0..<20 {
            let capture = folder + "/capture-\(index).png"
            let taken = try CommandRunner.captureRoot(of: monitors.display, to: capture)
            XCTAssertEqual(taken.status, 0, taken.standardError)
            let frame = try XCTUnwrap(PNGFrame.read(capture), "capture \(index) reads back")
            XCTAssertEqual("\(frame.width)x\(frame.height)", "1280x360", "the root window spans both monitors")
            last = frame
            readings.append((FrameCode.read(from: frame.image, in: PixelRect(x: 320, y: 0, width: 320, height: 360)),
                             FrameCode.read(from: frame.image, in: PixelRect(x: 640, y: 0, width: 320, height: 360))))
            Thread.sleep(forTimeInterval: 0.15)
        }
        let result = try XCTUnwrap(runs.wait()["wall"] ?? nil, "the wall ran")
        XCTAssertEqual(result.status, 0, result.standardError)
        for (index, reading) in readings.enumerated() where reading.left == nil || reading.left != reading.right {
            XCTAssertNotNil(reading.left, "capture \(index): monitor 0 shows the picture's left half: \(readings)")
            XCTAssertNotNil(reading.right, "capture \(index): monitor 1 shows the picture's right half: \(readings)")
            XCTAssertEqual(reading.left, reading.right, "capture \(index): both halves on one frame: \(readings)")
            break
        }
        let shown = readings.compactMap(\.left)
        XCTAssertGreaterThan((shown.last ?? 0) - (shown.first ?? 0), 60, "the picture plays on across the captures: \(shown)")
        // The overlay given to screen 'right' is drawn on its monitor, and not on the other.
        let overlay = try XCTUnwrap(WallOverlay.overlays(of: try LayoutParser.load(path: layout)).first)
        let place = overlay.placement(in: PixelRect(x: 0, y: 0, width: 640, height: 360))
        let words = OverlayPainting.picture(of: "Gate 7", lineHeight: place.lineHeight, color: overlay.color, background: overlay.background)
        let screenshot = try XCTUnwrap(last)
        let (onRight, onLeft) = (OverlayOnScreenTests.difference(words, in: screenshot.image, at: (640 + place.x, place.y)),
                                 OverlayOnScreenTests.difference(words, in: screenshot.image, at: (place.x, place.y)))
        XCTAssertLessThan(onRight, 300, "the overlay on its screen: \(onRight) pixels apart; on the other \(onLeft)")
        XCTAssertGreaterThan(onLeft, 3 * onRight, "not on the other screen: \(onLeft) pixels apart")
        // Words over the whole wall are placed on the canvas, as one window showing all of it
        // would: drawn once, across the seam, each monitor showing its part.
        let wide = try XCTUnwrap(WallOverlay.overlays(of: try LayoutParser.load(path: layout)).last)
        let widePlace = wide.placement(in: PixelRect(x: 0, y: 0, width: 1280, height: 360))
        let wideWords = OverlayPainting.picture(of: "Departures and arrivals", lineHeight: widePlace.lineHeight, color: wide.color, background: wide.background)
        XCTAssertTrue(widePlace.x < 640 && widePlace.x + wideWords.width > 640, "the words cross the seam: \(widePlace), \(wideWords.width) wide")
        let acrossSeam = OverlayOnScreenTests.difference(wideWords, in: screenshot.image, at: (widePlace.x, widePlace.y))
        XCTAssertLessThan(acrossSeam, 500, "the words over the wall across both monitors: \(acrossSeam) pixels apart")
        let own = try XCTUnwrap(PNGFrame.read(saved), "the wall's own screenshot reads back")
        XCTAssertEqual("\(own.width)x\(own.height)", "1280x360", "both monitors' windows in one picture")
        let ownCodes = [320, 640].map { FrameCode.read(from: own.image, in: PixelRect(x: $0, y: 0, width: 320, height: 360)) }
        XCTAssertNotNil(ownCodes[0], "\(ownCodes)")
        XCTAssertEqual(ownCodes[0], ownCodes[1], "both halves of the picture in the screenshot, on one frame")
        // One tile, one player: the monitors share its decode (the report has one tile).
        XCTAssertEqual(result.standardOutput.components(separatedBy: "\"source\"").count - 1, 1, result.standardOutput)
    }

    /// A portrait screen on a landscape monitor hung on its side (`rotate: 90`): the 640x360
    /// monitor shows the screen's upright 360x640 picture turned clockwise. The capture, turned
    /// back, reads as a frame code where the fitted picture sits upright; as captured, it does not.
    func testATurnedScreenShowsItsPictureTurned() throws {
        let monitors = try DummyMonitors(count: 1, width: 640, height: 360)
        let clip = try onMainLoop(timeout: 90) {
            try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 640, height: 360, frameRate: 30, frames: 300, codec: .h264,
                                                                        keyFrameInterval: 30), in: TestClips.directory)
        }
        let folder = NSTemporaryDirectory() + "vw-turned-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layout = folder + "/turned.yaml"
        try """
            name: turned
            canvas: {width: 360, height: 640}
            screens:
              - {name: portrait, x: 0, y: 0, width: 360, height: 640, pixels: 360x640, monitor: 0, rotate: 90}
            regions:
              - {x: 0, y: 0, width: 1, height: 1, fit: fit}
            """.write(toFile: layout, atomically: true, encoding: .utf8)
        let runs = Runs()
        runs.start("wall") {
            try CommandRunner.run(["--kiosk", "--no-audio", "--no-mpris", "--quit-after", "7", "--layout", layout, clip],
                                  environment: ["DISPLAY": monitors.display], display: true, timeout: 60)
        }
        Thread.sleep(forTimeInterval: 3)
        // Upright, the 640x360 picture fitted into 360x640 is 360 x 202.5, from y 218.75.
        let picture = PixelRect(x: 0, y: 219, width: 360, height: 202)
        var upright: [Int?] = [], asCaptured: [Int?] = []
        for index in 0..<3 {
            let capture = folder + "/capture-\(index).png"
            let taken = try CommandRunner.captureRoot(of: monitors.display, to: capture)
            XCTAssertEqual(taken.status, 0, taken.standardError)
            let frame = try XCTUnwrap(PNGFrame.read(capture), "capture \(index) reads back")
            XCTAssertEqual("\(frame.width)x\(frame.height)", "640x360")
            upright.append(FrameCode.read(from: Self.turnedBack(frame.image), in: picture))
            asCaptured.append(FrameCode.read(from: frame.image, in: PixelRect(x: 0, y: 79, width: 640, height: 202)))
            Thread.sleep(forTimeInterval: 0.5)
        }
        let result = try XCTUnwrap(runs.wait()["wall"] ?? nil, "the wall ran")
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(upright.contains(nil), "every capture, turned back, shows a frame code: \(upright)")
        XCTAssertEqual(asCaptured, [nil, nil, nil], "as captured, the picture is on its side")
        XCTAssertGreaterThan((upright.last ?? 0) ?? 0, ((upright.first ?? 0) ?? 0) + 20, "it plays on: \(upright)")
    }

    /// `image` turned a quarter counter-clockwise: a window showing a picture turned clockwise,
    /// as the viewer of the monitor hung on its side sees it.
    private static func turnedBack(_ image: RGBImage) -> RGBImage {
        let (width, height) = (image.height, image.width)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // Upright (x, y) was drawn at window (W - 1 - y, x).
                let from = (x * image.width + (image.width - 1 - y)) * 3, to = (y * width + x) * 3
                pixels[to] = image.pixels[from]; pixels[to + 1] = image.pixels[from + 1]; pixels[to + 2] = image.pixels[from + 2]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// A kiosk wall whose second TV is off when it starts: its window waits, the first monitor
    /// plays; when the monitor is there the window shows on it, on the same frame as the other
    /// half; when it goes away the window hides again. Each change is said.
    func testAKioskScreenWaitsForItsMonitorAndShowsWhenItComes() throws {
        let monitors = try DummyMonitors(count: 2, width: 640, height: 360, connected: 1)
        let clip = try halvesClip()
        let folder = NSTemporaryDirectory() + "vw-monitor-wait-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layout = try Self.twoMonitorLayout(in: folder)
        let run = BackgroundRun(["--kiosk", "--no-audio", "--no-mpris", "--quit-after", "40", "--layout", layout, clip],
                                environment: ["DISPLAY": monitors.display], display: true, timeout: 60)
        func capture(_ name: String) throws -> PNGFrame {
            let path = folder + "/\(name).png"
            let taken = try CommandRunner.captureRoot(of: monitors.display, to: path)
            XCTAssertEqual(taken.status, 0, taken.standardError)
            return try XCTUnwrap(PNGFrame.read(path))
        }
        Thread.sleep(forTimeInterval: 3)
        let alone = try capture("alone")
        XCTAssertEqual("\(alone.width)x\(alone.height)", "640x360", "one monitor")
        XCTAssertNotNil(FrameCode.read(from: alone.image, in: PixelRect(x: 320, y: 0, width: 320, height: 360)), "the first monitor plays its half")
        try monitors.connect(output: 1)
        Thread.sleep(forTimeInterval: 2)
        let both = try capture("both")
        XCTAssertEqual("\(both.width)x\(both.height)", "1280x360", "the second monitor is there")
        let halves = [320, 640].map { FrameCode.read(from: both.image, in: PixelRect(x: $0, y: 0, width: 320, height: 360)) }
        XCTAssertNotNil(halves[1], "the waiting window shows on its monitor: \(halves)")
        XCTAssertEqual(halves[0], halves[1], "on the other half's frame: \(halves)")
        monitors.disconnect(output: 1)
        Thread.sleep(forTimeInterval: 2)
        let result = try run.stop()
        XCTAssertEqual(result.status, 0, result.standardError)
        for said in ["screen 'right': monitor 1: there is no such monitor (this display has 1, numbered from 0): its window waits for it",
                     "screen 'right': monitor 1 is there again: its window shows on it",
                     "screen 'right': monitor 1 went away: its window waits for it"] {
            XCTAssertTrue(result.standardError.contains(said), "\(said)\n\(result.standardError)")
        }
    }

    /// A follower of a wall across machines whose layout gives two screens monitors shows both
    /// on this machine's two monitors, and names both to its leader.
    func testAFollowerOnTwoMonitorsNamesBothScreensToItsLeader() throws {
        let monitors = try DummyMonitors(count: 2, width: 640, height: 360)
        let clip = try halvesClip()
        let scratch = try WallScratch("vw-monitors-follower")
        defer { withExtendedLifetime(scratch) {} }
        let layout = try Self.twoMonitorLayout(in: scratch.folder)
        let leader = BackgroundRun(["lead", "--headless", "--quit-after", "60", "--layout", layout, "--clock-port", "\(scratch.clockPort)",
                                    "--control-port", "\(scratch.controlPort)", clip], timeout: 90)
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: scratch.controlPort), "the leader serves")
        let follower = BackgroundRun(["follow", "--kiosk", "--no-audio", "--no-mpris", "--media-root", NSTemporaryDirectory(), "--quit-after", "60",
                                      "127.0.0.1:\(scratch.controlPort)"], environment: ["DISPLAY": monitors.display], display: true, timeout: 90)
        var named: [String] = []
        let reporting = Date().addingTimeInterval(15)
        while named.isEmpty, Date() < reporting {
            Thread.sleep(forTimeInterval: 0.3)
            if let reply = try? IPCClient.request([.string("get_property"), .string("wall-followers")], host: "127.0.0.1", port: scratch.controlPort, timeout: .seconds(1)),
               let data = reply.data, let list = try? JSONSerialization.jsonObject(with: Data(data.jsonText.utf8)) as? [[String: Any]] {
                named = list.compactMap { $0["screen"] as? String }
            }
        }
        let capture = scratch.folder + "/both.png"
        let taken = try CommandRunner.captureRoot(of: monitors.display, to: capture)
        XCTAssertEqual(taken.status, 0, taken.standardError)
        let (followed, led) = (try follower.stop(), try leader.stop())
        XCTAssertEqual(followed.status, 0, followed.standardError)
        XCTAssertEqual(led.status, 0, led.standardError)
        XCTAssertEqual(named, ["left, right"], "the follower names the screens it shows: \(led.standardError)")
        XCTAssertTrue(led.standardError.contains("lead: screen 'left, right' ("), led.standardError)
        let both = try XCTUnwrap(PNGFrame.read(capture))
        let halves = [320, 640].map { FrameCode.read(from: both.image, in: PixelRect(x: $0, y: 0, width: 320, height: 360)) }
        XCTAssertNotNil(halves[0], "the follower shows the picture on its monitors: \(halves)")
    }

    /// A layout that names a monitor this display does not have: the wall does not start, and
    /// says which screen asked for which monitor.
    func testAMonitorThisDisplayDoesNotHaveIsNamed() throws {
        let monitors = try DummyMonitors(count: 1, width: 640, height: 360)
        let clip = try onMainLoop { try await TestClips.positionRamp(seconds: 40) }
        let result = try CommandRunner.run(["--no-audio", "--no-mpris", "--layout", "wall-2x1-monitors", "--quit-after", "2", clip],
                                           environment: ["DISPLAY": monitors.display], display: true, timeout: 30)
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertTrue(result.standardError.contains("screen 'right': monitor 1: there is no such monitor (this display has 1, numbered from 0)"),
                      result.standardError)
    }

    /// A 640x360 frame-coded clip with a whole code in each half, so each monitor's half of a
    /// picture crossing two monitors is read alone.
    private func halvesClip() throws -> String {
        try onMainLoop(timeout: 90) {
            try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 640, height: 360, frameRate: 30, frames: 300, codec: .h264,
                                                                        keyFrameInterval: 30, codeCopies: 2), in: TestClips.directory)
        }
    }

    /// Writes the layout of two 640x360 monitors side by side, with `adding` (more YAML) at its
    /// end, into `folder`; its path. Millimetres as pixels: screen 'left' is monitor 0 (x 0 to
    /// 640), 'right' monitor 1 (640 to 1280); the region is the middle half of the canvas,
    /// 640x360 on the screen, the clip's own size, so x 320 to 640 shows its left half and 640
    /// to 960 its right.
    private static func twoMonitorLayout(in folder: String, adding: String = "") throws -> String {
        let layout = folder + "/two-monitors.yaml"
        try ("""
            name: two-monitors
            canvas: {width: 1280, height: 360}
            screens:
              - {name: left, x: 0, y: 0, width: 640, height: 360, pixels: 640x360, monitor: 0}
              - {name: right, x: 640, y: 0, width: 640, height: 360, pixels: 640x360, monitor: 1}
            regions:
              - {x: 0.25, y: 0, width: 0.5, height: 1, fit: fill}

            """ + adding).write(toFile: layout, atomically: true, encoding: .utf8)
        return layout
    }

    func testScreensTheLayoutDoesNotHaveAreRefused() throws {
        let clip = try onMainLoop { try await TestClips.positionRamp(seconds: 40) }
        let result = try CommandRunner.run(["--screens", "centre=0", "--layout", "wall-2x1-monitors", "--quit-after", "1", clip], timeout: 30)
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertTrue(result.standardError.contains("--screens: wall-2x1-monitors has no screen named 'centre'; it has 'left', 'right'"), result.standardError)
        let headless = try CommandRunner.run(["--screens", "left=0", "--headless", "--layout", "wall-2x1-monitors", "--quit-after", "1", clip], timeout: 30)
        XCTAssertEqual(headless.status, 64, headless.standardError)
        XCTAssertTrue(headless.standardError.contains("--screens needs a window: it cannot be used with --headless"), headless.standardError)
    }
}
