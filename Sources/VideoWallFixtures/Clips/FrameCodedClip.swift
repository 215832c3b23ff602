import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// A clip whose every frame carries its index: a `FrameCode` band across the top and the
/// same number in seven-segment digits under it, on a slowly moving grey background (so the
/// encoder has real work and the code is tested against real compression, not a still).
package struct FrameCodedClipSpec: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var frameRate: Int
    package var frames: Int
    /// H.264 goes in MP4, VP8 and VP9 in WebM.
    package var codec: ClipSpec.Codec
    /// Frames between key frames.
    package var keyFrameInterval: Int
    /// H.264 only: a target bit rate in kbit/s and x264's preset. A high rate with a slower
    /// preset (CABAC, deblocking) makes a clip as costly to decode as real footage.
    package var bitrate: Int?
    package var preset: String
    /// Film grain (moving noise) over the picture below the code, which no encoder can predict:
    /// with a high bit rate, decoding then costs what grainy camera footage does.
    package var grain: Bool
    /// Whole codes side by side across the band (`FrameCode.paint`'s `copies`): one for each
    /// monitor a picture crosses.
    package var codeCopies: Int

    /// `keyFrameInterval` nil means two seconds of frames.
    package init(width: Int = 640, height: Int = 360, frameRate: Int = 30, frames: Int = 300,
                codec: ClipSpec.Codec = .h264, keyFrameInterval: Int? = nil, bitrate: Int? = nil, preset: String = "ultrafast",
                grain: Bool = false, codeCopies: Int = 1) {
        self.width = width; self.height = height; self.frameRate = frameRate; self.frames = frames
        self.codec = codec
        self.keyFrameInterval = keyFrameInterval ?? 2 * frameRate
        self.bitrate = bitrate
        self.preset = preset
        self.grain = grain
        self.codeCopies = codeCopies
    }

    package var container: ClipSpec.Container { codec == .h264 ? .mp4 : .webm }
    package var seconds: Double { Double(frames) / Double(frameRate) }

    /// A file name that changes whenever anything in the spec does (for caches).
    package var cacheKey: String {
        let cost = codec == .h264 && (bitrate != nil || preset != "ultrafast") ? "-\(bitrate ?? 0)k-\(preset.filter(\.isLetter))" : ""
        return "framecoded-\(width)x\(height)-\(frameRate)fps-\(frames)f-k\(keyFrameInterval)-\(codec)\(cost)\(grain ? "-grain" : "")\(codeCopies > 1 ? "-codes\(codeCopies)" : "").\(container)"
    }

    /// The raw I420 picture of frame `index`, as it goes into the encoder.
    package func frame(at index: Int) -> [UInt8] {
        let layout = I420Layout(width: width, height: height)
        var frame = layout.blankFrame()
        // Row by row as copies out of longer strips: a frame is painted with a few thousand
        // copies, not millions of stores (the tests build this code unoptimised).
        let strip = Self.backgroundStrip(width: width)
        let top = height / 4
        frame.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            strip.withUnsafeBufferPointer { wave in
                for y in 0..<height {
                    let phase = (y / 2 + 4 * index) & 127
                    (base + y * layout.lumaStride).update(from: wave.baseAddress! + phase, count: width)
                }
            }
            guard grain else { return }
            // Film grain from a quarter of the height down, clear of the code band and the
            // digits: each row a stretch of noise from a random place, so no block matches one
            // of the frame before.
            Self.noise.withUnsafeBufferPointer { noise in
                var state = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
                for y in top..<height {
                    state ^= state << 13; state ^= state >> 7; state ^= state << 17
                    let offset = Int(state % UInt64(noise.count - width))
                    (base + y * layout.lumaStride).update(from: noise.baseAddress! + offset, count: width)
                }
            }
        }
        FrameCode.paint(index: index, intoI420: &frame, width: width, height: height, copies: codeCopies)
        FrameCode.paintLabel(index: index, intoI420: &frame, width: width, height: height)
        return frame
    }

    /// The background's wave repeated to `width` + 128 bytes: row y of frame i is the `width`
    /// bytes from (y / 2 + 4i) mod 128 on.
    private static func backgroundStrip(width: Int) -> [UInt8] {
        (0..<(width + 128)).map { backgroundWave[$0 & 127] }
    }

    /// 4 MiB of grey noise (96...159: a fifth of the range, as a light grain), made once.
    private static let noise: [UInt8] = {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var bytes = [UInt8](repeating: 0, count: 4 << 20)
        bytes.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for index in words.indices {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                words[index] = (state & 0x3F3F_3F3F_3F3F_3F3F) &+ 0x6060_6060_6060_6060
            }
        }
        return bytes
    }()

    /// One period of the background: a triangle wave of grey (80...143). It slides 4 px a
    /// frame and slants, so every block changes every frame, yet never reaches the black or
    /// white of the code.
    private static let backgroundWave: [UInt8] = (0..<128).map { (i: Int) -> UInt8 in UInt8(80 + min(i, 127 - i)) }

    /// `GST_BUFFER_PTS` of frame `index`: exact multiples of the frame duration, rounded down.
    package func presentationTime(of index: Int) -> ClockTime {
        ClockTime(nanoseconds: UInt64(index) * 1_000_000_000 / UInt64(frameRate))
    }

    var rawCaps: String {
        "video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(frameRate)/1,pixel-aspect-ratio=1/1"
    }

    /// The gst-launch description from the `appsrc` named "frames" to `path`.
    func pipelineDescription(path: String) -> String {
        let encoder: String
        switch codec {
        case .h264:
            let rate = bitrate.map { " bitrate=\($0)" } ?? ""
            // scenecut=0: key frames exactly every `keyFrameInterval` frames (grain would
            // otherwise look like a new scene to x264 at almost every frame).
            encoder = "x264enc speed-preset=\(preset.filter(\.isLetter)) bframes=0 key-int-max=\(keyFrameInterval)\(rate) option-string=scenecut=0 ! h264parse"
        case .vp8: encoder = "vp8enc deadline=1 keyframe-max-dist=\(keyFrameInterval)"
        case .vp9: encoder = "vp9enc deadline=1 cpu-used=8 keyframe-max-dist=\(keyFrameInterval)"
        }
        let mux = container == .mp4 ? "mp4mux" : "webmmux"
        return "appsrc name=frames ! videoconvert ! \(encoder) ! \(mux) ! filesink location=\"\(path)\""
    }
}

