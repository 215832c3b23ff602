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
