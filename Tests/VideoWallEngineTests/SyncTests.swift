import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Four real playbins on one clock: the same frame on every sink, through pause, seek and
/// speed changes.
final class SyncTests: XCTestCase {
    /// Four sizes, one frame rate and length, so frame n has the same timestamp everywhere.
    @MainActor
    static func makeWall(frames: Int = 120, loop: Bool = false, tiles: Int = 4) async throws -> (Wall, [RenderRecorder]) {
        let specs = Array([ClipSpec(width: 320, height: 180, frames: frames),
                           ClipSpec(width: 180, height: 320, frames: frames, pattern: "ball"),
                           ClipSpec(width: 256, height: 256, frames: frames, pattern: "colors"),
                           ClipSpec(width: 360, height: 288, frames: frames, pixelAspect: (16, 15), pattern: "snow")].prefix(tiles))
        var paths: [String] = []
        for spec in specs { paths.append(try await TestClips.clip(spec)) }
        var configuration = WallConfiguration()
        configuration.groupLoop = loop
        let wall = try Wall(configuration: configuration)
        let sinks = try (0..<specs.count).map { try RenderRecorder(name: "sync\($0)", clock: wall.clock) }
        await wall.load(zip(paths, sinks).map { TileSpec(source: $0, output: $1.sink) })
        XCTAssertEqual(wall.players.filter { $0.state == .ready }.count, specs.count, "every tile prerolled")
        return (wall, sinks)
    }

    /// Every tile's sink shows the same buffer and every position agrees within 1 ms.
    /// A frame boundary can fall between two reads, and on a busy machine one sink's thread
    /// wakes for its frame a few milliseconds after another's: a mismatch is read again a
    /// little later (4 ms, three times); a real offset persists.
    @MainActor
    static func assertInSync(_ wall: Wall, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        var timestamps: [MediaTime?] = []
        for attempt in 0..<4 {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.004) }
            timestamps = wall.players.map { $0.lastRenderedTimestamp() }
            if Set(timestamps.map { $0?.nanoseconds }).count == 1 { break }
        }
        XCTAssertNotNil(timestamps.first ?? nil, "\(context): a frame was rendered", file: file, line: line)
        XCTAssertEqual(Set(timestamps.map { $0?.nanoseconds }).count, 1, "\(context): last rendered timestamps \(timestamps)", file: file, line: line)
        let positions = wall.players.compactMap { $0.position?.nanoseconds }
        XCTAssertEqual(positions.count, wall.players.count, file: file, line: line)
        let spread = (positions.max() ?? 0) - (positions.min() ?? 0)
        XCTAssertLessThanOrEqual(spread, 1_000_000, "\(context): positions \(positions) spread \(spread) ns", file: file, line: line)
    }

    func testTilesStayInSyncThroughPauseSeekAndSpeed() throws {
        try onMainLoop(timeout: 120) {
            let (wall, recorders) = try await SyncTests.makeWall()
            defer { wall.shutDown() }
            wall.play()
            for _ in 0..<3 {
                await pause(seconds: 0.25)
                SyncTests.assertInSync(wall, "steady play")
            }

            wall.pause()
            await pause(seconds: 0.3)
            SyncTests.assertInSync(wall, "paused")
            wall.play()
            await pause(seconds: 0.3)
            SyncTests.assertInSync(wall, "after resume")

            await wall.seek(to: .milliseconds(2500), precision: .accurate)
            await pause(seconds: 0.2)
            SyncTests.assertInSync(wall, "after seek while playing")

            wall.pause()
            await wall.seek(to: .milliseconds(1000), precision: .accurate)
            SyncTests.assertInSync(wall, "after seek while paused")
            let shown = wall.players.compactMap { $0.lastRenderedTimestamp() }
            XCTAssertEqual(shown.map { FrameMath.frameIndex(of: $0, frameDuration: MediaTime(nanoseconds: 33_333_333)) }, [30, 30, 30, 30],
                           "accurate seek lands every tile on frame 30")

            await wall.setRate(2.0)
            wall.play()
            let before = wall.position ?? .zero
            await pause(seconds: 0.4)
            SyncTests.assertInSync(wall, "at double speed")
            let advanced = (wall.position ?? .zero) - before
            XCTAssertGreaterThan(advanced.seconds, 0.6, "double speed moved \(advanced.seconds) s in 0.4 s")

            // Sinks zero their counters on pause, seek and new segments; each tile's count runs on.
            for (player, recorder) in zip(wall.players, recorders) {
                XCTAssertEqual(Double(player.statistics?.rendered ?? 0), Double(recorder.rendered.count), accuracy: 3,
                               "tile \(player.index): frames counted through pause, seeks and speed changes")
            }
        }
    }

    func testFrameStepMovesEveryTileOneFrame() throws {
        try onMainLoop(timeout: 90) {
            let (wall, _) = try await SyncTests.makeWall()
            defer { wall.shutDown() }
            let frame = MediaTime(nanoseconds: 33_333_333)
            await wall.seek(to: Wall.frameSeekTime(.milliseconds(1000), frameDuration: frame))
            await wall.step(frames: 1)
            XCTAssertEqual(wall.players.compactMap { $0.lastRenderedTimestamp() }.map { FrameMath.frameIndex(of: $0, frameDuration: frame) }, [31, 31, 31, 31])
            await wall.step(frames: -2)
            XCTAssertEqual(wall.players.compactMap { $0.lastRenderedTimestamp() }.map { FrameMath.frameIndex(of: $0, frameDuration: frame) }, [29, 29, 29, 29])
            XCTAssertEqual(wall.transport, .paused)
        }
    }

    func testLoopWrapKeepsEveryFrameWithoutGap() throws {
        try onMainLoop(timeout: 90) {
            // Two light tiles: the bound is one frame period plus 2 ms, so the machine must not
            // be overloaded for the measurement to mean anything.
            let (wall, sinks) = try await SyncTests.makeWall(frames: 30, loop: true, tiles: 2)
            defer { wall.shutDown() }
            wall.play()
            // Two and a half loops of 30 frames.
            _ = await waitUntil(timeout: 10) { sinks.allSatisfy { $0.rendered.count >= 76 } }
            wall.pause()
            XCTAssertTrue(wall.players.allSatisfy { $0.loopCount >= 2 }, "loops: \(wall.players.map(\.loopCount))")
            let period = 1_000_000_000.0 / 30
            for (tile, sink) in sinks.enumerated() {
                let renders = sink.rendered
                XCTAssertGreaterThan(renders.count, 75, "tile \(tile) rendered \(renders.count) frames")
                // The sink zeroes its own counters at every loop's new segment; the tile's count runs on.
                let counted = wall.players[tile].statistics?.rendered ?? 0
                XCTAssertEqual(Double(counted), Double(renders.count), accuracy: 2, "tile \(tile): frames counted across loops")
                let indices = renders.map { Int((Double($0.presentationTime.nanoseconds) / period).rounded()) }
                for (a, b) in zip(indices, indices.dropFirst()) where b != (a + 1) % 30 {
                    XCTFail("tile \(tile): frame \(b) followed frame \(a) (lost or repeated)")
                    break
                }
                // Release times: when each sink let its frame go by the clock (late arrivals included),
                // without the kernel's delay in waking the sink thread on a busy machine.
                let gap = RenderAnalysis.longestGap(in: renders.map(\.releaseTime))
                let worst = Double(gap?.interval.nanoseconds ?? 0)
                let worstWakeUp = renders.map(\.wakeUpDelay.seconds).max() ?? 0
                if let gap {
                    print("tile \(tile): longest interval \(worst / 1e6) ms before frame \(indices[gap.endingAt]) (render \(gap.endingAt)); longest thread wake-up \(worstWakeUp * 1e3) ms")
                }
                XCTAssertLessThanOrEqual(worst, period + 2_000_000, "tile \(tile): longest interval \(worst / 1e6) ms")
            }
            XCTAssertEqual(wall.transport, .paused)
        }
    }
}

