import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// A network tile whose server went away and came back, read from the screen: while it is
/// gone its region says so and the local tile plays on; once back, both regions show the
/// same frame.
final class RecoveryOnScreenTests: XCTestCase {
    static let clip = FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 900, keyFrameInterval: 30,
                                         bitrate: 6000, preset: "ultrafast", grain: true)

    func testATileWhoseServerCameBackShowsTheSameFrameAsTheOthers() throws {
        let local = try onMainLoop(timeout: 90) { try await FrameCodedClipGenerator.cached(Self.clip, in: TestClips.directory) }
        let servers = ServerSlot(try LoopbackHTTPServer(serving: (local as NSString).deletingLastPathComponent, bytesPerSecond: 4_000_000))
        defer { servers.current.terminate() }
        try onMainLoop(timeout: 120) {
            var configuration = WallConfiguration()
            configuration.recovery = RecoveryPolicy(attempts: 20, firstDelay: .milliseconds(300), longestDelay: .seconds(1))
            let (window, wall) = try await WallWindowHarness.open(layout: WallWindowHarness.sideBySide,
                                                                  sources: [local, servers.current.url(for: local)],
                                                                  configuration: configuration)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1])
            let port = servers.current.port
            servers.current.terminate()
            let failed = await waitUntil(timeout: 30) { wall.tiles[1].failure != nil || wall.tiles[1].state == .loading }
            XCTAssertTrue(failed, "the network tile fails without its server: \(WallWindowHarness.describe(wall))")
            let stillPlaying = WallWindowHarness.framesOnScreen(window, regions: [0])[0]
            await pause(seconds: 0.5)
            XCTAssertNotEqual(WallWindowHarness.framesOnScreen(window, regions: [0])[0], stillPlaying, "the local tile plays on")

            servers.current = try LoopbackHTTPServer(serving: (local as NSString).deletingLastPathComponent, port: port, bytesPerSecond: 4_000_000)
            let back = await waitUntil(timeout: 30) { wall.tiles[1].recoveries > 0 }
            XCTAssertTrue(back, "the tile came back: \(WallWindowHarness.describe(wall))")
            await pause(seconds: 0.5)
            var captures: [[Int?]] = []
            for _ in 0..<6 {
                captures.append(WallWindowHarness.framesOnScreen(window, regions: [0, 1]))
                await pause(seconds: 0.2)
            }
            for seen in captures {
                XCTAssertTrue(seen[0] != nil && seen[0] == seen[1], "both tiles on one frame: \(captures), \(WallWindowHarness.describe(wall))")
            }
            XCTAssertGreaterThan(Set(captures.map { $0[0] }).count, 3, "the frames move on: \(captures)")
        }
    }
}

/// A test's server, replaced when it comes back on the same port (here and in
/// `SlowLinkRecoveryOnScreenTests`).
final class ServerSlot: @unchecked Sendable {
    var current: LoopbackHTTPServer
    init(_ server: LoopbackHTTPServer) { current = server }
}