/// Encodes `FrameCodedClipSpec`s: frames painted in Swift, pushed through `appsrc` into a
/// real encoder and muxer.
package enum FrameCodedClipGenerator {
    /// Encodes `spec` to `path`. The pipeline, the frame painting and the bus wait all run on
    /// worker threads, so the caller's thread (the main loop) stays free.
    package static func generate(_ spec: FrameCodedClipSpec, to path: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            Thread.detachNewThread {
                do {
                    try encode(spec, to: path, timeout: max(60, spec.seconds * 20))
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Returns the clip from `directory`, generating it first if it is not there yet.
    package static func cached(_ spec: FrameCodedClipSpec, in directory: String) async throws -> String {
        try await ClipCache.path(key: spec.cacheKey, extension: spec.container.rawValue, in: directory) { try await generate(spec, to: $0) }
    }

    /// Blocks the calling (worker) thread until the clip is written or has failed.
    private static func encode(_ spec: FrameCodedClipSpec, to path: String, timeout: Double) throws {
        guard FrameCode.indexRange.contains(spec.frames - 1), spec.frames > 0 else {
            throw GStreamerError(domain: "FrameCodedClipGenerator", message: "\(spec.frames) frames do not fit the \(FrameCode.bits)-bit frame code")
        }
        let pipeline = try Pipeline.parse(spec.pipelineDescription(path: path))
        defer { pipeline.setState(.null) }
        guard let element = pipeline.child(named: "frames") else {
            throw GStreamerError(domain: "FrameCodedClipGenerator", message: "the pipeline has no appsrc")
        }
        let source = try AppSource(element, caps: Caps(spec.rawCaps))
        let expectedSize = I420Layout(width: spec.width, height: spec.height).size
        guard source.videoFrameSize == expectedSize else {
            throw GStreamerError(domain: "FrameCodedClipGenerator",
                                 message: "GStreamer expects \(source.videoFrameSize ?? 0)-byte frames, the painter makes \(expectedSize)")
        }
        let bus = pipeline.bus
        guard pipeline.setState(.playing) != .failure else {
            if let message = bus.pop(timeout: .zero), case .error(let e) = message.kind { throw e }
            throw GStreamerError(domain: "FrameCodedClipGenerator", message: "the encoding pipeline refused to start")
        }

        // Pushing blocks while the encoder is busy, and forever if the pipeline fails: so it
        // gets its own thread, and this one watches the bus and stops the pipeline, which
        // makes a blocked push return.
        let pusherDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { pusherDone.signal() }
            do {
                for index in 0..<spec.frames {
                    let time = spec.presentationTime(of: index)
                    try source.push(spec.frame(at: index), presentationTime: time,
                                    duration: ClockTime(nanoseconds: spec.presentationTime(of: index + 1).nanoseconds - time.nanoseconds))
                }
                try source.endOfStream()
            } catch {
                // Only a stopping pipeline refuses buffers; the bus has the reason.
            }
        }
        let message = bus.pop(timeout: .seconds(timeout))
        pipeline.setState(.null)
        pusherDone.wait()
        guard let message else {
            throw GStreamerError(domain: "FrameCodedClipGenerator", message: "encoding did not finish within \(Int(timeout)) s")
        }
        if case .error(let error) = message.kind { throw error }
    }
}
