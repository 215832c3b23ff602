import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import XCTest

/// A playlist tile with sound: items with sound of different kinds (AAC at 44.1 kHz in mono in
/// MP4, Opus at 48 kHz in stereo in WebM), a still and a clip without sound, going round twice.
/// The pictures keep the gapless promise (every frame once, no interval over a period + 2 ms,
/// the still its duration), the sound never stops (each sound buffer follows the one before
/// within 2 ms of running time), each item with sound is heard from its first frame to its
/// last and the others are silent, and nothing hangs at a switch (GStreamer 1.22's playbin3
/// does when the sound's form changes: the items are played from `SoundedClip`s).
final class PlaylistSoundTests: XCTestCase {
    static let period = MediaTime(nanoseconds: 33_333_333)

    func testItemsWithAndWithoutSoundFollowEachOtherWithNoGapInPictureOrSound() throws {
        try onMainLoop(timeout: 180) {
            let aac = try await TestClips.clip(ClipSpec(width: 320, height: 180, frames: 45, keyFrameInterval: 13, audio: true, sound: .aacMono44k))
            let opus = try await TestClips.clip(ClipSpec(width: 256, height: 256, frames: 36, codec: .vp9, container: .webm, pattern: "ball",
                                                         keyFrameInterval: 7, audio: true))
            let silent = try await TestClips.clip(ClipSpec(width: 240, height: 136, frames: 30, pattern: "snow", keyFrameInterval: 11))
            let still = TestClips.directory + "/still-colors-200x150.png"
            if !FileManager.default.fileExists(atPath: still) {
                try await ClipGenerator.run("videotestsrc num-buffers=1 pattern=colors ! video/x-raw,width=200,height=150 ! pngenc ! filesink location=\(still)", timeout: 20)
            }
            let wall = try Wall()
            defer { wall.shutDown() }
            let warnings = WarningCollector(wall)
            let pictures = try RenderRecorder(name: "sound-playlist", clock: wall.clock)
            var spec = TileSpec(source: aac, output: pictures.sink, endOfStream: .loop, opensAudioDevice: false)
            spec.playlist = [PlaylistItem(location: aac), PlaylistItem(location: opus),
                             PlaylistItem(location: still, duration: .milliseconds(500)), PlaylistItem(location: silent)]
            await wall.load([spec])
            XCTAssertEqual(warnings.lines, [], "every item prepared")
            let player = try XCTUnwrap(wall.players.first)
            XCTAssertEqual(player.pipeline.factoryName, "playbin3", "a playlist with sound")
            XCTAssertEqual(wall.tiles[0].source, aac, "named after the user's file, not its copy")
            XCTAssertEqual(player.asset.source, aac)
            let sound = try XCTUnwrap(SoundRecorder(player.pipeline.child(named: "tile0-audio")))
            pictures.reset()
            sound.reset()
            wall.play()
            // The still is its picture ten times a second (`StillClip`).
            let perRound = 45 + 36 + 5 + 30
            let enough = await waitUntil(timeout: 20) { pictures.rendered.count >= 2 * perRound + 5 }
            wall.pause()
            XCTAssertNil(player.failure, "\(String(describing: player.failure))")
            guard enough else { return XCTFail("rendered \(pictures.rendered.count): the tile stopped") }

            let renders = Array(pictures.rendered.prefix(2 * perRound + 5))
            let indices = renders.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: Self.period)) }
            let round = Array(0..<45) + Array(0..<36) + [0, 3, 6, 9, 12] + Array(0..<30)
            XCTAssertEqual(indices, round + round + Array(0..<5), "items in order, every frame once")
            let stillFrames = Set([81, 82, 83, 84, 85].flatMap { [$0, $0 + perRound] })
            for first in [81, 81 + perRound] {
                let shown = (renders[first + 5].releaseTime - renders[first].releaseTime).seconds
                XCTAssertEqual(shown, 0.5, accuracy: Self.period.seconds, "the still lasts its duration, within a frame")
            }
            for (index, (a, b)) in zip(renders, renders.dropFirst()).enumerated() {
                let interval = (b.releaseTime - a.releaseTime).nanoseconds
                if stillFrames.contains(index) {
                    XCTAssertEqual(Double(interval) / 1e6, 100, accuracy: 2, "a tenth of a second each")
                } else {
                    XCTAssertLessThanOrEqual(interval, Self.period.nanoseconds + 2_000_000, "interval after frame \(index): \(Double(interval) / 1e6) ms")
                }
            }

            // Each item's span on the clock: from its first frame's due time to its next item's.
            let starts = [0, 45, 81, 86, 116, 161, 197, 202, 232].map { renders[$0].releaseTime }
            let heard = sound.buffers.filter { $0.due >= starts[0] && $0.due < starts[8] }
            XCTAssertGreaterThan(heard.count, 100, "sound reached its sink")
            for (a, b) in zip(heard, heard.dropFirst()) {
                XCTAssertLessThanOrEqual(abs((b.due - (a.due + a.duration)).nanoseconds), 2_000_000,
                                         "sound continuous at \((a.due - starts[0]).seconds) s: next buffer \(Double((b.due - a.due - a.duration).nanoseconds) / 1e6) ms off")
            }
            let margin = MediaTime.milliseconds(12)
            for item in 0..<8 {
                let span = heard.filter { $0.due >= starts[item] + margin && $0.due + $0.duration <= starts[item + 1] - margin }
                XCTAssertFalse(span.isEmpty, "sound during item \(item)")
                let hasSound = item % 4 < 2
                XCTAssertEqual(span.filter(\.isLoud).count, hasSound ? span.count : 0,
                               "item \(item) \(hasSound ? "heard throughout" : "silent")")
            }
        }
    }
}

/// What a tile's sound sink (a synced `fakesink`) plays: each buffer's due time on the clock,
/// its duration, and whether it holds anything but silence.
final class SoundRecorder: @unchecked Sendable {
    struct Heard: Sendable {
        var due: MediaTime
        var duration: MediaTime
        var isLoud: Bool
    }

    private let lock = NSLock()
    private var heard: [Heard] = []
    private var pendingLoudness: (pts: ClockTime, loud: Bool)?
    private var probe: PadProbe?
    private var connection: SignalConnection?

    init?(_ sink: Element?) throws {
        guard let sink, let pad = sink.staticPad("sink") else { return nil }
        try sink.set("signal-handoffs", true)
        // The probe and the handoff run on the sink's streaming thread, one buffer at a time.
        probe = pad.onBufferBytes { [weak self] buffer, bytes in
            guard let self, let pts = buffer.presentationTime else { return }
            let loud = bytes.contains { $0 != 0 }
            lock.lock(); pendingLoudness = (pts, loud); lock.unlock()
        }
        connection = sink.onHandoff { [weak self] buffer in
            guard let self, let due = buffer.dueTime, let pts = buffer.presentationTime else { return }
            lock.lock(); defer { lock.unlock() }
            let loud = pendingLoudness.flatMap { $0.pts == pts ? $0.loud : nil } ?? false
            heard.append(Heard(due: MediaTime(due), duration: buffer.duration.map(MediaTime.init) ?? .zero, isLoud: loud))
        }
    }

    var buffers: [Heard] {
        lock.lock(); defer { lock.unlock() }
        return heard
    }

    func reset() {
        lock.lock(); heard.removeAll(); lock.unlock()
    }
}
