import Foundation
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The example that ships (`Examples/EmbedExample`): a program with an async main and no GLib
/// main loop of its own loads a wall, plays, seeks, changes speed and closes it.
final class EmbedExampleTests: XCTestCase {
    func testTheExampleRunsAWallUnderAnAsyncMain() throws {
        let clips = try onMainLoop {
            [try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 25, frames: 125, keyFrameInterval: 50, audio: true)),
             try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 30, frames: 150, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 7))]
        }
        let started = Date()
        let result = try CommandRunner.run(clips, program: "videowall-embed-example", timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "2 s of play, a seek and 1 s at 2x take a few seconds")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // The wall went through its transport, in order, and each tile reported its size.
        let transport = lines.filter { $0.hasPrefix("event: wall ") }
        XCTAssertEqual(transport, ["paused", "playing", "seeking", "paused", "playing", "seeking", "paused", "playing"].map { "event: wall \($0)" },
                       result.standardOutput)
        XCTAssertTrue(lines.contains("event: tile 1 media size 320x180"), result.standardOutput)
        XCTAssertTrue(lines.contains("event: tile 2 media size 240x240"), result.standardOutput)
        // Sought to 1 s, then 1 s at double speed: both tiles near 3 s.
        for tile in 1...2 {
            let prefix = "tile \(tile): "
            let line: String = try XCTUnwrap(lines.first(where: { $0.hasPrefix(prefix) }), result.standardOutput)
            let seconds = try XCTUnwrap(Double(String(line.dropFirst(prefix.count).prefix(while: { $0 != " " }))), line)
            XCTAssertEqual(seconds, 3, accuracy: 0.25, line)
        }
    }

    /// A folder tile under an async main picks up a file copied into the folder while it
    /// plays. (Its folder monitor spoke only through a GLib loop on the main thread, which an
    /// async main does not run: the folder's list never changed.)
    func testAFolderTileUnderAnAsyncMainPicksUpANewFile() throws {
        let (first, second) = try onMainLoop {
            (try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 50)),
             try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 50, pattern: "ball")))
        }
        let folder = NSTemporaryDirectory() + "vw-embed-folder-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: first, toPath: folder + "/a.mp4")
        // Copied in (whole, by a rename) once the wall plays.
        let copier = Thread {
            Thread.sleep(forTimeInterval: 1.5)
            try? FileManager.default.copyItem(atPath: second, toPath: folder + "/.b.part")
            try? FileManager.default.moveItem(atPath: folder + "/.b.part", toPath: folder + "/b.mp4")
        }
        copier.start()
        let result = try CommandRunner.run(["--play-for", "7", folder], program: "videowall-embed-example", timeout: 40)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("event: tile 1 playlist item 2"), "the new file is played: \(result.standardOutput)")
    }
}
