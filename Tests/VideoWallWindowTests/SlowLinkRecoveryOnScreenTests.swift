import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// A network tile on a link only a little faster than its bit rate (1.3 times) whose server
/// goes away for 7 s, read from the screen, with recovery and the watchdog as `--retry inf`
/// sets them: once back it must rejoin far enough ahead to fill its buffer at that speed, stay
/// joined, and show the local tile's frame in every capture for 20 s.
final class SlowLinkRecoveryOnScreenTests: XCTestCase {
    static let clip = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 1800, keyFrameInterval: 30,
                                         bitrate: 6000, preset: "ultrafast", grain: true)

    func testARecoveryOnALinkLittleFasterThanTheBitRateEndsInSyncAndStaysSo() throws {
        let local = try onMainLoop(timeout: 120) { try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory) }
        let folder = (local as NSString).deletingLastPathComponent
        // The file's own mean bit rate, container included: what the link must carry.
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: local)[.size] as? Int)
        let bytesPerSecond = Int(Double(size) / (Double(Self.clip.frames) / Double(Self.clip.frameRate)) * 1.3)
        let servers = ServerSlot(try LoopbackHTTPServer(serving: folder, bytesPerSecond: bytesPerSecond))
        defer { servers.current.terminate() }
        try onMainLoop(timeout: 150) {
            var configuration = WallConfiguration()
            configuration.recovery = .forever
            configuration.stallWatch = StallWatch()
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide,
                                                                  sources: [local, servers.current.url(for: local)],
                                                                  configuration: configuration)
            defer { WallWindowHarness.close(window, wall) }
            var messages: [String] = []
            let listening = Task { @MainActor in
                for await event in wall.events() {
                    if case .tileRecovery(let tile, let change) = event { messages.append("tile \(tile + 1): \(change)") }
                }
            }
            defer { listening.cancel() }
            await WallWindowHarness.settle(window, regions: [0, 1])
            await pause(seconds: 2)
            let before = WallWindowHarness.framesOnScreen(window, regions: [0, 1])
            XCTAssertTrue(before[0] != nil && before[0] == before[1], "before the outage the link keeps up: \(before), \(WallWindowHarness.describe(wall))")

            let port = servers.current.port
            servers.current.terminate()
            await pause(seconds: 7)
            servers.current = try LoopbackHTTPServer(serving: folder, port: port, bytesPerSecond: bytesPerSecond)
            let back = await waitUntil(timeout: 30) { wall.tiles[1].recoveries > 0 }
            XCTAssertTrue(back, "the tile came back: \(messages), \(WallWindowHarness.describe(wall))")

            var captures: [[Int?]] = []
            for _ in 0..<20 {
                await pause(seconds: 1)
                captures.append(WallWindowHarness.framesOnScreen(window, regions: [0, 1]))
            }
            let apart = captures.filter { $0[0] == nil || $0[0] != $0[1] }
            XCTAssertTrue(apart.isEmpty, "both tiles on one frame in every capture for 20 s; apart: \(apart) of \(captures); \(messages); \(WallWindowHarness.describe(wall))")
            XCTAssertGreaterThan(Set(captures.map { $0[0] }).count, 15, "the frames move on: \(captures)")

            XCTAssertEqual(wall.tiles[1].recoveries, 1, "one recovery, no flapping: \(messages)")
        }
    }
}
