import Foundation
import VideoWallCore
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// One process, two monitors (`monitor:` in the layout): an X server with two 640x360
/// monitors side by side (`DummyMonitors`), a canvas of two screens, and one picture in the
/// middle of it crossing from one monitor onto the other. The clip carries a whole frame code
/// in each half, so each monitor's half is read alone from captures of the X screen taken by
/// `import`, outside the process.
final class SeveralMonitorsTests: XCTestCase {
    func testTwoMonitorsShowTheirHalvesOfOnePictureOnOneFrame() throws {
        let monitors = try DummyMonitors(count: 2, width: 640, height: 360)
        let clip = try onMainLoop(timeout: 90) {
            try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 640, height: 360, frameRate: 30, frames: 300, codec: .h264,
                                                                        keyFrameInterval: 30, codeCopies: 2), in: TestClips.directory)
        }
        let folder = NSTemporaryDirectory() + "vw-monitors-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Millimetres as pixels: screen 'left' is monitor 0 (x 0 to 640), 'right' monitor 1
        // (640 to 1280); the region is the middle half of the canvas, 640x360 on the screen,
        // the clip's own size, so x 320 to 640 shows its left half and 640 to 960 its right.
        let layout = folder + "/two-monitors.yaml"
        try """
            name: two-monitors
            canvas: {width: 1280, height: 360}
            screens:
              - {name: left, x: 0, y: 0, width: 640, height: 360, pixels: 640x360, monitor: 0}
              - {name: right, x: 640, y: 0, width: 640, height: 360, pixels: 640x360, monitor: 1}
            regions:
              - {x: 0.25, y: 0, width: 0.5, height: 1, fit: fill}
            """.write(toFile: layout, atomically: true, encoding: .utf8)

        let runs = Runs()
        runs.start("wall") {
            try CommandRunner.run(["--kiosk", "--no-audio", "--no-mpris", "--quit-after", "11", "--report", "-", "--layout", layout, clip],
                                  environment: ["DISPLAY": monitors.display], display: true, timeout: 60)
        }
        Thread.sleep(forTimeInterval: 3)
        var readings: [(left: Int?, right: Int?)] = []
        for index in 0..<20 {
            let capture = folder + "/capture-\(index).png"
            let taken = try CommandRunner.run(["-display", monitors.display, "-window", "root", capture], program: "/usr/bin/import", timeout: 20)
            XCTAssertEqual(taken.status, 0, taken.standardError)
            let frame = try XCTUnwrap(PNGFrame.read(capture), "capture \(index) reads back")
            XCTAssertEqual("\(frame.width)x\(frame.height)", "1280x360", "the root window spans both monitors")
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
        // One tile, one player: the monitors share its decode (the report has one tile).
        XCTAssertEqual(result.standardOutput.components(separatedBy: "\"source\"").count - 1, 1, result.standardOutput)
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
