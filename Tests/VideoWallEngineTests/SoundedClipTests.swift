import Foundation
import GStreamerKit
@testable import VideoWallEngine
import VideoWallCore
import VideoWallTestSupport
import XCTest

/// The copy a tile with sound plays an item from (`SoundedClip`): cut to the item's points,
/// so nothing before its in point or after its out point is decoded at the change of item.
final class SoundedClipTests: XCTestCase {
    /// H.264 with B-frames (frames decoded in another order than shown), a key frame every 7
    /// frames at 30 fps, AAC sound: an item from 0.4 s to 0.8 s is copied from the key frame
    /// before 0.4 s (frame 7) to the last frame shown before 0.8 s (frame 23), every frame
    /// between kept (with B-frames, one shown after 0.8 s may be needed to decode one before it);
    /// the sound ends by the out point. A copy with no points keeps every frame.
    func testACopyKeepsTheFramesFromTheKeyFrameBeforeTheInPointToTheOutPoint() throws {
        let clip = TestClips.directory + "/bframes-k7-\(UUID().uuidString.prefix(8)).mp4"
        addTeardownBlock { unlink(clip) }
        try Pipeline.parse("videotestsrc num-buffers=36 pattern=ball ! video/x-raw,width=160,height=120,framerate=30/1 "
            + "! x264enc key-int-max=7 bframes=2 b-adapt=false speed-preset=ultrafast ! h264parse ! queue ! mp4mux name=mux ! filesink location=\"\(clip)\" "
            + "audiotestsrc num-buffers=52 samplesperbuffer=1024 volume=0.1 ! audio/x-raw,rate=44100,channels=1 ! audioconvert ! avenc_aac ! aacparse ! queue ! mux.")
            .runToEnd(timeout: 30, what: "making the clip")
        XCTAssertLessThan(Set(try Self.frames(of: clip, decodingOrder: true)).count, 36 + 1, "the clip has its frames")
        XCTAssertNotEqual(try Self.frames(of: clip, decodingOrder: true), Array(0..<36), "B-frames: decoded in another order than shown")

        let cut = try SoundedClip.make(video: clip, hasSound: true, inPoint: .milliseconds(400), outPoint: .milliseconds(800))
        // And a frame or two past the out point that B-frames before it refer to.
        let kept = try Self.frames(of: cut, decodingOrder: false).sorted()
        XCTAssertEqual(kept.first, 7, "from the key frame before the in point: \(kept)")
        XCTAssertTrue(Set(kept).isSuperset(of: 7...23), "every frame to the out point: \(kept)")
        XCTAssertLessThanOrEqual(kept.last ?? .max, 23 + 2, "up to the out point: \(kept)")
        let soundEnd = try Self.soundEnd(of: cut)
        XCTAssertLessThanOrEqual(soundEnd, 0.8 + 0.001, "the sound ends by the out point")
        XCTAssertGreaterThan(soundEnd, 0.7, "and not long before it")

        let whole = try SoundedClip.make(video: clip, hasSound: true)
        XCTAssertNotEqual(whole, cut, "another copy for other points")
        XCTAssertEqual(try Self.frames(of: whole, decodingOrder: false).sorted(), Array(0..<36))
    }

    /// The frame numbers (PTS at 30 fps) in `path`: in the order decoded (as the demuxer
    /// gives them) or as shown (out of the decoder).
    private static func frames(of path: String, decodingOrder: Bool) throws -> [Int] {
        let description = decodingOrder
            ? "filesrc location=\"\(path)\" ! parsebin ! video/x-h264 ! fakesink name=sink sync=false"
            : "filesrc location=\"\(path)\" ! decodebin ! video/x-raw ! fakesink name=sink sync=false"
        let pipeline = try Pipeline.parse(description)
        let seen = Seen()
        let probe = try XCTUnwrap(pipeline.child(named: "sink")?.staticPad("sink")).onBuffer { buffer in
            if let pts = buffer.presentationTime { seen.add(Double(pts.nanoseconds) / 1e9) }
        }
        defer { probe.remove() }
        try pipeline.runToEnd(timeout: 30, what: "reading the frames")
        return seen.values.map { Int(($0 * 30).rounded()) }
    }

    /// Where the sound of `path` ends, in seconds.
    private static func soundEnd(of path: String) throws -> Double {
        let pipeline = try Pipeline.parse("filesrc location=\"\(path)\" ! decodebin ! audio/x-raw ! fakesink name=sink sync=false")
        let seen = Seen()
        let probe = try XCTUnwrap(pipeline.child(named: "sink")?.staticPad("sink")).onBuffer { buffer in
            if let pts = buffer.presentationTime { seen.add(Double(pts.nanoseconds + (buffer.duration?.nanoseconds ?? 0)) / 1e9) }
        }
        defer { probe.remove() }
        try pipeline.runToEnd(timeout: 30, what: "reading the sound")
        return try XCTUnwrap(seen.values.max())
    }
}

/// Values seen on a streaming thread, read after the pipeline ran.
private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Double] = []
    var values: [Double] { lock.lock(); defer { lock.unlock() }; return list }
    func add(_ value: Double) { lock.lock(); list.append(value); lock.unlock() }
}
