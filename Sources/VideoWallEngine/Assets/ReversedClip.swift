import Foundation
internal import GStreamerKit
import VideoWallCore

/// A video played backwards as a playlist item (`reverse: true`): a copy made once, at load,
/// whose frames are the original's in reverse order on forward timestamps, so playbin plays it
/// like any clip, from its first frame with no seek, and hands over to the next item gaplessly.
/// The copy comes from GStreamer's own reverse playback (a seek at rate -1: the demuxer goes
/// back a key frame at a time and the decoder gives each group of frames out backwards),
/// encoded again (H.264 at a fixed quantizer of 16, near lossless, in MP4), picture only. Made
/// once per file, size and change time in a cache folder; blocking, so called off the main
/// thread.
enum ReversedClip {
    /// `~/.cache/videowall/reversed` (`MediaCache`).
    static var directory: String { get throws { try MediaCache.directory("reversed") } }

    /// The longest a copy may take (a long file is not a sensible reverse item).
    static let timeout = 120.0

    struct Made: Sendable {
        var path: String
        /// The copy's length: the original's from its first frame to the end of its last.
        var length: MediaTime
    }

    static func make(video: String) throws -> Made {
        let path = try directory + "/" + MediaCache.key(try MediaCache.stamp(of: video)) + ".mp4"
        // The length is written beside the copy (before it: a copy is never there without it).
        if FileManager.default.fileExists(atPath: path) {
            if let length = try? lengthFile(of: path) { return Made(path: path, length: length) }
            try FileManager.default.removeItem(atPath: path)
        }
        var length = MediaTime.zero
        _ = try MediaCache.file(path) { partial in
            length = try reverse(video, into: partial)
            try "\(length.nanoseconds)".write(toFile: path + ".length", atomically: true, encoding: .utf8)
        }
        return Made(path: path, length: length)
    }

    private static func lengthFile(of path: String) throws -> MediaTime {
        let text = try String(contentsOfFile: path + ".length", encoding: .utf8)
        guard let nanoseconds = Int64(text.trimmingCharacters(in: .whitespacesAndNewlines)), nanoseconds > 0 else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return MediaTime(nanoseconds: nanoseconds)
    }

    /// Decodes `video` backwards into an app sink and feeds each frame, on a forward time, to
    /// an encoder writing `output`. Returns the length written.
    private static func reverse(_ video: String, into output: String) throws -> MediaTime {
        let decoding = try Pipeline.parse("filesrc name=file ! decodebin ! videoconvert ! video/x-raw,format=I420 ! appsink name=frames sync=false")
        try decoding.child(named: "file")?.set("location", video)
        guard let frames = try decoding.child(named: "frames").map(AppSink.init) else { throw failure("no app sink") }
        defer { decoding.setState(.null) }
        guard decoding.setState(.paused) != .failure, decoding.waitForStateChange(timeout: .seconds(20)) else {
            throw decoding.bus.pop(timeout: .zero).flatMap { if case .error(let error) = $0.kind { error } else { nil } } ?? failure("the file cannot be read")
        }
        // Backwards from the end: a reverse seek plays from its stop down to its start.
        guard let duration = decoding.queryDuration() else { throw failure("the file does not say how long it is") }
        guard decoding.seek(rate: -1, flags: [.flush, .accurate], start: .zero, stop: duration) else { throw failure("the file cannot be played backwards") }
        decoding.setState(.playing)

        var encoding: (pipeline: Pipeline, source: AppSource)?
        defer { encoding?.pipeline.setState(.null) }
        var end: ClockTime?
        let deadline = Date().addingTimeInterval(timeout)
        while let sample = frames.pullSample(timeout: .seconds(10)) {
            guard Date() < deadline else { throw failure("reversing took longer than \(Int(timeout)) s") }
            guard let pts = sample.presentationTime, let caps = sample.caps else { continue }
            let duration = sample.duration ?? .zero
            if end == nil { end = ClockTime(nanoseconds: pts.nanoseconds + duration.nanoseconds) }
            if encoding == nil { encoding = try startEncoding(caps: caps, into: output) }
            let forward = ClockTime(nanoseconds: end!.nanoseconds - min(end!.nanoseconds, pts.nanoseconds + duration.nanoseconds))
            try encoding?.source.push(sample.bytes(), presentationTime: forward, duration: duration)
        }
        if case .error(let error)? = decoding.bus.pop(timeout: .zero, endOfStream: false)?.kind { throw error }
        guard frames.isEndOfStream else { throw failure("decoding backwards stopped before the first frame") }
        guard let encoding, let end else { throw failure("no frame could be decoded backwards") }
        try encoding.source.endOfStream()
        guard let message = encoding.pipeline.bus.pop(timeout: .seconds(timeout)) else { throw failure("the copy was not finished in time") }
        if case .error(let error) = message.kind { throw error }
        return MediaTime(nanoseconds: Int64(end.nanoseconds))
    }

    private static func startEncoding(caps: Caps, into output: String) throws -> (Pipeline, AppSource) {
        let pipeline = try Pipeline.parse("appsrc name=frames format=time ! videoconvert ! x264enc speed-preset=ultrafast pass=quant quantizer=16 key-int-max=30 "
            + "! video/x-h264,profile=high ! mp4mux ! filesink name=copy")
        try pipeline.child(named: "copy")?.set("location", output)
        guard let element = pipeline.child(named: "frames") else { throw failure("no app source") }
        let source = try AppSource(element, caps: caps)
        guard pipeline.setState(.playing) != .failure else { throw failure("the encoder did not start") }
        return (pipeline, source)
    }

    private static func failure(_ message: String) -> GStreamerError {
        GStreamerError(domain: "videowall", message: message)
    }
}
