import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallRemote
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// A wall across three screens (the shipped `wall-3x1` layout): the leader plays one picture
/// over the whole canvas, and a follower given `--screen` shows only the part of the canvas
/// under its screen. What the follower shows is read from a capture of the X screen taken by
/// `import`, outside the process, on a clip whose pixels tell their own place.
final class WallScreensTests: XCTestCase {
    /// Where each screen's picture comes from, worked out by hand from layouts/wall-3x1.yaml:
    /// a 640x360 picture filling the 3630 x 680 mm canvas is 3630 mm wide (5.671875 mm a
    /// pixel) and 2041.875 mm high, 680.9375 mm of it above the canvas. Each screen's lit area
    /// is inside a 5 mm bezel: `left` x 5 to 1205 mm, `middle` 1215 to 2415, all y 5 to 675.
    /// As fractions of the picture: x 0.0014 to 0.3320 (left), 0.3347 to 0.6653 (middle);
    /// y 0.3359 to 0.6641.
    private static let screens: [(name: String, x: ClosedRange<Double>)] = [
        ("middle", 0.3347...0.6653),
        ("left", 0.0014...0.3320),
    ]
    private static let pictureY = 0.3359...0.6641

    func testAFollowerShowsThePartOfTheCanvasUnderItsScreen() throws {
        let clip = try onMainLoop { try await TestClips.positionRamp(seconds: 40) }
        let display = try VirtualDisplay.ensure()
        let scratch = try WallScratch("vw-screens")
        defer { withExtendedLifetime(scratch) {} }
        let (folder, clockPort, controlPort) = (scratch.folder, scratch.clockPort, scratch.controlPort)

        let leader = BackgroundRun(["lead", "--headless", "--quit-after", "60", "--layout", "wall-3x1",
                                    "--clock-port", "\(clockPort)", "--control-port", "\(controlPort)", clip], timeout: 90)
        defer { _ = try? leader.stop() }
        let serving = Date().addingTimeInterval(15)
        var layout: SharedLayout?
        while Date() < serving, layout == nil {
            if let reply = try? IPCClient.request([.string("get_property"), .string("wall-layout")], host: "127.0.0.1", port: controlPort, timeout: .seconds(1)),
               let data = reply.data { layout = SharedLayout(json: data) }
            if layout == nil { Thread.sleep(forTimeInterval: 0.2) }
        }
        XCTAssertEqual(layout?.regions, [0], "the leader shares its layout and the tile's region")
        XCTAssertTrue(layout?.text.contains("screens:") == true)

        for screen in Self.screens {
            let follower = BackgroundRun(["follow", "--kiosk", "--media-root", NSTemporaryDirectory(), "--quit-after", "30", "--screen", screen.name,
                                          "127.0.0.1:\(controlPort)"], environment: ["DISPLAY": display], display: true, timeout: 40)
            // It joins after the clock's 2 s of settling and the half-second lead: captured
            // until it shows its part (at most 12 s), then stopped.
            var misplaced = ["\(screen.name): no capture"]
            let joining = Date().addingTimeInterval(12)
            repeat {
                Thread.sleep(forTimeInterval: 0.5)
                let capture = folder + "/\(screen.name).png"
                let taken = try CommandRunner.captureRoot(of: display, to: capture)
                XCTAssertEqual(taken.status, 0, taken.standardError)
                let frame = try XCTUnwrap(PNGFrame.read(capture), "\(screen.name): the capture reads back")
                misplaced = Self.misplaced(frame.image, on: screen)
            } while !misplaced.isEmpty && Date() < joining
            let result = try follower.stop()
            XCTAssertEqual(result.status, 0, "\(screen.name): \(result.standardError)")
            XCTAssertEqual(misplaced, [], "\(screen.name): the part of the canvas under the screen")
        }
    }

    /// Where `image` does not show the picture's part under `screen`: across the middle row and
    /// down the middle column, red tells the picture's x, green its y (the encoder and the
    /// colour conversion move them by a few levels).
    private static func misplaced(_ image: RGBImage, on screen: (name: String, x: ClosedRange<Double>)) -> [String] {
        var wrong: [String] = []
        for step in 0...10 {
            let along = 0.02 + 0.96 * Double(step) / 10
            let (red, _, _) = pixel(image, x: Int(along * Double(image.width)), y: image.height / 2)
            let expectedRed = 255 * (screen.x.lowerBound + along * (screen.x.upperBound - screen.x.lowerBound))
            if abs(Double(red) - expectedRed) > 8 { wrong.append("red \(red) at \(Int(along * 100)) % across, not \(Int(expectedRed))") }
            let (_, green, _) = pixel(image, x: image.width / 2, y: Int(along * Double(image.height)))
            let expectedGreen = 255 * (pictureY.lowerBound + along * (pictureY.upperBound - pictureY.lowerBound))
            if abs(Double(green) - expectedGreen) > 8 { wrong.append("green \(green) at \(Int(along * 100)) % down, not \(Int(expectedGreen))") }
        }
        return wrong
    }

    func testAScreenTheLayoutDoesNotHaveIsRefused() throws {
        let clip = try onMainLoop { try await TestClips.positionRamp(seconds: 40) }
        let result = try CommandRunner.run(["lead", "--headless", "--quit-after", "1", "--layout", "wall-3x1", "--screen", "centre",
                                            "--clock-port", "\(try FreePort.udp())", "--control-port", "\(try FreePort.tcp())", clip], timeout: 30)
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertTrue(result.standardError.contains("no screen named 'centre'; the layout has 'left', 'middle', 'right'"), result.standardError)
        let noCanvas = try CommandRunner.run(["lead", "--headless", "--quit-after", "1", "--screen", "left",
                                              "--clock-port", "\(try FreePort.udp())", "--control-port", "\(try FreePort.tcp())", clip], timeout: 30)
        XCTAssertEqual(noCanvas.status, 64, noCanvas.standardError)
        XCTAssertTrue(noCanvas.standardError.contains("needs a layout with a canvas and screens"), noCanvas.standardError)
    }

    private static func pixel(_ image: RGBImage, x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let x = min(max(x, 0), image.width - 1), y = min(max(y, 0), image.height - 1)
        let offset = (y * image.width + x) * 3
        return (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])
    }
}
