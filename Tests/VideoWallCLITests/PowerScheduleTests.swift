import Foundation
import VideoWallCore
import VideoWallFixtures
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// A layout's `power:` schedule on a running wall: its screens go off at the end of one window
/// and on at the start of the next, written to the second from now. Read from outside: the
/// frame codes of both tiles in captures of the X screen taken by `import`, and what the
/// program says. Xvfb has no DPMS, so the monitors' state cannot be read here (`xset q` says
/// the extension is missing); the program says so, and the wall stands by all the same.
final class PowerScheduleTests: XCTestCase {
    func testTheWallStandsByWhileTheScreensAreOffAndPlaysOnInSync() throws {
        let clip = try onMainLoop(timeout: 90) {
            try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 640, height: 360, frameRate: 30, frames: 900, codec: .h264,
                                                                        keyFrameInterval: 30), in: TestClips.directory)
        }
        let (display, xvfb) = try VirtualDisplay.start(width: 1280, height: 720)
        defer { xvfb.terminate(); xvfb.waitUntilExit() }
        let folder = NSTemporaryDirectory() + "vw-power-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // On until 5 s from now, off for 5 s, on again: local time, as the program reads it.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        func secondOfDay(_ date: Date) -> Int {
            let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
            return (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        }
        // Not across midnight: the two windows would belong to two days.
        if secondOfDay(Date()) > 86_400 - 40 { Thread.sleep(forTimeInterval: Double(86_400 - secondOfDay(Date()) + 1)) }
        let start = Date()
        func clock(_ seconds: Int) -> String {
            let second = secondOfDay(start) + seconds
            return String(format: "%02d:%02d:%02d", second / 3600, second / 60 % 60, second % 60)
        }
        let layout = folder + "/power.yaml"
        try """
            name: power
            regions:
              - {x: 0, y: 0, width: 1, height: 0.5}
              - {x: 0, y: 0.5, width: 1, height: 0.5}
            power:
              - {until: "\(clock(5))"}
              - {from: "\(clock(10))"}
            """.write(toFile: layout, atomically: true, encoding: .utf8)

        let run = BackgroundRun(["--kiosk", "--no-audio", "--no-mpris", "--quit-after", "40", "--layout", layout, clip, clip],
                                environment: ["DISPLAY": display], display: true, timeout: 60)
        // Each 640x360 picture sits in the middle of its 1280x360 region.
        func codes(at seconds: Double) throws -> [Int?] {
            Thread.sleep(forTimeInterval: max(0, seconds - Date().timeIntervalSince(start)))
            let capture = folder + "/capture-\(Int(seconds * 10)).png"
            let taken = try CommandRunner.captureRoot(of: display, to: capture)
            XCTAssertEqual(taken.status, 0, taken.standardError)
            let frame = try XCTUnwrap(PNGFrame.read(capture))
            return [0, 360].map { FrameCode.read(from: frame.image, in: PixelRect(x: 320, y: $0, width: 640, height: 360)) }
        }
        let playing = [try codes(at: 3), try codes(at: 4)]
        let off = [try codes(at: 7), try codes(at: 9)]
        let back = [try codes(at: 13.5), try codes(at: 15)]
        let result = try run.stop()
        XCTAssertEqual(result.status, 0, result.standardError)
        let all = "playing \(playing), off \(off), back \(back)"
        for shot in playing + off + back {
            XCTAssertNotNil(shot[0], all)
            XCTAssertEqual(shot[0], shot[1], "both tiles on one frame: \(all)")
        }
        let (a, b) = ((playing[0][0] ?? 0) ?? 0, (playing[1][0] ?? 0) ?? 0)
        XCTAssertGreaterThan(b, a + 15, "it plays before: \(all)")
        let (stood, stillStood) = ((off[0][0] ?? 0) ?? 0, (off[1][0] ?? 0) ?? 0)
        XCTAssertEqual(stood, stillStood, "it stands by while the screens are off: \(all)")
        XCTAssertGreaterThan(stood, b, all)
        let (woke, later) = ((back[0][0] ?? 0) ?? 0, (back[1][0] ?? 0) ?? 0)
        XCTAssertGreaterThan(later, woke + 30, "it plays again: \(all)")
        // From where it stood: at 13.5 s it has played about 3.5 s since 10 s, not 8.5 s since it stood.
        XCTAssertLessThan(woke - stood, 30 * 5, "on from where it stood, not from where the clock got to: \(all)")
        XCTAssertGreaterThan(woke - stood, 30 * 2, all)
        XCTAssertTrue(result.standardError.contains("power: the layout's schedule turns the screens off and the wall stands by (on again at "), result.standardError)
        XCTAssertTrue(result.standardError.contains("power: the layout's schedule turns the screens on and the wall plays on"), result.standardError)
        XCTAssertEqual(result.standardError.components(separatedBy: "this X server cannot switch its monitors (it has no DPMS)").count, 2,
                       "said once: \(result.standardError)")
    }
}
