import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Pictures stand the way the stream and the user say: a phone's portrait clip (tagged
/// `rotate-90`) upright as in mpv, and a region turned a quarter for a portrait screen, with
/// aspect-fit computed on the turned size. Read from captures of a real window.
final class OrientationOnScreenTests: XCTestCase {
    /// SMPTE bars: a light grey bar at the top left, a blue one at the top right.
    private static let bars = ClipSpec(width: 320, height: 180, frames: 90, pattern: "smpte")

    private static func isGrey(_ p: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        p.red > 150 && p.green > 150 && p.blue > 150
    }

    private static func isBlue(_ p: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        p.blue > 150 && p.red < 60 && p.green < 60
    }

    func testARegionTurnedAQuarterClockwiseStandsOnItsSideAndFitsTheTurnedSize() throws {
        try onMainLoop(timeout: 60) {
            let bars = try await TestClips.clip(Self.bars)
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [bars, bars],
                                                                         rotations: [0: PictureRotation(degrees: 90)])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            let image = try XCTUnwrap(window.capture())
            let turned = try XCTUnwrap(window.videoFrame(ofRegion: 0)), plain = try XCTUnwrap(window.videoFrame(ofRegion: 1))
            // Fitted on 180x320 in its region, the other on 320x180.
            let frame = window.regionFrame(ofRegion: 0)
            let expected = AspectFit.videoRect(media: Size(width: 180, height: 320), in: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), mode: .fit)
            XCTAssertLessThanOrEqual(abs(turned.width - expected.width), 2, "turned: \(turned), expected \(expected)")
            XCTAssertLessThanOrEqual(abs(turned.height - expected.height), 2, "turned: \(turned), expected \(expected)")
            XCTAssertGreaterThan(plain.width, plain.height, "the other region is not turned: \(plain)")
            // Turned clockwise, the top edge is on the right: grey at the top right, blue at the bottom right.
            let inset = 4
            let topRight = image.pixel(x: turned.x + turned.width - inset, y: turned.y + inset)
            let bottomRight = image.pixel(x: turned.x + turned.width - inset, y: turned.y + turned.height - inset)
            XCTAssertTrue(Self.isGrey(topRight), "the source's top left is at the top right: \(topRight)")
            XCTAssertTrue(Self.isBlue(bottomRight), "the source's top right is at the bottom right: \(bottomRight)")
            // Unturned: grey at the top left, blue at the top right.
            XCTAssertTrue(Self.isGrey(image.pixel(x: plain.x + inset, y: plain.y + inset)))
            XCTAssertTrue(Self.isBlue(image.pixel(x: plain.x + plain.width - inset, y: plain.y + inset)))
        }
    }

    /// A real phone clip (corpus 01: 176x144 H.264, its MP4 matrix says rotate 90): shown
    /// upright, 144 wide and 176 high, as mpv shows it; with `--video-rotate=no` on its side.
    func testAPhoneClipTaggedRotate90StandsUpright() throws {
        let phone = try RealMedia.file(1)
        try onMainLoop(timeout: 60) {
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide, sources: [phone, phone],
                                                                         rotations: [1: PictureRotation(followsStream: false)])
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            let image = try XCTUnwrap(window.capture())
            for (region, media) in [(0, Size(width: 144, height: 176)), (1, Size(width: 176, height: 144))] {
                let frame = window.regionFrame(ofRegion: region)
                let expected = AspectFit.videoRect(media: media, in: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), mode: .fit)
                let shown = try XCTUnwrap(window.videoFrame(ofRegion: region))
                XCTAssertLessThanOrEqual(abs(shown.width - expected.width), 2, "region \(region): \(shown), expected \(expected)")
                XCTAssertLessThanOrEqual(abs(shown.height - expected.height), 2, "region \(region): \(shown), expected \(expected)")
                // What the screen shows there is the clip (bright paper), and outside it the background.
                let middle = image.pixel(x: frame.x + expected.x + expected.width / 2, y: frame.y + expected.y + expected.height / 2)
                XCTAssertGreaterThan(Int(middle.red) + Int(middle.green) + Int(middle.blue), 200, "region \(region) shows the clip: \(middle)")
                // Beside a portrait picture the bars are left and right, above and below a landscape one.
                let bar = expected.x > 3 ? image.pixel(x: frame.x + 2, y: frame.y + frame.height / 2)
                                         : image.pixel(x: frame.x + frame.width / 2, y: frame.y + 2)
                XCTAssertEqual([bar.red, bar.green, bar.blue], [0, 0, 0], "region \(region): the bars beside a fitted picture are background")
            }
        }
    }
}
