import Foundation
import VideoWallCore
import VideoWallPresentation
import VideoWallProtocol
import VideoWallRemote
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// A text overlay of a wall across machines changed on its leader changes on its followers'
/// screens too: the leader in a window on one X server, its follower in a window on another,
/// the words set over the leader's IPC socket and read from a capture of the follower's screen.
final class WallOverlaySyncTests: XCTestCase {
    func testWordsSetOnTheLeaderShowOnTheFollower() throws {
        let clip = try onMainLoop { try await TestClips.positionRamp(seconds: 40) }
        let leaderDisplay = try VirtualDisplay.ensure()
        let (followerDisplay, xvfb) = try VirtualDisplay.start(width: 1280, height: 720)
        defer { xvfb.terminate(); xvfb.waitUntilExit() }
        let scratch = try WallScratch("vw-overlay-sync")
        defer { withExtendedLifetime(scratch) {} }
        let yaml = """
            name: overlay-sync
            regions:
              - {x: 0, y: 0, width: 1, height: 1}
            overlays:
              - {text: "Lobby screen", x: 0.1, y: 0.1, size: 0.08, color: "#FFD000", background: "#000000"}
            """
        let layout = scratch.folder + "/overlay-sync.yaml"
        try yaml.write(toFile: layout, atomically: true, encoding: .utf8)

        let overlay = try XCTUnwrap(WallOverlay.overlays(of: try LayoutParser.parse(yaml: yaml, sourceName: "overlay-sync.yaml")).first)
        let place = overlay.placement(in: PixelRect(x: 0, y: 0, width: 1280, height: 720))
        /// How far the follower's screen is from showing `words` (pixels apart), and its picture.
        func shown(_ words: [String], _ name: String) throws -> [Int] {
            let capture = scratch.folder + "/\(name).png"
            let taken = try CommandRunner.captureRoot(of: followerDisplay, to: capture)
            XCTAssertEqual(taken.status, 0, taken.standardError)
            let frame = try XCTUnwrap(PNGFrame.read(capture))
            XCTAssertEqual("\(frame.width)x\(frame.height)", "1280x720")
            return words.map {
                OverlayOnScreenTests.difference(OverlayPainting.picture(of: $0, lineHeight: place.lineHeight, color: overlay.color, background: overlay.background),
                                                in: frame.image, at: (place.x, place.y))
            }
        }

        let leader = BackgroundRun(["lead", "--kiosk", "--no-audio", "--no-mpris", "--quit-after", "60", "--layout", layout,
                                    "--clock-port", "\(scratch.clockPort)", "--control-port", "\(scratch.controlPort)",
                                    "--input-ipc-server", scratch.socket, clip],
                                   environment: ["DISPLAY": leaderDisplay], display: true, timeout: 90)
        Thread.sleep(forTimeInterval: 2)
        let follower = BackgroundRun(["follow", "--kiosk", "--no-audio", "--no-mpris", "--media-root", NSTemporaryDirectory(), "--quit-after", "60",
                                      "127.0.0.1:\(scratch.controlPort)"],
                                     environment: ["DISPLAY": followerDisplay], display: true, timeout: 90)
        // The follower's window shows the layout's words once it has joined (after the
        // clock's settling); then they are changed on the leader.
        var layoutWords = Int.max
        let joining = Date().addingTimeInterval(15)
        while layoutWords >= 400, Date() < joining {
            Thread.sleep(forTimeInterval: 0.5)
            layoutWords = try shown(["Lobby screen"], "joining")[0]
        }
        XCTAssertLessThan(layoutWords, 400, "the follower shows the layout's words: \(layoutWords) pixels apart")
        let said = try IPCClient.request([.string("set_property"), .string("overlay/1/text"), .string("Gate 12")], at: scratch.socket, timeout: .seconds(5))
        XCTAssertTrue(said.succeeded, said.error)
        // It asks its leader once a second.
        var (now, before) = (Int.max, 0)
        let following = Date().addingTimeInterval(5)
        while now >= 400 || before <= 2 * now, Date() < following {
            Thread.sleep(forTimeInterval: 0.3)
            let differences = try shown(["Gate 12", "Lobby screen"], "follower")
            (now, before) = (differences[0], differences[1])
        }
        for (name, run) in [("follower", follower), ("leader", leader)] {
            let result = try run.stop()
            XCTAssertEqual(result.status, 0, "\(name): \(result.standardError)")
        }
        XCTAssertLessThan(now, 400, "the leader's new words on the follower's screen: \(now) pixels apart, the layout's \(before)")
        XCTAssertGreaterThan(before, 2 * now, "the layout's words gone: \(now) pixels apart, the layout's \(before)")
    }
}
