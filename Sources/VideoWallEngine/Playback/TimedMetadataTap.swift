import Foundation
internal import GStreamerKit
import VideoWallCore

/// HLS timed metadata for a tile. GStreamer 1.22's `tsdemux` drops ID3 metadata streams
/// ("non-media stream"), so the tap reads the demuxer's input itself (`TransportStreamScanner`)
/// and places each tag on the video's timeline: the demuxer pushes one buffer per video PES
/// packet, in the order it read them, so the n-th video packet's 90 kHz time pairs with the
/// n-th buffer's PTS, and a tag stamped at or before a frame is due that much before the frame.
/// Each tag is handed over with its running time (nil: as soon as it is read, when the stream
/// has no video to place it by).
final class TimedMetadataTap: @unchecked Sendable {
    private let lock = NSLock()
    private var scanner = TransportStreamScanner()
    /// The 90 kHz times of the video packets read and not yet pushed out.
    private var videoTimes: [UInt64?] = []
    /// Tags read whose frame has not been pushed yet.
    private var waiting: [(pts: UInt64, tags: [String: String])] = []
    private var probes: [PadProbe] = []
    private let deliver: @Sendable ([String: String], ClockTime?) -> Void

    /// Bounds against a stream that never pushes what it announced.
    private static let maximumVideoTimes = 4096, maximumWaiting = 64

    init(deliver: @escaping @Sendable ([String: String], ClockTime?) -> Void) {
        self.deliver = deliver
    }

    deinit { stop() }

    /// Taps `element` if it is an MPEG-TS demuxer (called for every element playbin makes).
    func watch(demuxer element: Element) {
        guard element.factoryName == "tsdemux", let input = element.staticPad("sink") else { return }
        let sinkProbe = input.onBufferBytes { [weak self] _, bytes in self?.read(bytes) }
        let flushProbe = input.onDownstreamEvent { [weak self] event in
            guard event == .flushStop, let self else { return }
            lock.lock(); scanner.restart(); videoTimes.removeAll(); waiting.removeAll(); lock.unlock()
        }
        // The demuxer's video pad comes once it has read the program map.
        element.onPadAdded { [weak self] pad in
            guard pad.name.hasPrefix("video"), let self else { return }
            let probe = pad.onBuffer(withRunningTime: true) { [weak self] buffer in self?.pushed(buffer) }
            lock.lock(); probes.append(probe); lock.unlock()
        }.keepForObjectLifetime()
        lock.lock()
        // A new source gets a new demuxer: the probes on the old one's pads go (it is gone).
        probes.removeAll { !$0.padHasElement }
        probes += [sinkProbe, flushProbe]
        scanner = TransportStreamScanner()
        videoTimes.removeAll()
        waiting.removeAll()
        lock.unlock()
    }

    func stop() {
        lock.lock()
        let probes = self.probes
        self.probes.removeAll()
        lock.unlock()
        probes.forEach { $0.remove() }
    }

    /// The demuxer's input: video packet times are kept, tags wait for their frame.
    private func read(_ bytes: UnsafeRawBufferPointer) {
        lock.lock()
        let findings = scanner.feed(bytes)
        var now: [[String: String]] = []
        for finding in findings {
            switch finding {
            case .videoPacket(let pts):
                if videoTimes.count < Self.maximumVideoTimes { videoTimes.append(pts) }
            case .id3(let tag, let pts):
                guard let tags = ID3Tags.read(tag), !tags.isEmpty else { continue }
                if let pts, waiting.count < Self.maximumWaiting { waiting.append((pts, tags)) } else if pts == nil { now.append(tags) }
            }
        }
        lock.unlock()
        now.forEach { deliver($0, nil) }
    }

    /// A video buffer leaves the demuxer: the tags stamped at or before its packet's time are
    /// due that much before its running time.
    private func pushed(_ buffer: PassingBuffer) {
        lock.lock()
        guard !videoTimes.isEmpty else { lock.unlock(); return }
        let packetTime = videoTimes.removeFirst()
        guard let packetTime, let runningTime = buffer.runningTime else { lock.unlock(); return }
        var due: [(ClockTime, [String: String])] = []
        waiting.removeAll { tag in
            let ahead = Self.ticks(from: tag.pts, to: packetTime)
            guard ahead >= 0 else { return false }
            let earlier = UInt64(ahead) * 100_000 / 9
            due.append((ClockTime(nanoseconds: runningTime.nanoseconds > earlier ? runningTime.nanoseconds - earlier : 0), tag.tags))
            return true
        }
        lock.unlock()
        for (time, tags) in due { deliver(tags, time) }
    }

    /// `b - a` on the 33-bit 90 kHz clock, across its wrap.
    static func ticks(from a: UInt64, to b: UInt64) -> Int64 {
        let modulus: Int64 = 1 << 33
        var difference = (Int64(b) - Int64(a)) % modulus
        if difference >= modulus / 2 { difference -= modulus } else if difference < -modulus / 2 { difference += modulus }
        return difference
    }
}
