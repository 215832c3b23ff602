import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// Every frame bare `playbin` decodes from a file, as a `PictureSignature` with its time: the
/// yardstick an on-screen test reads a real file's tile against. playbin plays the video alone,
/// as fast as it can (an unsynced `appsink`), turned upright by `videoflip video-direction=auto`
/// as the wall turns it, and scaled by GStreamer to 128x96 (the whole picture, its pixels made
/// as wide as that needs) before the signature is taken. A run
/// of frames stamped with one time keeps its first, as the wall shows it (`RepeatedFrameFilter`).
package struct ReferenceFrames: Sendable {
    package struct Frame: Sendable {
        /// Seconds after the file's first frame (its running time less the first one's).
        package var time: Double
        package var signature: PictureSignature

        package init(time: Double, signature: PictureSignature) {
            self.time = time
            self.signature = signature
        }
    }

    package let frames: [Frame]

    package init(frames: [Frame]) {
        self.frames = frames.sorted { $0.time < $1.time }
    }

    /// Decodes `path` whole on the calling thread (a worker: it blocks on the bus). Throws the
    /// first error, or that it did not end within `timeout` seconds.
    package static func decode(_ path: String, timeout: Double) throws -> ReferenceFrames {
        let playbin = try Pipeline(factory: "playbin", name: "reference-playbin")
        try playbin.set("uri", MediaLocation.uri(for: path))
        try playbin.setFromString("flags", "video")
        let upright = try Element(factory: "videoflip", name: "reference-upright")
        try upright.setFromString("video-direction", "auto")
        try playbin.setObject("video-filter", upright)
        let sinkBin = try Bin.make(name: "reference-sink")
        let convert = try Element(factory: "videoconvert")
        let scale = try Element(factory: "videoscale")
        let shape = try Element(factory: "capsfilter")
        try shape.set("caps", caps: Caps("video/x-raw,format=RGB,width=128,height=96"))
        let sink = try AppSink(name: "reference-frames")
        try sink.set("sync", false)
        for element in [convert, scale, shape, sink] { try sinkBin.add(element) }
        try convert.link(to: scale)
        try scale.link(to: shape)
        try shape.link(to: sink)
        try sinkBin.exposePad("sink", of: convert, as: "sink")
        try playbin.setObject("video-sink", sinkBin)
        let collected = Collected()
        let connection = try sink.onNewSample { sample in
            guard let running = sample.runningTime.map(MediaTime.init) else { return }
            let image = sample.withMappedVideoFrame { frame -> RGBImage in
                var pixels = [UInt8](); pixels.reserveCapacity(frame.width * frame.height * 3)
                for row in 0..<frame.height {
                    let start = row * frame.stride
                    pixels.append(contentsOf: frame.bytes[start..<(start + frame.width * 3)])
                }
                return RGBImage(width: frame.width, height: frame.height, pixels: pixels)
            }
            guard let image else { return }
            collected.add(running, PictureSignature(of: image, in: PixelRect(x: 0, y: 0, width: image.width, height: image.height)))
        }
        defer { connection.disconnect() }
        try playbin.runToEnd(timeout: timeout, what: "decoding \((path as NSString).lastPathComponent)")
        return ReferenceFrames(frames: collected.frames)
    }

    /// The times (seconds from the first frame) at which the frames that look like `signature`
    /// are shown: each such frame from its time to the next frame's, the last one for good (a
    /// tile holds it). A frame looks like it when its distance is within `tolerance` of the
    /// best one's, so frames that are all alike (a still stretch) all count.
    package func times(lookingLike signature: PictureSignature, tolerance: Float) -> TimeSet {
        let distances = frames.map { $0.signature.distance(to: signature) }
        guard let best = distances.min() else { return TimeSet(intervals: []) }
        var intervals: [ClosedRange<Double>] = []
        for (index, distance) in distances.enumerated() where distance <= best + tolerance {
            let end = index + 1 < frames.count ? frames[index + 1].time : .infinity
            intervals.append(frames[index].time...max(frames[index].time, end))
        }
        return TimeSet(intervals: intervals, bestDistance: best)
    }
}

/// The frames the sink handed over, on its streaming thread.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var first: MediaTime?
    /// The wall's own rule for a run of frames stamped with one time: its first is shown.
    private var repeats = RepeatedFrameFilter()
    private var list: [ReferenceFrames.Frame] = []

    func add(_ running: MediaTime, _ signature: PictureSignature) {
        lock.lock(); defer { lock.unlock() }
        guard repeats.admits(presentationTime: running) else { return }
        let origin = first ?? running
        first = origin
        list.append(ReferenceFrames.Frame(time: (running - origin).seconds, signature: signature))
    }

    var frames: [ReferenceFrames.Frame] { lock.lock(); defer { lock.unlock() }; return list }
}
