import Foundation
internal import GStreamerKit
import VideoWallCore

/// One line per frame a tile's sink releases (`--render-log PATH`): the tile number (from 1),
/// the frame's PTS in nanoseconds, and the moment the sink released it in the host's
/// CLOCK_MONOTONIC nanoseconds, separated by spaces. Logs of walls on several machines (or
/// processes) are compared frame by frame: the same PTS released at the same moment.
///
/// The moment is worked out as the frame reaches the sink: the later of its arrival and its
/// due time on the wall's clock (base time + running time + latency), moved onto
/// CLOCK_MONOTONIC by the difference between the two clocks then. A frame the sink prerolled
/// with is released when the wall starts: its due time, read when the next frame comes. Lines are gathered on the
/// streaming threads and written by a queue of its own, never on the main thread; a write that
/// fails stops the log and says why once (`onFailure`).
package final class RenderLog: @unchecked Sendable {
    private let queue = DispatchQueue(label: "videowall.render-log")
    private let lock = NSLock()
    private var pending = ""
    private var lastFlush: UInt64 = 0
    /// The file, touched on `queue` only. The queue's blocks hold it, not the log: a block that
    /// held the log's last reference would run its `deinit` on the queue, whose wait for the
    /// queue then traps (`dispatch_sync` on the current queue: SIGILL at the end of a run).
    private let output = Output()
    private let onFailure: @Sendable (String) -> Void

    private final class Output: @unchecked Sendable {
        var handle: FileHandle?
        var failed = false
    }

    /// Logs to `path`, created (or emptied) by the log's own queue: nothing here touches the
    /// file. A file that cannot be made is said once through `onFailure`.
    package init(path: String, onFailure: @escaping @Sendable (String) -> Void) {
        self.onFailure = onFailure
        queue.async { [output] in
            // Written as frames come, so not renamed into place; but a link planted at `path`
            // is not followed (`O_NOFOLLOW`).
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                output.failed = true
                return onFailure("the render log cannot be written to \(TerminalText.quoted(path, limit: TerminalText.nameLimit)): no frame is logged")
            }
            output.handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        }
    }

    /// Waits for the queue's writes, so the file is whole when the log goes.
    deinit {
        flush()
        queue.sync { [output] in try? output.handle?.close() }
    }

    /// Writes what is gathered and closes the file, without blocking the caller.
    package func finish() async {
        flush()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async { [output] in
                try? output.handle?.close()
                output.handle = nil
                done.resume()
            }
        }
    }

    /// A frame of `tile` (from 1) with `pts` released at `monotonic` (nanoseconds).
    func record(tile: Int, pts: UInt64, releasedAt monotonic: UInt64) {
        let now = Self.monotonicNow()
        lock.lock()
        pending += "\(tile) \(pts) \(monotonic)\n"
        // Written at least every second, so a log read while the wall plays is current.
        let due = pending.utf8.count >= 16_384 || now > lastFlush + 1_000_000_000
        if due { lastFlush = now }
        lock.unlock()
        if due { flush() }
    }

    /// Writes what was gathered (at least every second, and when the log is released; a
    /// program that exits without releasing it calls this first).
    package func flush() {
        lock.lock()
        let text = pending
        pending = ""
        lock.unlock()
        guard !text.isEmpty else { return }
        queue.async { [output, onFailure] in
            guard !output.failed, let handle = output.handle else { return }
            do {
                try handle.write(contentsOf: Data(text.utf8))
            } catch {
                output.failed = true
                onFailure("the render log could not be written (\(error.localizedDescription)): no more frames are logged")
            }
        }
    }

    /// The moment a frame arriving now is released on CLOCK_MONOTONIC: its due time on the
    /// sink's clock moved onto the host's, or now when it came late (the sink shows it at once).
    static func releaseMoment(due: ClockTime?, clockNow: ClockTime?, monotonicNow: UInt64) -> UInt64 {
        max(moment(of: due, clockNow: clockNow, monotonicNow: monotonicNow), monotonicNow)
    }

    /// An instant of the sink's clock on CLOCK_MONOTONIC, past or future, by the two clocks'
    /// difference read together (`clockNow`, `monotonicNow`).
    static func moment(of instant: ClockTime?, clockNow: ClockTime?, monotonicNow: UInt64) -> UInt64 {
        guard let instant = instant?.nanoseconds, let clockNow = clockNow?.nanoseconds else { return monotonicNow }
        return instant >= clockNow ? monotonicNow + (instant - clockNow) : monotonicNow - min(monotonicNow, clockNow - instant)
    }

    /// CLOCK_MONOTONIC now, in nanoseconds (`SystemMonotonicClock`).
    static func monotonicNow() -> UInt64 { UInt64(clamping: hostClock.now.nanoseconds) }

    private static let hostClock = SystemMonotonicClock()
}
