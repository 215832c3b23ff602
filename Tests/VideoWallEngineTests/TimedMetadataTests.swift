import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// HLS timed metadata: ID3 tags carried in the segments' transport stream (as HLS packagers
/// write them) reach the wall's events when the tile shows the frame they are stamped with.
final class TimedMetadataTests: XCTestCase {
    func testID3TagsInAnHLSStreamAreToldWhenTheirFrameIsShown() throws {
        let folder = try onMainLoop(timeout: 60) { try await TestClips.hlsStream() }
        let tagged = (TestClips.directory as NSString).appendingPathComponent("hls-timed-id3-\(UUID().uuidString.prefix(6))")
        try FileManager.default.copyItem(atPath: folder, toPath: tagged)
        defer { try? FileManager.default.removeItem(atPath: tagged) }
        let placed = try TimedMetadataStream.tagSegments(ofPlaylist: (tagged as NSString).appendingPathComponent("playlist.m3u8"), offset: 0.5)
        XCTAssertEqual(placed.map(\.title), ["segment 0", "segment 1", "segment 2"])
        let server = try LoopbackHTTPServer(serving: tagged)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let wall = try Wall()
            defer { wall.shutDown() }
            var told: [(title: String, position: Double?)] = []
            let events = wall.events()
            let listener = Task { @MainActor in
                for await event in events {
                    if case .tile(0, .tags(let tags)) = event, let title = tags["title"] {
                        told.append((title, wall.tiles[0].position?.seconds))
                    }
                }
            }
            defer { listener.cancel() }
            await wall.load([TileSpec(source: server.url(for: "playlist.m3u8"), muted: true, opensAudioDevice: false)])
            wall.play()
            let all = await waitUntil(timeout: 10) { told.count >= 3 }
            XCTAssertTrue(all, "\(told)")
            XCTAssertEqual(told.map(\.title), ["segment 0", "segment 1", "segment 2"], "each tag once, in order")
            for ((title, position), (_, seconds)) in zip(told, placed) {
                let shown = try XCTUnwrap(position, title)
                XCTAssertEqual(shown, seconds, accuracy: 0.1, "\(title) told when its frame is on screen")
            }
        }
    }
}
