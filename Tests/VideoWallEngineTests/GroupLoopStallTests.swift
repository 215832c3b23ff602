import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Issue 25: with the stall watchdog on (kiosk mode), a tile much shorter than the wall's
/// longest holds its last frame until the group wraps, pass after pass; the watchdog must not
/// take that hold for a stall (before, its region went black with "stalled: no new frame" and
/// it was rebuilt at every loop).
final class GroupLoopStallTests: XCTestCase {
    func testAShortTileHoldingForTheWrapIsNeitherFailedNorRebuilt() throws {
        try onMainLoop(timeout: 90) {
            let short = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 60, pattern: "ball"))
            let long = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 240))
            var configuration = WallConfiguration()
            configuration.groupLoop = true
            configuration.recovery = RecoveryPolicy(attempts: 5, firstDelay: .milliseconds(200), longestDelay: .seconds(1))
            // A watchdog quicker than the kiosk's 5 s, so the 6 s hold would trip it thrice over.
            configuration.stallWatch = StallWatch(frameLimit: .seconds(2), bufferingLimit: .seconds(3))
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            var failures: [String] = []
            let events = wall.events()
            let listener = Task { @MainActor in
                for await event in events {
                    if case .tile(let tile, .failed(let error)) = event { failures.append("tile \(tile + 1): \(error.reasonText)") }
                }
            }
            defer { listener.cancel() }
            await wall.load([TileSpec(source: short), TileSpec(source: long)])
            wall.play()
            // Past the wrap at 8 s, into the next pass of both tiles (the long tile's loop
            // count moves as its wrap is queued, before it is due: the clock decides here).
            await pause(seconds: 9.5)
            XCTAssertLessThan(wall.tiles[1].position?.seconds ?? 8, 4, "the wall went round: \(wall.tiles[1])")
            XCTAssertEqual(failures, [], "no tile was taken for stalled")
            XCTAssertEqual(wall.tiles[0].state, .playing, "\(wall.tiles[0])")
            XCTAssertEqual(wall.tiles[0].recoveries, 0, "the short tile was not rebuilt: \(wall.tiles[0])")
            XCTAssertEqual(wall.tiles[0].loopCount, 1, "it started again with the wrap: \(wall.tiles[0])")
            XCTAssertGreaterThan(wall.tiles[0].position?.seconds ?? 0, 0.5, "and plays its next pass: \(wall.tiles[0])")
        }
    }
}
