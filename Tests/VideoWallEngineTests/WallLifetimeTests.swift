import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A wall owns its pipelines by construction: loading a second set of sources stops the first,
/// and a wall dropped without `close()` stops what it owns. Checked by GStreamer's `leaks`
/// tracer, which lists every GStreamer object still alive at `gst_deinit`: that needs a
/// process of its own, so the test runs its other half in a child (this test bundle, with the
/// tracer on, running only `testChildLoadsTwiceAndDropsTheWall`).
final class WallLifetimeTests: XCTestCase {
    private static let childSources = "VIDEOWALL_LIFETIME_CHILD_SOURCES"

    func testAWallLoadedTwiceAndDroppedLeavesNothingAlive() throws {
        // Silent clips: with an Opus track, GStreamer 1.22 itself leaks (`gst-launch-1.0 playbin`
        // on the same file leaves playsink's `volume` element and two `audio/x-opus` caps alive).
        let clips = try onMainLoop {
            [try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 60, pattern: "snow")),
             try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 25, frames: 50, codec: .vp9, container: .webm, pattern: "ball")),
             try await TestClips.clip(TestClips.landscape)]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["VideoWallEngineTests.WallLifetimeTests/testChildLoadsTwiceAndDropsTheWall"]
        var environment = ProcessInfo.processInfo.environment
        environment["GST_TRACERS"] = "leaks"
        environment["GST_DEBUG"] = "GST_TRACER:7"
        environment[Self.childSources] = clips.joined(separator: "\n")
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = ReadAll(output), logged = ReadAll(errors)
        process.waitUntilExit()
        let log = logged.text, report = printed.text
        XCTAssertEqual(process.terminationStatus, 0, report.suffix(2000).description)
        XCTAssertTrue(report.contains("testChildLoadsTwiceAndDropsTheWall' passed"), report.suffix(2000).description)
        XCTAssertTrue(log.contains("leaks"), "the tracer was active")
        let alive = log.split(separator: "\n").filter { $0.contains("object-alive") && !$0.contains("gst_tracer_record") }
        XCTAssertTrue(alive.isEmpty, "alive at gst_deinit:\n" + alive.prefix(8).joined(separator: "\n"))
    }

    /// The child's half (skipped unless the parent started it): two loads, play, drop the wall
    /// without closing it, then `gst_deinit`, at which the tracer lists what is still alive.
    func testChildLoadsTwiceAndDropsTheWall() throws {
        guard let sources = ProcessInfo.processInfo.environment[Self.childSources]?.split(separator: "\n").map(String.init) else {
            throw XCTSkip("the child half of testAWallLoadedTwiceAndDroppedLeavesNothingAlive")
        }
        try onMainLoop(timeout: 60) {
            var wall: Wall? = try Wall()
            await wall?.load(Array(sources.prefix(2)).map { TileSpec(source: $0) })
            wall?.play()
            await pause(seconds: 0.5)
            let first = wall?.slots.compactMap(\.player).map { ObjectIdentifier($0) } ?? []
            await wall?.load(Array(sources.suffix(2)).map { TileSpec(source: $0) })
            XCTAssertEqual(wall?.slots.count, 2)
            XCTAssertTrue(wall?.slots.allSatisfy { slot in !first.contains(where: { $0 == slot.player.map(ObjectIdentifier.init) }) } ?? false,
                          "the second load has players of its own")
            wall?.play()
            await pause(seconds: 0.5)
            XCTAssertEqual(wall?.transport, .playing)
            weak var dropped = wall
            wall = nil
            XCTAssertNil(dropped, "nothing keeps a dropped wall alive")
        }
        XCTAssertTrue(GStreamer.deinitialize(waitingAtMost: 10), "every pipeline stopped: \(BlockingCalls.outstanding)")
    }
}

/// Reads a pipe to its end on a thread of its own, so a full pipe never blocks the child.
private final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    var text: String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
