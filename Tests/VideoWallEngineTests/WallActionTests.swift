import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// `Wall.send`: the wall's one command surface, on a real pipeline.
final class WallActionTests: XCTestCase {
    func testActionsApplyTheirRuleAndRefuseWhatIsOutOfRange() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 90))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: clip)])
            await wall.whenDescribed()

            let landed = await wall.send(.seek(SeekIntent(target: 50, reference: .absolutePercent)))
            XCTAssertTrue(landed)
            XCTAssertEqual(wall.position?.seconds ?? -1, 1.5, accuracy: 0.04, "half of a 3 s clip, exactly")
            let kept = await wall.send(.seek(SeekIntent(target: 60, precision: .accurate)))
            XCTAssertTrue(kept)
            XCTAssertEqual(wall.position?.seconds ?? -1, 3, accuracy: 0.04, "a minute on is the end")
            let seen = wall.snapshot
            XCTAssertEqual(seen.position, wall.position)
            XCTAssertEqual(seen.duration?.seconds ?? 0, 3, accuracy: 0.04)
            XCTAssertEqual(seen.tiles.count, 1)
            XCTAssertEqual(seen.transport, .paused)

            let tooFast = await wall.send(.setRate(20))
            XCTAssertFalse(tooFast, "20x is past the IPC's speed range")
            XCTAssertEqual(wall.rate, 1)
            await wall.send(.faster)
            XCTAssertGreaterThan(wall.rate, 1, "one step up the ladder")

            let loud = await wall.send(.setVolume(2))
            XCTAssertFalse(loud, "200 % is refused")
            await wall.send(.toggleMute)
            XCTAssertTrue(wall.isMuted)
            await wall.send(.togglePause)
            XCTAssertTrue(wall.intendsToPlay)
            wall.perform(.togglePause)
            XCTAssertFalse(wall.intendsToPlay, "a key's toggle has taken when perform returns")
            XCTAssertFalse(wall.perform(.setRate(0)), "refused at once")
        }
    }

    /// The actions the window's keys and seek bar send: a tile's offset in frames of its own,
    /// the tile heard, the A-B points, and a seek bar's grab and release.
    func testTheWindowsActionsActOnTheWall() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 25, frames: 100, audio: true))
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: clip, opensAudioDevice: false), TileSpec(source: clip, opensAudioDevice: false)])
            await wall.whenDescribed()

            let shifted = await wall.send(.shiftOffset(tile: 1, by: .frames(3)))
            XCTAssertTrue(shifted)
            XCTAssertEqual(wall.tiles[1].offset.seconds, 0.12, accuracy: 0.001, "three frames of 25 fps")
            await wall.send(.shiftOffset(tile: 1, by: .time(.milliseconds(-20))))
            XCTAssertEqual(wall.tiles[1].offset.seconds, 0.10, accuracy: 0.001)
            await wall.send(.setOffset(tile: 1, to: .zero))
            XCTAssertEqual(wall.tiles[1].offset, .zero)
            XCTAssertFalse(wall.perform(.setOffset(tile: 5, to: .zero)), "no tile 6")
            let tooFar = await wall.send(.setOffset(tile: 1, to: .time(.seconds(7200))))
            XCTAssertFalse(tooFar, "more than an hour is refused")

            wall.perform(.setAudible(tile: 1))
            XCTAssertEqual(wall.tiles.map(\.isMuted), [true, false], "only the second tile is heard")
            XCTAssertTrue(wall.perform(.setTileSound(tile: 0, volume: 0.4, muted: false)))
            XCTAssertEqual(wall.tiles.map(\.isMuted), [false, false], "the first is heard too, the second as it was")
            XCTAssertEqual(wall.tiles.map(\.volume), [0.4, 1])
            XCTAssertFalse(wall.perform(.setTileSound(tile: 1, volume: 1.5, muted: true)), "past 130 % is refused whole")
            XCTAssertEqual(wall.tiles.map(\.isMuted), [false, false])
            XCTAssertFalse(wall.perform(.setTileSound(tile: 7, volume: nil, muted: true)), "no tile 8")

            await wall.send(.setABLoop(a: .milliseconds(500), b: .seconds(2)))
            XCTAssertEqual(wall.snapshot.abLoopA, .milliseconds(500))
            XCTAssertEqual(wall.snapshot.abLoopB, .seconds(2))
            await wall.send(.setABLoop(a: nil, b: nil))

            await wall.send(.play)
            XCTAssertFalse(wall.snapshot.isPaused)
            wall.perform(.beginScrub)
            XCTAssertTrue(wall.snapshot.isPaused, "a grabbed seek bar pauses the wall")
            wall.perform(.beginScrub)  // GDK's double press: the first grab's memory is kept
            wall.perform(.seek(SeekIntent(target: 1, reference: .absolute, precision: .accurate, throttled: true)))
            wall.perform(.endScrub)
            XCTAssertFalse(wall.snapshot.isPaused, "let go, the wall plays again as it did")
            let moved = await waitUntil(timeout: 5) { (wall.position ?? .zero) >= .seconds(1) }
            XCTAssertTrue(moved, "the drag's seek ran: \(String(describing: wall.position))")
        }
    }

    /// A seek's events say whether it moved the wall, as it happened: clients no longer read
    /// that from the wall when the event reaches them (by then another seek may have begun).
    func testASeeksEventsSayItMovedThePlace() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 90))
            let wall = try Wall()
            defer { wall.shutDown() }
            var said: [String] = []
            let events = wall.events()
            let watcher = Task { @MainActor in
                for await event in events {
                    switch event {
                    case .seekBegan(let moves): said.append("began moving \(moves)")
                    case .seekEnded(let moved): said.append("ended moved \(moved)")
                    default: break
                    }
                }
            }
            defer { watcher.cancel() }
            await wall.load([TileSpec(source: clip)])
            await wall.send(.seek(SeekIntent(target: 2, reference: .absolute)))
            let heard = await waitUntil(timeout: 2) { said.count >= 2 }
            XCTAssertTrue(heard, "\(said)")
            XCTAssertEqual(said, ["began moving true", "ended moved true"])
        }
    }

    /// The wall pushes what changes: its position ten times a second while it plays (none
    /// while paused), and a change of a setting as it is made; nobody has to poll.
    func testAPlayingWallSaysWhereItIsAndASettingSaysItChanged() throws {
        try onMainLoop(timeout: 60) {
            let clip = try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 90))
            let wall = try Wall()
            defer { wall.shutDown() }
            var positions: [Double] = [], settings = 0
            let events = wall.events()
            let watcher = Task { @MainActor in
                for await event in events {
                    if case .position(let at) = event { positions.append(at.seconds) }
                    if case .changed(let wall) = event, wall.volume == 0.5 { settings += 1 }
                }
            }
            defer { watcher.cancel() }
            await wall.load([TileSpec(source: clip)])
            wall.play()
            await pause(seconds: 1)
            wall.pause()
            _ = await waitUntil(timeout: 2) { wall.transport == .paused }
            await pause(seconds: 0.05)
            let whilePlaying = positions.count
            XCTAssertTrue((4...14).contains(whilePlaying), "about ten a second: \(positions)")
            XCTAssertEqual(positions, positions.sorted(), "moving on")
            await pause(seconds: 0.5)
            XCTAssertEqual(positions.count, whilePlaying, "none while paused")
            wall.perform(.setVolume(0.5))
            await pause(seconds: 0.05)
            XCTAssertEqual(settings, 1, "the volume's change is told, with the wall as it is after it")
        }
    }
}
