import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures

/// The baseline: plain `playbin`s on synced fakesinks, each left to itself (own clock, own
/// base time, no discovery, no coordination), driven the way a simple program would.
@MainActor
final class BarePlaybins {
    let pipelines: [Pipeline]
    let recorders: [RenderRecorder]
    private var watches: [BusWatch] = []
    private var asyncDone: [Int] = []

    init(clips: [String]) throws {
        let clock = try Clock.system()
        var pipelines: [Pipeline] = [], recorders: [RenderRecorder] = []
        for (index, clip) in clips.enumerated() {
            let pipeline = try Pipeline(factory: "playbin", name: "baseline\(index)")
            let recorder = try RenderRecorder(name: "baseline\(index)-video", clock: clock)
            try pipeline.set("uri", MediaLocation.uri(for: clip))
            try pipeline.setObject("video-sink", recorder.sink.element)
            let audio = try Element(factory: "fakesink")
            try audio.set("sync", true)
            try pipeline.setObject("audio-sink", audio)
            pipelines.append(pipeline)
            recorders.append(recorder)
        }
        self.pipelines = pipelines
        self.recorders = recorders
        asyncDone = Array(repeating: 0, count: clips.count)
        for (index, pipeline) in pipelines.enumerated() {
            watches.append(try pipeline.bus.addWatch { [weak self] message in
                MainActor.assumeIsolated {
                    if case .asyncDone = message.kind { self?.asyncDone[index] += 1 }
                }
            })
        }
    }

    /// PLAYING at once, as `gst-launch-1.0 playbin` would.
    func play() { pipelines.forEach { $0.setState(.playing) } }

    func preroll(timeout: Double) async -> Bool {
        let before = asyncDone
        pipelines.forEach { $0.setState(.paused) }
        return await wait(timeout: timeout) { zip(self.asyncDone, before).allSatisfy { $0 > $1 } }
    }

    /// An accurate flushing seek on every playbin; returns when all have prerolled there.
    func seek(to target: MediaTime, timeout: Double) async -> Bool {
        let before = asyncDone
        pipelines.forEach { $0.seek(flags: [.flush, .accurate], start: target.clockTime) }
        return await wait(timeout: timeout) {
            zip(self.asyncDone, before).allSatisfy { $0 > $1 } && self.pipelines.allSatisfy { $0.currentState.pending == .voidPending }
        }
    }

    func shutDown() {
        watches.forEach { $0.cancel() }
        pipelines.forEach { $0.setState(.null) }
    }
}