/// A group loop over tiles of different lengths: the shorter one holds its last frame, then
/// starts again together with the longest one.
final class GroupLoopTests: XCTestCase {
    func testShorterTileRestartsWithTheLongestAtTheWrap() throws {
        try onMainLoop(timeout: 60) {
            let long = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 60))
            let short = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 30, pattern: "ball"))
            var configuration = WallConfiguration()
            configuration.groupLoop = true
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            let recorders = try (0..<2).map { try RenderRecorder(name: "group\($0)", clock: wall.clock) }
            await wall.load(zip([long, short], recorders).map { TileSpec(source: $0, output: $1.sink) })
            await wall.whenDescribed()
            wall.play()
            // Two passes of the 2 s group and a little more.
            _ = await waitUntil(timeout: 10) { recorders[0].rendered.count >= 130 }
            wall.pause()
            let period = 1_000_000_000.0 / 30
            func starts(_ recorder: RenderRecorder) -> [MediaTime] {
                recorder.rendered.filter { Int((Double($0.presentationTime.nanoseconds) / period).rounded()) == 0 }.map(\.releaseTime)
            }
            let longStarts = starts(recorders[0]), shortStarts = starts(recorders[1])
            XCTAssertGreaterThanOrEqual(longStarts.count, 3, "the long tile wrapped twice")
            XCTAssertGreaterThanOrEqual(shortStarts.count, 3, "the short tile started with every pass")
            for (a, b) in zip(longStarts, shortStarts) {
                XCTAssertLessThan(abs((a - b).nanoseconds), 3_000_000, "both tiles start each pass together: \(a) vs \(b)")
            }
            // The short tile shows each of its 30 frames once per pass, then holds.
            let shortFrames = recorders[1].rendered.map { Int((Double($0.presentationTime.nanoseconds) / period).rounded()) }
            XCTAssertTrue(RenderAnalysis.continuity(indices: shortFrames, framesPerLoop: 30) == (0, 0), "\(shortFrames)")
        }
    }
}

