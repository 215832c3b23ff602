import Foundation
import GStreamerKit
import VideoWallEngine

/// The yardstick for real media: one plain `playbin` left to itself, its picture on a synced
/// `fakesink` that drops frames more than 20 ms late (as a screen sink does, and as the wall's
/// headless sink does), its sound on a synced `fakesink`. It plays a file to its end, or to
/// its first error, and counts the frames its sink rendered.
@MainActor
package enum BarePlaybinRun {
    package struct Result: Sendable {
        /// Frames the video sink rendered, a run of frames stamped with one time counted once
        /// (the screen shows one picture for that time, as the wall does: `RepeatedFrameFilter`).
        package var rendered: Int
        /// The first error, if the file stopped with one (what bare playbin could not play).
        package var error: String?
        /// Whether it reached the end of the stream.
        package var ended: Bool
    }

    /// Plays `path` from its start; gives up after `timeout` seconds of wall time.
    package static func play(_ path: String, timeout: Double) async throws -> Result {
        let pipeline = try Pipeline(factory: "playbin", name: "bare-playbin")
        let video = try Element(factory: "fakesink", name: "bare-video")
        try video.set("sync", true)
        try video.set("max-lateness", 20_000_000)
        try video.set("signal-handoffs", true)
        let audio = try Element(factory: "fakesink", name: "bare-audio")
        try audio.set("sync", true)
        try pipeline.set("uri", MediaLocation.uri(for: path))
        try pipeline.setObject("video-sink", video)
        try pipeline.setObject("audio-sink", audio)
        let counter = RenderCounter()
        let handoffs = video.onHandoff { buffer in counter.add(presentationTime: buffer.presentationTime) }
        var ended = false, error: String?
        let watch = try pipeline.bus.addWatch { message in
            MainActor.assumeIsolated {
                switch message.kind {
                case .endOfStream: ended = true
                case .error(let failure): if error == nil { error = failure.message }
                default: break
                }
            }
        }
        pipeline.setState(.playing)
        let deadline = Date().addingTimeInterval(timeout)
        while !ended, error == nil, Date() < deadline {
            await MainLoop.sleep(seconds: 0.02)
        }
        watch.cancel()
        pipeline.setState(.null)
        handoffs.disconnect()
        return Result(rendered: counter.count, error: error, ended: ended)
    }
}

/// Counts on the sink's streaming thread, read on the main thread.
private final class RenderCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var frames = 0
    private var last: ClockTime?
    func add(presentationTime: ClockTime?) {
        lock.lock(); defer { lock.unlock() }
        if let presentationTime, presentationTime == last { return }
        last = presentationTime
        frames += 1
    }
    var count: Int { lock.lock(); defer { lock.unlock() }; return frames }
}
