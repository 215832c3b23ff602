import Foundation
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Loops of clips with sound, headless sound, and a kiosk layout's own loops: the built binary,
/// real clips, its report.
final class LoopingWithSoundTests: XCTestCase {
    private func report(_ text: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return try XCTUnwrap(object?["tiles"] as? [[String: Any]], "report: \(text)")
    }

    /// A 1 s clip with sound (H.264 + Opus in MP4, VP9 + Opus in WebM) beside a silent one loops
    /// three times in 3.4 s and the program stops on time with its report.
    func testClipsWithSoundLoopAndStopOnTime() throws {
        let clips = try onMainLoop {
            [try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, audio: true)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, codec: .vp9, container: .webm, audio: true)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, pattern: "ball"))]
        }
        let started = Date()
        let result = try CommandRunner.run(["--headless", "--mute", "--loop", "--quit-after", "3.4", "--report", "-"] + clips, timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "stopped on time")
        let tiles = try report(result.standardOutput)
        XCTAssertEqual(tiles.count, 3)
        for tile in tiles {
            XCTAssertEqual(tile["loops"] as? Int, 3, "wrapped at 1, 2 and 3 s: \(tile)")
            XCTAssertEqual(Double(tile["framesRendered"] as? Int ?? 0), 102, accuracy: 4, "3.4 s at 30 fps, no frame lost at a wrap: \(tile)")
            XCTAssertEqual(tile["framesDropped"] as? Int, 0, "\(tile)")
        }
    }

    /// SIGTERM in the middle of a loop with sound ends the program with its report.
    func testSignalDuringALoopWithSoundWritesTheReport() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15, audio: true)) }
        let result = try CommandRunner.run(["--headless", "--loop", "--report", "-", clip], timeout: 20, signalAfter: 1.7)
        let tile = try XCTUnwrap(try report(result.standardOutput).first, result.standardError)
        XCTAssertGreaterThanOrEqual(tile["loops"] as? Int ?? 0, 2, "it was looping when stopped: \(tile)")
    }

    /// Headless plays no sound: every tile's audio goes to a fakesink, so nothing opens the
    /// sound device (which on this machine has no card and no server, and says so on stderr).
    func testHeadlessOpensNoAudioDevice() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, audio: true)) }
        let result = try CommandRunner.run(["--headless", "--quit-after", "0.5", clip, clip], timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        for noise in ["ALSA", "Connection refused", "pulse", "audio device"] {
            XCTAssertFalse(result.standardError.contains(noise), "no audio device was opened: \(result.standardError)")
        }
    }

    /// `--no-audio` opens no audio device in a window either (mpv's option): without it, this
    /// machine kind (no sound card, no sound server) prints ALSA's complaints on stderr.
    func testNoAudioInAWindowOpensNoAudioDevice() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 30, audio: true)) }
        let display = try VirtualDisplay.ensure()
        let result = try CommandRunner.run(["--no-audio", "--quit-after", "0.5", "--report", "-", clip],
                                           environment: ["DISPLAY": display], display: true, timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try XCTUnwrap(try report(result.standardOutput).first)["state"] as? String, "playing", "the tile played in the window")
        for noise in ["ALSA", "Connection refused", "pulse", "audio device"] {
            XCTAssertFalse(result.standardError.contains(noise), "no audio device was opened: \(result.standardError)")
        }
    }

    /// The README's kiosk example: a region's `loop: true` loops its short clip at its own end
    /// although kiosk mode loops the wall as a group.
    func testKioskLayoutLoopsItsShortTile() throws {
        let (short, long) = try onMainLoop {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 120, pattern: "ball")))
        }
        let display = try VirtualDisplay.ensure()
        let result = try CommandRunner.run(["--kiosk", "--layout", "kiosk-loop", "--quit-after", "3", "--report", "-", short, long],
                                           environment: ["DISPLAY": display], display: true, timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
        let tiles = try report(result.standardOutput)
        XCTAssertEqual(Double(tiles[0]["framesRendered"] as? Int ?? 0), 90, accuracy: 8, "the 0.5 s tile plays all along: \(tiles[0])")
        XCTAssertGreaterThanOrEqual(tiles[0]["loops"] as? Int ?? 0, 5, "\(tiles[0])")
    }
}
