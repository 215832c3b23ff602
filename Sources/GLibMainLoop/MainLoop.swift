internal import CGLibLoop
import GStreamerKit
import Dispatch
import Foundation

/// The GLib main loop on the main thread, bridged to Swift concurrency.
///
/// While `g_main_loop_run` (or `gtk_main`) owns the main thread nothing queued on
/// `DispatchQueue.main` or the `@MainActor` would run. `installDispatchBridge()` watches
/// libdispatch's main-queue handle with `g_unix_fd_add` and drains the queue from there,
/// the way CoreFoundation's run loop does, so GLib callbacks and main-actor tasks share one thread.
extension MainLoop {
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

extension MainLoop {
    /// Runs `work` on a thread of its own and waits for it on the main thread, for the file
    /// reads a program makes before its main loop runs (a layout on a dead network mount
    /// would block the main thread for ever). Meanwhile the default GLib context is served, so
    /// a stop signal is seen. Returns nil when `stop()` says so or `timeout` seconds pass
    /// first; the thread is then left to finish on its own.
    @MainActor
    public static func waitForWork<Value: Sendable>(timeout: Double, stop: () -> Bool,
                                                    _ work: @escaping @Sendable () -> Value) -> Value? {
        let answer = WorkAnswer<Value>()
        Thread.detachNewThread { answer.give(work()) }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = answer.value { return value }
            while g_main_context_iteration(nil, 0) != 0 {}
            if stop() || Date() >= deadline { return nil }
            usleep(5_000)
        }
    }
}

extension MainLoop {
    /// Serves the default GLib context for `seconds` on the main thread, before the main loop
    /// runs (a wait between tries at start-up), so that signal sources and timers are heard;
    /// returns early, with true, as soon as `stop()` says so.
    @MainActor
    public static func serve(seconds: Double, stop: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            while g_main_context_iteration(nil, 0) != 0 {}
            if stop() { return true }
            if Date() >= deadline { return false }
            usleep(5_000)
        }
    }
}

/// The worker's answer, handed to the main thread under a lock.
private final class WorkAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func give(_ value: Value) { lock.lock(); stored = value; lock.unlock() }

    var value: Value? {
        lock.lock(); defer { lock.unlock() }
        return stored
    }
}
