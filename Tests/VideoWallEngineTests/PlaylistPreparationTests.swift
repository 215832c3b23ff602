import Foundation
import VideoWallCore
@testable import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// A playlist tile with sound starts once its first item is made ready and the others are too
/// or a lead has passed (5 s; half a second here); the items not ready by then are made while
/// it plays (`ItemPreparation`) and join the list one by one. The item that takes long is a
/// real MPEG-1 program stream of 73 s whose frames are not all stamped: its copy is encoded
/// again, about 8 s on two cores. It is copied under a name of its own first, so its
/// copy is made in the test, not found in the cache.
final class PlaylistPreparationTests: XCTestCase {
    func testAListWithSoundStartsOnItsFirstItemAndTakesTheNextOnceItIsReady() throws {
        let file = try Self.freshCopy(of: RealMedia.file(30))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try onMainLoop(timeout: 150) {
            let opening = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, audio: true, sound: .aacMono44k))
            let wall = try Wall(configuration: Self.configuration)
            defer { wall.shutDown() }
            let warnings = WarningCollector(wall)
            var spec = TileSpec(source: opening, opensAudioDevice: false)
            spec.playlist = [PlaylistItem(location: opening), PlaylistItem(location: file)]
            let loading = Date()
            await wall.load([spec])
            let loaded = Date().timeIntervalSince(loading)
            let sequence = try XCTUnwrap(wall.players.first?.playlist)
            XCTAssertTrue(sequence.hasSound)
            XCTAssertEqual(sequence.count, 1, "the wall started with its first item alone, \(loaded) s after the load began")
            XCTAssertTrue(sequence.isPreparing)
            wall.play()
            // The list does not loop, yet goes round its first item until the second is ready.
            let second = await waitUntil(timeout: 120) { wall.tiles[0].itemPosition == 1 || wall.tiles[0].state == .ended }
            let tile = wall.tiles[0]
            XCTAssertEqual(tile.itemPosition, 1, "the second item plays once ready (\(tile.state), \(warnings.lines))")
            XCTAssertTrue(second)
            XCTAssertGreaterThanOrEqual(tile.itemChanges, 2, "the first item went round before the second was ready")
            XCTAssertEqual(tile.itemCount, 2)
            XCTAssertFalse(sequence.isPreparing)
            XCTAssertNil(tile.failure)
            XCTAssertTrue(warnings.lines.contains("tile 1: plays from its first item while the others are made ready for sound; each joins the list when it is"),
                          "\(warnings.lines)")
            XCTAssertTrue(warnings.lines.contains("tile 1: every item of its list is ready"), "\(warnings.lines)")
            XCTAssertFalse(warnings.lines.contains { $0.contains("skipped") }, "\(warnings.lines)")
        }
    }

    /// Closing the wall while an item is being copied stops the copy (GStreamer must be idle
    /// before `gst_deinit`) and leaves no partial file in the cache.
    func testClosingTheWallStopsACopyUnderWayAndLeavesNothing() throws {
        let file = try Self.freshCopy(of: RealMedia.file(30))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let cache = try SoundedClip.directory
        try onMainLoop(timeout: 60) {
            let opening = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, audio: true, sound: .aacMono44k))
            let wall = try Wall(configuration: Self.configuration)
            var spec = TileSpec(source: opening, opensAudioDevice: false)
            spec.playlist = [PlaylistItem(location: opening), PlaylistItem(location: file)]
            // (Partial files another process left, killed while copying, are not this wall's.)
            let before = Self.partials(in: cache)
            await wall.load([spec])
            XCTAssertEqual(wall.players.first?.playlist?.isPreparing, true)
            wall.play()
            // A copy under way: its partial file is there.
            let copying = await waitUntil(timeout: 10) { !Self.partials(in: cache).subtracting(before).isEmpty }
            XCTAssertTrue(copying, "the second item's copy began")
            let closing = Date()
            await wall.close()
            let took = Date().timeIntervalSince(closing)
            XCTAssertEqual(Self.partials(in: cache).subtracting(before), [], "the copy stopped and left nothing, \(took) s after close began")
            XCTAssertLessThan(took, 1.5, "close waited for the copy to stop, not for its own limit")
        }
    }

    /// A program stopped while the wall still loads (Ctrl-C during a long first copy) ends the
    /// load at once: the copy under way stops and leaves nothing.
    func testStoppingWhileTheFirstItemIsCopiedEndsTheLoadAndLeavesNothing() throws {
        let file = try Self.freshCopy(of: RealMedia.file(30))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let cache = try SoundedClip.directory
        try onMainLoop(timeout: 60) {
            let closing = try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 30, audio: true, sound: .aacMono44k))
            let wall = try Wall(configuration: Self.configuration)
            var spec = TileSpec(source: file, opensAudioDevice: false)
            spec.playlist = [PlaylistItem(location: file), PlaylistItem(location: closing)]
            let before = Self.partials(in: cache)
            let loading = Task { @MainActor in await wall.load([spec]) }
            let copying = await waitUntil(timeout: 10) { !Self.partials(in: cache).subtracting(before).isEmpty }
            XCTAssertTrue(copying, "the first item's copy began")
            let stopping = Date()
            wall.stopLoading()
            await loading.value
            let loadEnded = Date().timeIntervalSince(stopping)
            await wall.close()
            XCTAssertLessThan(loadEnded, 2, "the load ended once stopped, not once the copy was made (about 8 s)")
            XCTAssertEqual(Self.partials(in: cache).subtracting(before), [], "the copy stopped and left nothing")
        }
    }

    private static var configuration: WallConfiguration {
        var configuration = WallConfiguration()
        configuration.itemPreparationLead = .milliseconds(500)
        return configuration
    }

    private static func partials(in folder: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".partial-") })
    }

    /// `original` under a new name in the temporary folder.
    private static func freshCopy(of original: String) throws -> String {
        let path = NSTemporaryDirectory() + "vw-prepare-\(UUID().uuidString.prefix(8))." + (original as NSString).pathExtension
        try FileManager.default.copyItem(atPath: original, toPath: path)
        return path
    }
}
