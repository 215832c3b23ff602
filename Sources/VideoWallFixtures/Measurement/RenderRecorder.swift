import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// A synced `fakesink` that records, for every frame it renders, when the frame was due, when
/// it reached the sink and when the sink's thread actually rendered it, so sync between tiles
/// and gaps at a loop wrap can be measured where frames are presented.
///
/// Two clocks matter. `releaseTime` is when the sink let the frame go by the pipeline clock:
/// its due time, or the moment it was ready if that was later (a decoder that stalls at a
/// loop wrap shows here). `observedTime` adds the delay of the operating system waking the
/// sink's thread, which on a loaded machine is milliseconds of noise the pipeline does not
/// cause. That delay must not leak into the next frame's release: a thread woken 70 ms late
/// (seen on a CI machine) takes the next frame from its queue 70 ms late as well, after it
/// was due, though the frame had been waiting there all along.
package final class RenderRecorder: @unchecked Sendable {
    package struct Render: Sendable {
        package var presentationTime: MediaTime
        /// The pipeline clock read inside `handoff`, after the sink's clock wait.
        package var observedTime: MediaTime
        /// The clock time the sink waited for (base time + running time + latency).
        package var dueTime: MediaTime?
        /// The clock time at which the buffer reached the sink's pad.
        package var arrivalTime: MediaTime?
        /// When the frame was ready for the sink: its arrival, unless it reached the pad at
        /// once when the sink's thread came back from the frame before (it was queued,
        /// waiting for the thread), in which case it was ready by that frame's release.
        package var readyTime: MediaTime?

        /// When the sink released the frame: the later of its due time and when it was ready.
        package var releaseTime: MediaTime {
            guard let dueTime else { return observedTime }
            return max(dueTime, readyTime ?? dueTime)
        }

        /// How long after its release the sink's thread ran.
        package var wakeUpDelay: MediaTime { observedTime - releaseTime }
    }

    package let sink: VideoSink
    private let lock = NSLock()
    private var renders: [Render] = []
    private var pendingArrival: (pts: MediaTime, time: MediaTime, queued: Bool)?
    /// When the sink's thread left the last handoff, to go and take the next frame.
    private var threadFreedAt: MediaTime?
    /// A frame that reached the pad within this of the thread's return was already waiting.
    static let takenAtOnce = MediaTime.milliseconds(1)
    private var connection: SignalConnection?
    private var probe: PadProbe?

    package init(name: String, clock: Clock) throws {
        let element = try Element(factory: "fakesink", name: name)
        try element.set("sync", true)
        try element.set("signal-handoffs", true)
        try element.set("enable-last-sample", true)
        sink = VideoSink(element: element)
        // The probe and handoff run on the same streaming thread, one buffer at a time: the
        // arrival recorded last belongs to the buffer being rendered when the timestamps match.
        probe = element.staticPad("sink")?.onBuffer { [weak self] buffer in
            guard let self, let pts = buffer.presentationTime else { return }
            let now = MediaTime(clock.time)
            self.lock.lock()
            let queued = self.threadFreedAt.map { now - $0 < Self.takenAtOnce } ?? false
            self.pendingArrival = (MediaTime(pts), now, queued)
            self.lock.unlock()
        }
        connection = element.onHandoff { [weak self] buffer in
            guard let self, let pts = buffer.presentationTime else { return }
            let now = MediaTime(clock.time)
            let presentation = MediaTime(pts)
            self.lock.lock()
            let pending = self.pendingArrival.flatMap { $0.pts == presentation ? $0 : nil }
            self.pendingArrival = nil
            var ready = pending?.time
            if let pending, pending.queued, let previous = self.renders.last {
                ready = min(pending.time, previous.releaseTime)
            }
            self.renders.append(Render(presentationTime: presentation, observedTime: now,
                                       dueTime: buffer.dueTime.map(MediaTime.init), arrivalTime: pending?.time, readyTime: ready))
            self.threadFreedAt = MediaTime(clock.time)
            self.lock.unlock()
        }
    }

    /// Everything rendered so far, in order.
    package var rendered: [Render] {
        lock.lock(); defer { lock.unlock() }
        return renders
    }

    /// Forgets what was recorded (start of a new measuring phase).
    package func reset() {
        lock.lock(); renders.removeAll(); lock.unlock()
    }
}
