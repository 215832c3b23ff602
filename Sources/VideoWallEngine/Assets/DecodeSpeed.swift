import Foundation
import Synchronization
internal import GStreamerKit
import VideoWallCore

/// How fast this machine decodes a source's video, as a tile decodes it (the decoder the
/// registry picks, libav in one thread): the source is decoded as fast as it goes into a
/// `fakesink` for up to `seconds`, and the frames are counted against the processor time the
/// process spent meanwhile. Blocking, on a thread of its own; run one at a time, since the
/// processor time is the whole process's.
package enum DecodeSpeed {
    package struct Measured: Sendable {
        /// Frames decoded per second of processor time.
        package var framesPerCoreSecond: Double
        /// The video decoder that did it, and whether its class names hardware.
        package var decoder: String?
        package var hardware: Bool
    }

    package static func measure(uri: String, seconds: Double = 1.5) async -> Measured? {
        await BlockingCalls.run("measuring decoding speed") { measureBlocking(uri: uri, seconds: seconds) }
    }

    private static func measureBlocking(uri: String, seconds: Double) -> Measured? {
        // A playbin as a tile's, pictures only, into a fakesink that takes them as they come.
        guard let pipeline = try? Pipeline(factory: "playbin", name: "decode-speed"),
              let sink = try? Element(factory: "fakesink", name: "out"), let pad = sink.staticPad("sink"),
              (try? sink.set("sync", false)) != nil, (try? pipeline.set("uri", uri)) != nil,
              (try? pipeline.setObject("video-sink", sink)) != nil, (try? pipeline.setFromString("flags", "video+native-video")) != nil
        else { return nil }
        defer { _ = pipeline.setState(.null) }
        let counted = Counted()
        let setup = pipeline.onElementSetup { element in
            if element.factoryName.hasPrefix("avdec_") { try? element.set("max-threads", 1) }
            let kind = element.classification
            if kind.contains("Decoder"), kind.contains("Video") { counted.decoder.withLock { $0 = element.factoryName } }
        }
        let probe = pad.onBuffer { _ in counted.frames.withLock { $0 += 1 } }
        defer { withExtendedLifetime((setup, probe)) {} }
        let startCPU = processorSeconds()
        guard pipeline.setState(.playing) != .failure else { return nil }
        let deadline = Date().addingTimeInterval(seconds)
        // Until the end of the stream, an error, or the time is up.
        while Date() < deadline {
            if pipeline.bus.pop(timeout: ClockTime(nanoseconds: 50_000_000)) != nil { break }
        }
        let frames = counted.frames.withLock { $0 }
        let cpu = processorSeconds() - startCPU
        _ = pipeline.setState(.null)
        guard frames > 0, cpu > 0 else { return nil }
        let name = counted.decoder.withLock { $0 }
        return Measured(framesPerCoreSecond: Double(frames) / cpu, decoder: name, hardware: name.map(DecoderFactories.isHardware) ?? false)
    }

    private static func processorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// What the streaming threads count: frames at the sink, and the decoder made.
    private final class Counted: Sendable {
        let frames = Mutex(0)
        let decoder = Mutex<String?>(nil)
    }
}
