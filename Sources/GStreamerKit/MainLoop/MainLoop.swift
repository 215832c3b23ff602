internal import CGStreamer
import Dispatch
import Foundation

/// The GLib main loop on the main thread, bridged to Swift concurrency.
///
/// While `g_main_loop_run` (or `gtk_main`) owns the main thread nothing queued on
/// `DispatchQueue.main` or the `@MainActor` would run. `installDispatchBridge()` watches
/// libdispatch's main-queue handle with `g_unix_fd_add` and drains the queue from there,
/// the way CoreFoundation's run loop does, so GLib callbacks and main-actor tasks share one thread.
public enum MainLoop {
    nonisolated(unsafe) private static var bridgeInstalled = false
    nonisolated(unsafe) private static var loops: [OpaquePointer] = []

    /// Hooks the main dispatch queue into the default GLib main context. Idempotent; main thread only.
    public static func installDispatchBridge() {
        precondition(Thread.isMainThread, "the dispatch bridge belongs to the main thread")
        guard !bridgeInstalled else { return }
        bridgeInstalled = true
        let fd = vw_dispatch_main_queue_fd()
        g_unix_fd_add(fd, G_IO_IN, { fd, _, _ in
            vw_dispatch_acknowledge_and_drain(fd)
            return 1  // G_SOURCE_CONTINUE
        }, nil)
        // Work queued before the bridge existed has already signalled the handle; drain once.
        g_idle_add({ _ in vw_dispatch_drain_main_queue(); return 0 }, nil)
    }

    /// `g_main_loop_run` on the default context until `quit()`; nests if called again.
    public static func run() {
        installDispatchBridge()
        let loop = g_main_loop_new(nil, 0)!
        loops.append(loop)
        g_main_loop_run(loop)
        loops.removeLast()
        g_main_loop_unref(loop)
    }

    /// `g_main_loop_quit` on the innermost running loop.
    public static func quit() {
        if let loop = loops.last { g_main_loop_quit(loop) }
    }

    /// Runs the main loop until the async `body` finishes on the main actor, then returns its
    /// result. This is how a synchronous `main` (or an XCTest method) drives async work that
    /// needs GLib callbacks: never `await` a GLib loop from async code.
    /// Throws `MainLoopTimeout` if `timeout` seconds pass first.
    @MainActor
    public static func runUntilComplete<Result: Sendable>(
        timeout: Double? = nil,
        _ body: @escaping @MainActor () async throws -> Result
    ) throws -> Result {
        let outcome = LoopOutcome<Result>()
        let task = Task { @MainActor in
            do { outcome.result = .success(try await body()) } catch { outcome.result = .failure(error) }
            MainLoop.quit()
        }
        var timer: TimeoutToken?
        if let timeout {
            timer = after(seconds: timeout) {
                if outcome.result == nil {
                    outcome.result = .failure(MainLoopTimeout(seconds: timeout))
                    task.cancel()
                    MainLoop.quit()
                }
            }
        }
        run()
        timer?.cancel()
        return try outcome.result!.get()
    }

    /// `g_timeout_add_full` on the main context: runs `action` once after `seconds`.
    /// Cancel the token to remove the source before it fires.
    @discardableResult
    public static func after(seconds: Double, _ action: @escaping @MainActor () -> Void) -> TimeoutToken {
        TimeoutToken(interval: seconds, repeats: false) { action(); return false }
    }

    /// Runs `action` every `seconds` on the main context while it returns true.
    @discardableResult
    public static func every(seconds: Double, _ action: @escaping @MainActor () -> Bool) -> TimeoutToken {
        TimeoutToken(interval: seconds, repeats: true, action)
    }
}

/// Where `runUntilComplete` keeps the awaited result; touched on the main thread only.
final class LoopOutcome<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}

/// The main loop ran out of time before the awaited work finished.
public struct MainLoopTimeout: Error, CustomStringConvertible {
    public var seconds: Double
    public var description: String { "timed out after \(seconds) s" }
}

/// A GLib source that a token stands for; `cancel()` removes it (the source keeps its token
/// alive until then, so dropping a token does not stop it).
public protocol MainLoopSource: AnyObject {
    func cancel()
}

/// A GLib timeout source.
public final class TimeoutToken: MainLoopSource, @unchecked Sendable {
    private var sourceID: guint = 0
    private let action: @MainActor () -> Bool

    init(interval: Double, repeats: Bool, _ action: @escaping @MainActor () -> Bool) {
        self.action = action
        // GLib counts in 32-bit milliseconds: a longer interval (or an infinite one) waits the
        // longest GLib can, about 49 days, rather than trapping in the conversion; NaN waits none.
        let ms = interval.isNaN ? 0 : guint(min(max(0, interval * 1000), Double(guint.max)).rounded())
        // The source holds a strong reference to this token until it is removed.
        let data = Unmanaged.passRetained(self).toOpaque()
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, ms, { data in
            let token = Unmanaged<TimeoutToken>.fromOpaque(data!).takeUnretainedValue()
            let again = MainActor.assumeIsolated { token.action() }
            if !again { token.sourceID = 0 }
            return again ? 1 : 0
        }, data, { data in Unmanaged<TimeoutToken>.fromOpaque(data!).release() })
        _ = repeats
    }

    /// `g_source_remove`, if the source is still there.
    public func cancel() {
        guard sourceID != 0 else { return }
        let id = sourceID
        sourceID = 0
        g_source_remove(id)
    }

    public var isActive: Bool { sourceID != 0 }
}

extension MainLoop {
    /// `g_unix_signal_add` for SIGINT and SIGTERM: `action` runs on the main loop, so a
    /// program can write its report and shut its pipelines down cleanly on Ctrl-C.
    public static func onTerminationSignal(_ action: @escaping @MainActor () -> Void) -> SignalWatch {
        SignalWatch(signals: [SIGINT, SIGTERM], action)
    }
}

/// Unix signal sources on the main context; `cancel()` removes them.
public final class SignalWatch: MainLoopSource, @unchecked Sendable {
    private var sourceIDs: [guint] = []
    private let action: @MainActor () -> Void

    init(signals: [Int32], _ action: @escaping @MainActor () -> Void) {
        self.action = action
        for signal in signals {
            let data = Unmanaged.passRetained(self).toOpaque()
            sourceIDs.append(g_unix_signal_add_full(G_PRIORITY_HIGH, signal, { data in
                let watch = Unmanaged<SignalWatch>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { watch.action() }
                return 1
            }, data, { data in Unmanaged<SignalWatch>.fromOpaque(data!).release() }))
        }
    }

    public func cancel() {
        sourceIDs.forEach { g_source_remove($0) }
        sourceIDs.removeAll()
    }
}