/// A tile whose pipeline reports its clock lost is put back on the wall's clock and re-based
/// with the others: the wall plays on in sync.
final class ClockRecoveryTests: XCTestCase {
    func testALostClockIsTakenAgainAndTheWallPlaysOnInSync() throws {
        try onMainLoop(timeout: 60) {
            let (wall, _) = try await SyncTests.makeWall(frames: 150, tiles: 2)
            defer { wall.shutDown() }
            let events = wall.events()
            wall.play()
            await pause(seconds: 0.4)

            XCTAssertTrue(wall.players[0].pipeline.postClockLost(wall.clock))
            // The recovery pauses every tile, takes the clock again and starts them together.
            var states: [PlayerState] = []
            let follower = Task { @MainActor in
                for await event in events {
                    if case .tile(0, .stateChanged(let state)) = event { states.append(state) }
                }
            }
            defer { follower.cancel() }
            _ = await waitUntil(timeout: 3) { states.suffix(2) == [.paused, .playing] }
            XCTAssertEqual(states.suffix(2), [.paused, .playing], "tile 0 went through \(states)")
            XCTAssertEqual(wall.transport, .playing)
            for player in wall.players {
                XCTAssertTrue(player.pipeline.clock?.isSame(as: wall.clock) ?? false, "every tile is on the wall's clock")
            }
            let before = wall.position ?? .zero
            await pause(seconds: 0.4)
            XCTAssertGreaterThan(((wall.position ?? .zero) - before).seconds, 0.3, "the wall plays on")
            SyncTests.assertInSync(wall, "after the clock was lost and taken again")
        }
    }
}

/// Play and pause asked for while a seek runs (a speed change is one) are kept, not dropped.
final class TransportIntentTests: XCTestCase {
    func testPlayPauseDuringASeekTakesEffectWhenItIsDone() throws {
        try onMainLoop(timeout: 60) {
            let (wall, _) = try await SyncTests.makeWall(tiles: 2)
            defer { wall.shutDown() }
            XCTAssertEqual(wall.transport, .paused)

            // Paused: toggled during a speed change, the wall plays once it is done.
            let faster = Task { await wall.setRate(2) }
            for _ in 0..<100 where !wall.seeking { await Task.yield() }
            XCTAssertTrue(wall.seeking, "the speed change is a seek in flight")
            wall.togglePlayPause()
            XCTAssertTrue(wall.intendsToPlay)
            await faster.value
            XCTAssertEqual(wall.transport, .playing, "play asked for during the seek")

            // Playing: toggled during a seek, the wall ends up paused.
            let seek = Task { await wall.seek(to: .milliseconds(1000), precision: .accurate) }
            for _ in 0..<100 where !wall.seeking { await Task.yield() }
            XCTAssertTrue(wall.seeking)
            wall.togglePlayPause()
            XCTAssertFalse(wall.intendsToPlay)
            await seek.value
            XCTAssertEqual(wall.transport, .paused, "pause asked for during the seek")
        }
    }
}

/// A clip short enough to be read whole while it prerolls still loops: playbin asks for the
/// next URI (about-to-finish) during the preroll, before the wall has planned its loops.
final class ShortClipLoopTests: XCTestCase {
    func testATwoFrameClipLoops() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 2))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: clip, endOfStream: .loop)])
            wall.play()
            let looped = await waitUntil(timeout: 3) { wall.players[0].loopCount >= 5 }
            XCTAssertTrue(looped, "loops: \(wall.players[0].loopCount), state \(wall.players[0].state)")
            XCTAssertEqual(wall.transport, .playing)
        }
    }

    /// In a group loop (`videowall --loop`) the tile misses its first requeue, is re-armed for
    /// the next wrap, and loops from then on.
    func testATwoFrameClipLoopsInAGroupLoop() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 2))
            var configuration = WallConfiguration()
            configuration.groupLoop = true
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: clip, endOfStream: .loop)])
            await wall.whenDescribed()
            wall.play()
            let looped = await waitUntil(timeout: 3) { wall.players[0].loopCount >= 5 }
            XCTAssertTrue(looped, "loops: \(wall.players[0].loopCount), state \(wall.players[0].state)")
            XCTAssertEqual(wall.transport, .playing)
        }
    }
}
