import Foundation
import GStreamerKit
import VideoWallEngine

/// A synced fakesink that records, for every buffer it renders, the buffer's timestamp and
/// the pipeline clock's time at that moment (the `handoff` signal fires after the clock wait).
final class InstrumentedSink: @unchecked Sendable {
    struct Render: Sendable {
        var presentationTime: ClockTime
        var clockTime: ClockTime
    }

    let sink: VideoSink
    private let lock = NSLock()
    private var renders: [Render] = []
    private var connection: SignalConnection?

    init(name: String, clock: Clock) throws {
        let element = try Element(factory: "fakesink", name: name)
        try element.set("sync", true)
        try element.set("signal-handoffs", true)
        try element.set("enable-last-sample", true)
        sink = VideoSink(element: element)
        connection = element.onHandoff { [weak self] buffer in
            guard let self, let pts = buffer.presentationTime else { return }
            let now = clock.time
            self.lock.lock()
            self.renders.append(Render(presentationTime: pts, clockTime: now))
            self.lock.unlock()
        }
    }

    var rendered: [Render] {
        lock.lock(); defer { lock.unlock() }
        return renders
    }

    func reset() {
        lock.lock(); renders.removeAll(); lock.unlock()
    }
}
