import Foundation
import GStreamerKit
import VideoWallCore

/// A synced `fakesink` that records, for every frame it renders, the frame's timestamp and
/// the pipeline clock's time at that moment (`handoff` fires after the clock wait), so sync
/// between tiles and gaps at a loop wrap can be measured where frames are presented.
public final class RenderRecorder: @unchecked Sendable {
    public struct Render: Sendable {
        public var presentationTime: MediaTime
        public var clockTime: MediaTime
    }

    public let sink: VideoSink
    private let lock = NSLock()
    private var renders: [Render] = []
    private var connection: SignalConnection?

    public init(name: String, clock: Clock) throws {
        let element = try Element(factory: "fakesink", name: name)
        try element.set("sync", true)
        try element.set("signal-handoffs", true)
        try element.set("enable-last-sample", true)
        sink = VideoSink(element: element)
        connection = element.onHandoff { [weak self] buffer in
            guard let self, let pts = buffer.presentationTime else { return }
            let now = clock.time
            self.lock.lock()
            self.renders.append(Render(presentationTime: MediaTime(pts), clockTime: MediaTime(now)))
            self.lock.unlock()
        }
    }

    /// Everything rendered so far, in order.
    public var rendered: [Render] {
        lock.lock(); defer { lock.unlock() }
        return renders
    }

    /// Forgets what was recorded (start of a new measuring phase).
    public func reset() {
        lock.lock(); renders.removeAll(); lock.unlock()
    }
}
