import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
@testable import VideoWallWindow
import XCTest

/// Keys and the seek bar, sent through the X server the way a user's input arrives.
final class UserInputTests: XCTestCase {
    static let clip = ClipSpec(width: 320, height: 180, frameRate: 30, frames: 180)
    static let single = Layout(name: "one", regions: [LayoutRegion(frame: Rect(x: 0, y: 0, width: 1, height: 1))])
    static let frame = MediaTime(nanoseconds: 33_333_333)

    /// Opens a one-tile window on `source`, lets it settle playing (the seek bar has the
    /// duration by then), runs `body`, and closes it; GStreamer and GLib must log no critical
    /// or warning meanwhile.
    @MainActor
    private static func withPlayingWall(_ source: String, _ body: (WallWindow, Wall) async throws -> Void) async throws {
        let criticals = CriticalCounter()
        let (window, wall) = try await WallWindowHarness.open(layout: single, sources: [source])
        defer {
            WallWindowHarness.close(window, wall)
            XCTAssertEqual(criticals.logged, 0, "GStreamer and GLib logged no critical or warning")
        }
        await WallWindowHarness.settle(window, regions: [0])
        await pause(seconds: 0.3)
        XCTAssertEqual(wall.transport, .playing)
        try await body(window, wall)
    }

    func testKeysPauseStepChangeSpeedAndResume() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(Self.clip)
            try await Self.withPlayingWall(path) { window, wall in
                await WallWindowHarness.pauseWithSpace(window, wall)
                let before = try XCTUnwrap(wall.players[0].lastRenderedTimestamp())

                XCTAssertTrue(window.simulateKey("period"))
                let stepped = await waitUntil(timeout: 3) { wall.players[0].lastRenderedTimestamp() != before }
                XCTAssertTrue(stepped, "'.' steps a frame")
                await wall.whenIdle()
                let after = try XCTUnwrap(wall.players[0].lastRenderedTimestamp())
                XCTAssertEqual(FrameMath.frameIndex(of: after, frameDuration: Self.frame) - FrameMath.frameIndex(of: before, frameDuration: Self.frame), 1,
                               "'.' moved from \(before) to \(after)")

                XCTAssertTrue(window.simulateKey("bracketright"))
                let faster = await waitUntil(timeout: 3) { wall.rate > 1 }
                XCTAssertTrue(faster, "']' speeds up: rate \(wall.rate)")

                XCTAssertTrue(window.simulateKey("space"))
                let resumed = await waitUntil(timeout: 3) { wall.transport == .playing }
                XCTAssertTrue(resumed, "space resumes")
            }
        }
    }

    func testDraggingTheSeekBarPausesSeeksThereAndResumes() throws {
        try onMainLoop(timeout: 60) {
            let path = try await TestClips.clip(Self.clip)
            try await Self.withPlayingWall(path) { window, wall in
                XCTAssertTrue(window.simulateSeekBarButton(down: true, atFraction: 0.75))
                let paused = await waitUntil(timeout: 3) { wall.transport == .paused }
                XCTAssertTrue(paused, "grabbing the seek bar pauses the wall")
                let scrubbed = await waitUntil(timeout: 3) { abs((wall.position?.seconds ?? 0) - 4.5) < 0.6 }
                XCTAssertTrue(scrubbed, "local media seeks while the bar is held: at \(wall.position?.seconds ?? -1) s")
                XCTAssertEqual(wall.transport, .paused)

                XCTAssertTrue(window.simulateSeekBarButton(down: false, atFraction: 0.75))
                let resumed = await waitUntil(timeout: 5) { wall.transport == .playing }
                XCTAssertTrue(resumed, "releasing it resumes playback; \(WallWindowHarness.describe(wall))")
                let position = try XCTUnwrap(wall.position).seconds
                // The trough has margins, so the click lands near, not exactly at, 75 % of 6 s.
                XCTAssertEqual(position, 4.5, accuracy: 0.6, "the wall went to where the bar was released")
            }
        }
    }

    /// Over the network a scrub costs a round trip per seek, so the wall seeks once, when the
    /// seek bar is let go.
    func testNetworkTileSeeksOnlyWhenTheSeekBarIsReleased() throws {
        let path = try onMainLoop { try await TestClips.clip(Self.clip) }
        let server = try LoopbackHTTPServer(serving: TestClips.directory)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            try await Self.withPlayingWall(server.url(for: path)) { window, wall in
                XCTAssertTrue(window.simulateSeekBarButton(down: true, atFraction: 0.75))
                let paused = await waitUntil(timeout: 3) { wall.transport == .paused }
                XCTAssertTrue(paused, "grabbing the seek bar pauses the wall")
                await pause(seconds: 0.7)  // longer than the local-media seek throttle
                let whileHeld = try XCTUnwrap(wall.position).seconds
                XCTAssertLessThan(whileHeld, 2, "no seek while the bar is held: at \(whileHeld) s")

                // What the wall went through after the release, for the failure message.
                let events = wall.events()
                let trace = Task { @MainActor in
                    var seen: [String] = []
                    for await event in events {
                        switch event {
                        case .transport(let state): seen.append(state.rawValue)
                        case .tile(_, .buffering(let percent)): seen.append("buffering \(percent) %")
                        case .tile(_, .stateChanged(let state)): seen.append("tile \(state.rawValue)")
                        default: break
                        }
                    }
                    return seen
                }
                XCTAssertTrue(window.simulateSeekBarButton(down: false, atFraction: 0.75))
                let resumed = await waitUntil(timeout: 5) { wall.transport == .playing }
                if !resumed {
                    wall.shutDown()
                    XCTFail("releasing it resumes playback: transport \(wall.transport), seeking \(wall.seeking), tile \(wall.players[0].state), after \(await trace.value)")
                    return
                }
                trace.cancel()
                XCTAssertEqual(try XCTUnwrap(wall.position).seconds, 4.5, accuracy: 0.6, "one seek, on release")
            }
        }
    }
}
