import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// A tile playing a playlist changes item with no gap: at each change every frame of both items
/// is rendered once, in order, and no interval between two rendered frames exceeds a frame
/// period plus 2 ms; on an H.264 clip, a PNG still shown for 1 s, and a VP9 clip with other
/// key-frame spacing, none with sound (a playlist with sound: `PlaylistSoundTests`).
final class PlaylistTests: XCTestCase {
    static let period = MediaTime(nanoseconds: 33_333_333)

    func testItemsFollowEachOtherWithEveryFrameOnceAndNoGap() throws {
        try onMainLoop(timeout: 120) {
            let clips = [ClipSpec(width: 320, height: 180, frames: 45, keyFrameInterval: 30),
                         ClipSpec(width: 256, height: 256, frames: 36, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 7)]
            var paths: [String] = []
            for clip in clips { paths.append(try await TestClips.clip(clip)) }
            let still = TestClips.directory + "/still-smpte-400x300.png"
            if !FileManager.default.fileExists(atPath: still) {
                try await ClipGenerator.run("videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,width=400,height=300 ! pngenc ! filesink location=\(still)", timeout: 20)
            }
            let wall = try Wall()
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "playlist", clock: wall.clock)
            var spec = TileSpec(source: paths[0], output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false)
            spec.playlist = [PlaylistItem(location: paths[0]), PlaylistItem(location: still, duration: .seconds(1)), PlaylistItem(location: paths[1])]
            await wall.load([spec])
            sink.reset()
            wall.play()
            // Two rounds: 45 frames, the still, 36 frames, and again.
            let perRound = 45 + 1 + 36
            let enough = await waitUntil(timeout: 15) { sink.rendered.count >= 2 * perRound + 5 }
            wall.pause()
            XCTAssertTrue(enough, "rendered \(sink.rendered.count)")
            let renders = Array(sink.rendered.prefix(2 * perRound + 5))
            let indices = renders.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: Self.period)) }
            let round = Array(0..<45) + [0] + Array(0..<36)
            XCTAssertEqual(indices, round + round + Array(0..<5), "items in order, every frame once")
            let stills = [45, 45 + perRound]
            for (index, (a, b)) in zip(renders, renders.dropFirst()).enumerated() {
                let interval = (b.releaseTime - a.releaseTime).nanoseconds
                if stills.contains(index) {
                    XCTAssertEqual(Double(interval) / 1e9, 1, accuracy: Self.period.seconds, "the still lasts its duration, within a frame")
                } else {
                    XCTAssertLessThanOrEqual(interval, Self.period.nanoseconds + 2_000_000, "interval after frame \(index): \(Double(interval) / 1e6) ms")
                }
            }
            XCTAssertGreaterThanOrEqual(wall.players[0].itemChanges, 6, "item changes counted")
            XCTAssertEqual(wall.players[0].loopCount, 0, "an item change is not a loop")
        }
    }

    /// An `.m3u` file and a folder as a tile's source: entries relative to the playlist's folder,
    /// a missing file and an unreadable image skipped with a warning each naming them, a folder in
    /// name order with numbers compared as numbers.
    func testAPlaylistFileOrAFolderIsATilesSource() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-playlist-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/clips", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/clips/2.mp4", withDestinationPath: a)
            try FileManager.default.createSymbolicLink(atPath: folder + "/clips/10.webm", withDestinationPath: b)
            try "notes".write(toFile: folder + "/clips/notes.txt", atomically: true, encoding: .utf8)
            try String(repeating: "not a video ", count: 500).write(toFile: folder + "/clips/5-broken.mp4", atomically: true, encoding: .utf8)
            try "not a picture".write(toFile: folder + "/poster.png", atomically: true, encoding: .utf8)
            try "#EXTM3U\nclips/10.webm\nclips/missing.mp4\nposter.png\n./clips/2.mp4\n".write(toFile: folder + "/list.m3u", atomically: true, encoding: .utf8)

            for (source, first, second) in [(folder + "/list.m3u", 36, 45), (folder + "/clips", 45, 36)] {
                let wall = try Wall()
                let warnings = WarningCollector(wall)
                let sink = try RenderRecorder(name: "playlist-file", clock: wall.clock)
                await wall.load([TileSpec(source: source, output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false)])
                sink.reset()
                wall.play()
                let enough = await waitUntil(timeout: 15) { sink.rendered.count >= first + second + 5 }
                wall.pause()
                XCTAssertTrue(enough, "\(source): rendered \(sink.rendered.count)")
                let indices = sink.rendered.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: Self.period)) }
                XCTAssertEqual(Array(indices.prefix(first + second + 5)), Array(0..<first) + Array(0..<second) + Array(0..<5), source)
                if source.hasSuffix(".m3u") {
                    XCTAssertTrue(warnings.lines.contains { $0.contains("missing.mp4") && $0.contains("file not found") }, "\(warnings.lines)")
                    XCTAssertTrue(warnings.lines.contains { $0.contains("poster.png") && $0.contains("the image cannot be read") }, "\(warnings.lines)")
                } else {
                    XCTAssertEqual(warnings.lines.count, 1, "the broken file, and nothing about notes.txt: \(warnings.lines)")
                    XCTAssertTrue(warnings.lines.first?.contains("5-broken.mp4") == true, "\(warnings.lines)")
                    XCTAssertTrue(wall.tiles[0].warnings.contains { $0.contains("5-broken.mp4") }, "in the report too")
                }
                wall.shutDown()
            }
        }
    }

    func testAPlaylistWithNothingPlayableFailsItsTileWithTheReason() throws {
        try onMainLoop(timeout: 60) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-playlist-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try "gone.mp4\n".write(toFile: folder + "/list.m3u8", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: folder + "/broken", withIntermediateDirectories: true)
            try String(repeating: "x", count: 4000).write(toFile: folder + "/broken/a.mp4", atomically: true, encoding: .utf8)
            try String(repeating: "y", count: 4000).write(toFile: folder + "/broken/b.webm", atomically: true, encoding: .utf8)
            let wall = try Wall()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: folder + "/list.m3u8"), TileSpec(source: folder), TileSpec(source: folder + "/broken")])
            XCTAssertEqual(wall.slots[0].loadFailure?.reasonText, "no item of the playlist can be played")
            XCTAssertEqual(wall.slots[1].loadFailure?.reasonText, "the folder holds no video or image file")
            XCTAssertEqual(wall.slots[2].loadFailure?.reasonText, "no item of the playlist can be played")
            // A local HLS playlist is one stream (for hlsdemux), not a list of its segments.
            try "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg0.ts\n#EXT-X-ENDLIST\n".write(toFile: folder + "/hls.m3u8", atomically: true, encoding: .utf8)
            let hls = try PlaylistLoader.expand(folder + "/hls.m3u8")
            XCTAssertNil(hls, "not expanded: \(String(describing: hls?.items.map(\.location)))")
            XCTAssertEqual(wall.tiles[2].warnings.count, 2, "each broken file named: \(wall.tiles[2].warnings)")
        }
    }

    /// A folder tile picks up a file added while it plays at the next item boundary, never
    /// cutting the item on screen, and does not play a file while it is still being written.
    func testAFolderGainsFilesWhilePlayingAndAHalfWrittenFileWaits() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let c = try await TestClips.clip(ClipSpec(width: 240, height: 136, frames: 30, pattern: "snow", keyFrameInterval: 10))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-watch-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/1.mp4", withDestinationPath: a)

            var configuration = WallConfiguration()
            configuration.folderQuietPeriod = .milliseconds(400)
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "watch", clock: wall.clock)
            await wall.load([TileSpec(source: folder, output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false)])
            sink.reset()
            wall.play()
            await pause(seconds: 0.5)
            // Added mid-item: the item playing finishes, then the new one comes in its name order.
            try FileManager.default.createSymbolicLink(atPath: folder + "/2.webm", withDestinationPath: b)
            // Written in pieces, 250 ms apart (less than the quiet period), for 3 s, under a name
            // that comes first: played half-written, it would follow B at 2.7 s.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: c))
            FileManager.default.createFile(atPath: folder + "/0.mp4", contents: nil)
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: folder + "/0.mp4"))
            let pieces = 12, step = (bytes.count + pieces - 1) / pieces
            for piece in 0..<pieces {
                try handle.write(contentsOf: bytes[min(bytes.count, piece * step)..<min(bytes.count, (piece + 1) * step)])
                await pause(seconds: 0.25)
            }
            try handle.close()
            let played = await waitUntil(timeout: 20) {
                Self.runs(sink).dropLast().contains(30) || Self.runs(sink).contains(-1) || wall.players[0].state == .failed
            }
            wall.pause()
            let runs = Self.runs(sink)
            XCTAssertTrue(played, "the added files played: runs \(runs)")
            XCTAssertEqual(wall.players[0].state, .paused, "the tile never failed on the half-written file")
            // Every run but the last is a whole item: A alone, then A and B, then C (0.mp4) first.
            let whole = Array(runs.dropLast())
            XCTAssertTrue(whole.allSatisfy { [45, 36, 30].contains($0) }, "no item cut, none played half-written: \(runs)")
            let firstB = try XCTUnwrap(whole.firstIndex(of: 36))
            XCTAssertTrue(whole[..<firstB].allSatisfy { $0 == 45 }, "A alone until B came: \(runs)")
            let firstC = try XCTUnwrap(whole.firstIndex(of: 30))
            XCTAssertGreaterThanOrEqual(firstC, 4, "C waited until it was written: \(runs)")
            XCTAssertEqual(whole[firstC - 1], 36, "C comes round after B: \(runs)")
            if whole.count > firstC + 1 { XCTAssertEqual(whole[firstC + 1], 45, "then A: \(runs)") }
            XCTAssertEqual(wall.tiles[0].item.map { URL(fileURLWithPath: $0).lastPathComponent }.map { ["1.mp4", "2.webm", "3.mp4"].contains($0) }, true)
        }
    }

    /// Schedules are read at each item boundary on the wall's local time (here a hand-set one):
    /// an item outside its window is skipped, and comes in at the next boundary once its window
    /// opens; the tile opens on the first item scheduled.
    func testItemsOutsideTheirScheduleAreSkippedAtTheNextBoundary() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let clock = LocalClock(LocalMoment(date: CalendarDate(parsing: "2026-11-27")!, secondOfDay: 11 * 3600))
            var configuration = WallConfiguration()
            configuration.localTime = { clock.now }
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "schedule", clock: wall.clock)
            // B only on Friday lunchtimes, A only outside them: at 11:00 the tile opens on A and plays
            // it alone.
            let lunch = Schedule(days: [.fri], from: TimeOfDay(parsing: "12:00"), until: TimeOfDay(parsing: "14:00"))
            let notLunch = Schedule(from: TimeOfDay(parsing: "14:00"), until: TimeOfDay(parsing: "12:00"))
            let spec = TileSpec(source: b, output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                playlist: [PlaylistItem(location: b, schedule: lunch), PlaylistItem(location: a, schedule: notLunch)])
            await wall.load([spec])
            sink.reset()
            wall.play()
            _ = await waitUntil(timeout: 10) { Self.runs(sink).count >= 3 }
            clock.set(LocalMoment(date: CalendarDate(parsing: "2026-11-27")!, secondOfDay: 12 * 3600 + 30))
            let lunchtime = await waitUntil(timeout: 10) { Self.runs(sink).dropLast().contains(36) && Self.runs(sink).count >= 6 }
            wall.pause()
            let runs = Array(Self.runs(sink).dropLast())
            XCTAssertTrue(lunchtime, "B came in at lunchtime: \(runs)")
            let firstB = try XCTUnwrap(runs.firstIndex(of: 36))
            XCTAssertGreaterThanOrEqual(firstB, 2, "A alone (and whole) before noon: \(runs)")
            XCTAssertTrue(runs[..<firstB].allSatisfy { $0 == 45 }, "\(runs)")
            XCTAssertTrue(runs[firstB...].allSatisfy { $0 == 36 }, "then B alone, A being out of its window: \(runs)")
        }
    }

    /// A tile whose items are all outside their windows shows its background (a clip of that
    /// colour, looked at again every second), and the first item whose window opens comes in
    /// within a couple of those seconds (playbin prepares the next item ahead).
    func testATileWithNothingScheduledShowsItsBackgroundUntilAnItemIs() throws {
        try onMainLoop(timeout: 120) {
            let a = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 45, keyFrameInterval: 30, audio: true))
            let clock = LocalClock(LocalMoment(date: CalendarDate(parsing: "2026-11-27")!, secondOfDay: 11 * 3600))
            var configuration = WallConfiguration()
            configuration.localTime = { clock.now }
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "idle", clock: wall.clock)
            var spec = TileSpec(source: a, output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                playlist: [PlaylistItem(location: a, schedule: Schedule(from: TimeOfDay(parsing: "12:00"), until: TimeOfDay(parsing: "14:00")))])
            spec.background = RGBColor(red: 200, green: 16, blue: 32)
            await wall.load([spec])
            sink.reset()
            wall.play()
            await pause(seconds: 2.2)
            XCTAssertEqual(wall.tiles[0].item, "", "nothing scheduled: no item, its background")
            XCTAssertNil(wall.tiles[0].itemPosition)
            XCTAssertLessThanOrEqual(sink.rendered.count, 25, "ten frames a second, not the item's thirty: \(sink.rendered.count)")
            clock.set(LocalMoment(date: CalendarDate(parsing: "2026-11-27")!, secondOfDay: 12 * 3600))
            let came = await waitUntil(timeout: 4) { wall.tiles[0].itemPosition == 0 }
            XCTAssertTrue(came, "A comes in soon after its window opens: \(wall.tiles[0])")
            let shown = sink.rendered.count
            await pause(seconds: 1)
            XCTAssertGreaterThan(sink.rendered.count - shown, 20, "A plays at its own rate")
            // The background clip is that colour.
            let blank = try StillClip.blank(color: spec.background, duration: .seconds(1))
            let pixels = try XCTUnwrap(Self.firstFrame(of: blank))
            for (channel, expected) in zip(pixels.prefix(3), [200, 16, 32]) {
                XCTAssertEqual(Int(channel), expected, accuracy: 6, "the background's colour: \(Array(pixels.prefix(3)))")
            }
        }
    }

    /// The first frame of a file as RGB bytes.
    private static func firstFrame(of path: String) throws -> [UInt8]? {
        let pipeline = try Pipeline.parse("filesrc location=\"\(path)\" ! decodebin ! videoconvert ! video/x-raw,format=RGB ! appsink name=frames sync=false")
        defer { pipeline.setState(.null) }
        let sink = try AppSink(XCTUnwrap(pipeline.child(named: "frames")))
        pipeline.setState(.playing)
        return sink.pullSample(timeout: .seconds(10))?.bytes()
    }

    /// A network item and a local one in one playlist: each is the user's own choice, so the
    /// local item after the network one is played (a network source's own fetches stay
    /// HTTP(S) only), and the items follow one another with every frame.
    func testANetworkItemAndALocalItemFollowEachOther() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let server = try LoopbackHTTPServer(serving: TestClips.directory)
            defer { server.terminate() }
            let wall = try Wall()
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "network-playlist", clock: wall.clock)
            await wall.load([TileSpec(source: server.url(for: a), output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                      playlist: [PlaylistItem(location: server.url(for: a)), PlaylistItem(location: b)])])
            sink.reset()
            wall.play()
            let enough = await waitUntil(timeout: 20) { Self.runs(sink).count >= 4 || wall.players[0].state == .failed }
            wall.pause()
            XCTAssertNil(wall.tiles[0].failure, "the local item is not refused")
            XCTAssertTrue(enough)
            XCTAssertEqual(Array(Self.runs(sink).prefix(3)), [45, 36, 45], "network, local, network again, each whole")
        }
    }

    /// A playlist tile sent to its next item, its previous one and one by its place (mpv's
    /// `playlist-next`, `-prev`, `playlist-pos`): each shows from its first frame, the list goes
    /// on from it, the changes are counted, and the tile beside it loses no frame meanwhile.
    func testATileIsSentToAnotherItemAndGoesOnFromItWhileItsNeighbourPlaysOn() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let c = try await TestClips.clip(ClipSpec(width: 240, height: 136, frames: 60, keyFrameInterval: 13))
            let long = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 300, keyFrameInterval: 45, audio: true))
            let wall = try Wall()
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "item-change", clock: wall.clock)
            let neighbour = try RenderRecorder(name: "item-change-neighbour", clock: wall.clock)
            await wall.load([TileSpec(source: a, output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                      playlist: [PlaylistItem(location: a), PlaylistItem(location: b), PlaylistItem(location: c)]),
                             TileSpec(source: long, output: neighbour.sink, muted: true, opensAudioDevice: false)])
            sink.reset()
            neighbour.reset()
            wall.play()
            _ = await waitUntil(timeout: 10) { sink.rendered.count >= 10 }
            // A cut short, then B (next), whole, then C as the list goes on from B.
            try await wall.changeItem(ofTile: 0, to: .next)
            XCTAssertEqual(wall.tiles[0].item, b)
            XCTAssertEqual(wall.tiles[0].itemPosition, 1)
            XCTAssertEqual(wall.tiles[0].itemCount, 3)
            _ = await waitUntil(timeout: 10) { Self.runs(sink).count >= 3 }
            // C is on: back to B (previous), then by place to A (0).
            try await wall.changeItem(ofTile: 0, to: .previous)
            XCTAssertEqual(wall.tiles[0].item, b)
            _ = await waitUntil(timeout: 2) { Self.runs(sink).count >= 4 }
            try await wall.changeItem(ofTile: 0, to: .position(0))
            XCTAssertEqual(wall.tiles[0].itemPosition, 0)
            let enough = await waitUntil(timeout: 10) { Self.runs(sink).count >= 7 }
            wall.pause()
            XCTAssertTrue(enough, "\(Self.runs(sink))")
            let runs = Array(Self.runs(sink).prefix(6))
            XCTAssertEqual(runs.count, 6, "\(runs)")
            XCTAssertTrue((10..<45).contains(runs[0]), "A cut short: \(runs)")
            XCTAssertEqual(runs[1], 36, "B whole from its first frame: \(runs)")
            XCTAssertTrue((1..<60).contains(runs[2]), "C, cut short by the previous: \(runs)")
            XCTAssertTrue((1..<36).contains(runs[3]), "B again from its first frame, cut short: \(runs)")
            XCTAssertEqual(Array(runs[4...]), [45, 36], "A by its place, then the list goes on: \(runs)")
            XCTAssertGreaterThanOrEqual(wall.players[0].itemChanges, 5)
            for (tile, change) in [(1, Wall.ItemChange.next), (0, .position(3))] {
                do throws(AssetError) {
                    try await wall.changeItem(ofTile: tile, to: change)
                    XCTFail("tile \(tile + 1) has no item \(change) to go to")
                } catch {
                    XCTAssertTrue(error.reasonText.contains(tile == 1 ? "plays no playlist" : "no item 4"), error.reasonText)
                }
            }

            // The neighbour: every frame once, in order, none late.
            let shown = neighbour.rendered.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: Self.period)) }
            XCTAssertGreaterThan(shown.count, 60)
            XCTAssertEqual(shown, Array(shown.first!..<(shown.first! + shown.count)), "the neighbour lost no frame")
            let longest = RenderAnalysis.longestInterval(neighbour.rendered.map(\.releaseTime))?.nanoseconds ?? 0
            XCTAssertLessThanOrEqual(longest, Self.period.nanoseconds + 5_000_000, "the neighbour never waited")
            XCTAssertEqual(wall.players[1].statistics?.dropped, 0)
        }
    }

    /// Items with their own speed and in and out points: a clip at twice the speed shows every
    /// frame at half the period, a clip cut to 0.4 to 0.8 s shows those frames only, and each
    /// item's first frame still follows the last one shown by one period of the item before.
    func testItemsPlayAtTheirOwnSpeedBetweenTheirOwnPoints() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let wall = try Wall()
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "shaped", clock: wall.clock)
            await wall.load([TileSpec(source: a, output: sink.sink, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                      playlist: [PlaylistItem(location: a, speed: 2),
                                                 PlaylistItem(location: b, inPoint: .milliseconds(400), outPoint: .milliseconds(800)),
                                                 PlaylistItem(location: a, speed: 0.5, flip: .horizontal)])])
            sink.reset()
            wall.play()
            let perRound = 45 + 12 + 45
            let enough = await waitUntil(timeout: 15) { sink.rendered.count >= perRound + 5 }
            wall.pause()
            XCTAssertTrue(enough, "rendered \(sink.rendered.count)")
            let renders = Array(sink.rendered.prefix(perRound + 5))
            let indices = renders.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: Self.period)) }
            XCTAssertEqual(indices, Array(0..<45) + Array(12..<24) + Array(0..<45) + Array(0..<5), "every frame of each item's part once, in order")
            let intervals = zip(renders, renders.dropFirst()).map { Double(($1.releaseTime - $0.releaseTime).nanoseconds) / 1e6 }
            let expected = Array(repeating: 1000.0 / 60, count: 45) + Array(repeating: 1000.0 / 30, count: 12) + Array(repeating: 1000.0 / 15, count: 44)
            for (index, (interval, due)) in zip(intervals, expected).enumerated() {
                XCTAssertEqual(interval, due, accuracy: 2, "interval after frame \(index)")
            }
        }
    }

    /// A playlist tile that does not loop (its region's default) plays its list once and holds
    /// its last item's last frame.
    func testAPlaylistThatDoesNotLoopHoldsItsLastFrame() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let wall = try Wall()
            defer { wall.shutDown() }
            let sink = try RenderRecorder(name: "once", clock: wall.clock)
            await wall.load([TileSpec(source: a, output: sink.sink, muted: true, opensAudioDevice: false,
                                      playlist: [PlaylistItem(location: a), PlaylistItem(location: b)])])
            sink.reset()
            wall.play()
            let ended = await waitUntil(timeout: 10) { wall.tiles[0].state == .ended }
            await pause(seconds: 0.5)
            XCTAssertTrue(ended, "\(wall.tiles[0])")
            XCTAssertEqual(Self.runs(sink), [45, 36], "each item once")
            XCTAssertEqual(wall.tiles[0].itemChanges, 1)
            XCTAssertEqual(wall.tiles[0].itemPosition, 1, "on the last item, holding its frame")
        }
    }

    /// `sync: items`: two playlist tiles change item together; each row lasts as long as its
    /// longest item, the shorter one holding its last frame, and every frame is still shown once.
    func testTilesInRowsChangeItemTogether() throws {
        try onMainLoop(timeout: 120) {
            let (a, b) = try await Self.clipsAB()
            let c = try await TestClips.clip(ClipSpec(width: 240, height: 136, frames: 24, keyFrameInterval: 13))
            let d = try await TestClips.clip(ClipSpec(width: 240, height: 136, frames: 60, keyFrameInterval: 13))
            var configuration = WallConfiguration()
            configuration.itemsInRows = true
            let wall = try Wall(configuration: configuration)
            defer { wall.shutDown() }
            let sinks = [try RenderRecorder(name: "rows-1", clock: wall.clock), try RenderRecorder(name: "rows-2", clock: wall.clock)]
            await wall.load([TileSpec(source: a, output: sinks[0].sink, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                      playlist: [PlaylistItem(location: a), PlaylistItem(location: b)]),
                             TileSpec(source: c, output: sinks[1].sink, endOfStream: .loop, muted: true, opensAudioDevice: false,
                                      playlist: [PlaylistItem(location: c), PlaylistItem(location: d)])])
            sinks.forEach { $0.reset() }
            wall.play()
            let enough = await waitUntil(timeout: 15) { sinks.allSatisfy { Self.runs($0).count >= 4 } }
            wall.pause()
            XCTAssertTrue(enough, "\(sinks.map { Self.runs($0) })")
            XCTAssertEqual(Array(Self.runs(sinks[0]).prefix(3)), [45, 36, 45], "tile 1: every frame of its items once")
            XCTAssertEqual(Array(Self.runs(sinks[1]).prefix(3)), [24, 60, 24], "tile 2: every frame of its items once")
            // When each item's first frame was shown: row 0, row 1 (1.5 s later: A is the
            // longer), row 2 (2 s after that: D is).
            let starts = sinks.map { sink in
                zip(sink.rendered.indices, sink.rendered).filter { Int(FrameMath.frameIndex(of: $0.1.presentationTime, frameDuration: Self.period)) == 0 }
                    .map(\.1.releaseTime).prefix(3)
            }
            for row in 0..<3 {
                let apart = abs((starts[0][row] - starts[1][row]).seconds) * 1000
                XCTAssertLessThan(apart, 1, "row \(row) starts together on both tiles (\(apart) ms apart)")
            }
            // A's length as its file gives it counts its sound, which outlasts its picture by
            // part of an audio frame: the row may be up to a frame longer than A's frames.
            XCTAssertEqual((starts[0][1] - starts[0][0]).seconds, 1.5 + Self.period.seconds / 2, accuracy: Self.period.seconds / 2,
                           "row 0 lasts its longest item, A")
            XCTAssertEqual((starts[0][2] - starts[0][1]).seconds, 2.0, accuracy: 0.002, "row 1 lasts its longest item, D")
        }
    }

    /// A, H.264 with sound, 45 frames, a key frame every 30; B, VP9 in WebM without sound, 36
    /// frames of another size, a key frame every 7: the pair most tests here play.
    static func clipsAB() async throws -> (String, String) {
        (try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 45, keyFrameInterval: 30, audio: true)),
         try await TestClips.clip(ClipSpec(width: 256, height: 256, frames: 36, codec: .vp9, container: .webm, pattern: "ball", keyFrameInterval: 7)))
    }

    /// The lengths of the runs of frame indices going up from 0 (one run per item shown);
    /// a run that does not go up by one is marked -1.
    @MainActor
    static func runs(_ sink: RenderRecorder) -> [Int] {
        let indices = sink.rendered.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: period)) }
        var runs: [Int] = [], length = 0, broken = false
        for (position, index) in indices.enumerated() {
            if index == 0, position > 0 { runs.append(broken ? -1 : length); length = 0; broken = false }
            if index != length { broken = true }
            length += 1
        }
        if length > 0 { runs.append(broken ? -1 : length) }
        return runs
    }
}

/// The wall's warnings as they are published.
@MainActor
final class WarningCollector {
    private(set) var lines: [String] = []
    private var task: Task<Void, Never>?

    init(_ wall: Wall) {
        let events = wall.events()
        task = Task { @MainActor [weak self] in
            for await event in events {
                if case .warning(let line) = event { self?.lines.append(line) }
            }
        }
    }

    deinit { task?.cancel() }
}

/// A local time the test sets by hand.
final class LocalClock: @unchecked Sendable {
    private let lock = NSLock()
    private var moment: LocalMoment
    init(_ moment: LocalMoment) { self.moment = moment }
    var now: LocalMoment { lock.lock(); defer { lock.unlock() }; return moment }
    func set(_ moment: LocalMoment) { lock.lock(); self.moment = moment; lock.unlock() }
}
