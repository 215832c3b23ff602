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

        let runs = Runs()
        runs.start("leader") {
            try CommandRunner.run(["lead", "--kiosk", "--no-audio", "--no-mpris", "--quit-after", "16", "--layout", layout,
                                   "--clock-port", "\(scratch.clockPort)", "--control-port", "\(scratch.controlPort)",
                                   "--input-ipc-server", scratch.socket, clip],
                                  environment: ["DISPLAY": leaderDisplay], display: true, timeout: 60)
        }
        Thread.sleep(forTimeInterval: 2)
        runs.start("follower") {
            try CommandRunner.run(["follow", "--kiosk", "--no-audio", "--no-mpris", "--media-root", NSTemporaryDirectory(), "--quit-after", "10",
                                   "127.0.0.1:\(scratch.controlPort)"],
                                  environment: ["DISPLAY": followerDisplay], display: true, timeout: 60)
        }
        // Joined after the clock's settling; then the words changed on the leader.
        Thread.sleep(forTimeInterval: 6)
        let said = try IPCClient.request([.string("set_property"), .string("overlay/1/text"), .string("Gate 12")], at: scratch.socket, timeout: .seconds(5))
        XCTAssertTrue(said.succeeded, said.error)
        Thread.sleep(forTimeInterval: 2.5)
        let capture = scratch.folder + "/follower.png"
        let taken = try CommandRunner.captureRoot(of: followerDisplay, to: capture)
        XCTAssertEqual(taken.status, 0, taken.standardError)
        let results = runs.wait()
        for name in ["leader", "follower"] {
            let result = results[name] ?? nil
            XCTAssertEqual(result?.status, 0, "\(name): \(result?.standardError ?? "did not run")")
        }
        let frame = try XCTUnwrap(PNGFrame.read(capture))
        let overlay = try XCTUnwrap(WallOverlay.overlays(of: try LayoutParser.parse(yaml: yaml, sourceName: "overlay-sync.yaml")).first)
        let place = overlay.placement(in: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
        func difference(_ text: String) -> Int {
            OverlayOnScreenTests.difference(OverlayPainting.picture(of: text, lineHeight: place.lineHeight, color: overlay.color, background: overlay.background),
                                            in: frame.image, at: (place.x, place.y))
        }
        let (now, before) = (difference("Gate 12"), difference("Lobby screen"))
        XCTAssertLessThan(now, 400, "the leader's new words on the follower's screen: \(now) pixels apart, the layout's \(before)")
        XCTAssertGreaterThan(before, 2 * now, "the layout's words gone: \(now) pixels apart, the layout's \(before)")
    }
}
