internal import CGio
import Foundation

/// A watch on one folder's entries (`g_file_monitor_directory`, inotify underneath): `onChange`
/// runs each time a file in it is created, deleted, changed, renamed or finished being written.
///
/// GIO delivers a monitor's signals to the thread-default main context of the thread that made
/// it. A program with an async main runs no GLib loop on its main thread, so a monitor made
/// there never spoke: this one makes its own context (`g_main_context_new`) and runs it on a
/// thread of its own (`g_main_loop_run`), and `onChange` runs on that thread; hand the news on
/// to where it is wanted. The watch ends when the monitor is released (`deinit` quits its loop,
/// and its thread cancels and drops the GIO monitor); nobody has to remember to stop it.
public final class FolderMonitor: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    nonisolated(unsafe) private let loop: OpaquePointer
    nonisolated(unsafe) private let context: OpaquePointer

    /// Returns once the folder is watched, or throws why it cannot be.
    public init(path: String, onChange: @escaping @Sendable () -> Void) throws {
        let context = g_main_context_new()!
        self.context = context
        loop = g_main_loop_new(context, 0)!
        let started = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        let handles = Handles(context: context, loop: loop)
        let body: @Sendable () -> Void = {
            let (context, loop) = (handles.context, handles.loop)
            g_main_context_push_thread_default(context)
            defer {
                g_main_context_pop_thread_default(context)
                g_main_loop_unref(loop)
                g_main_context_unref(context)
            }
            let file = g_file_new_for_path(path)
            var error: UnsafeMutablePointer<GError>?
            let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error)
            g_object_unref(UnsafeMutableRawPointer(file))
            guard let monitor else {
                failure.message = error.map { String(cString: $0.pointee.message) } ?? "cannot watch the folder"
                if let error { g_error_free(error) }
                started.signal()
                return
            }
            let handler = Self.connect(monitor, onChange)
            started.signal()
            g_main_loop_run(loop)
            g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), handler)
            g_file_monitor_cancel(monitor)
            g_object_unref(UnsafeMutableRawPointer(monitor))
        }
        // The thread holds its own references to the loop and context until it ends.
        g_main_loop_ref(loop)
        g_main_context_ref(context)
        // g_thread_new names the thread (for `top -H`; Foundation's Thread.name does not reach
        // the system here); unreferenced at once, it runs detached.
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        g_thread_unref(g_thread_new("folder-monitor", { data in
            let body = Unmanaged<ThreadBody>.fromOpaque(data!).takeRetainedValue()
            body.run()
            return nil
        }, box))
        started.wait()
        // Thrown after every property is set: `deinit` still runs and drops the references.
        if let message = failure.message { throw Failure(description: message) }
    }

    deinit {
        // The loop is told to quit from inside its own context (an idle source there), so a
        // monitor released before its thread began g_main_loop_run still ends: a
        // g_main_loop_quit sent first would be forgotten when the run starts. The thread then
        // cancels the GIO monitor and drops its references.
        let source = g_idle_source_new()
        g_source_set_callback(source, { data in
            if let data { g_main_loop_quit(OpaquePointer(data)) }
            return 0  // G_SOURCE_REMOVE
        }, UnsafeMutableRawPointer(loop), nil)
        g_source_attach(source, context)
        g_source_unref(source)
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    /// "changed": void (*)(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent, gpointer).
    private static func connect(_ monitor: UnsafeMutablePointer<GFileMonitor>, _ onChange: @escaping @Sendable () -> Void) -> gulong {
        typealias Changed = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, UnsafeMutableRawPointer?) -> Void
        let changed: Changed = { _, _, _, _, data in
            guard let data else { return }
            Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue().onChange()
        }
        let box = Unmanaged.passRetained(Callback(onChange)).toOpaque()
        return g_signal_connect_data(UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(changed, to: GCallback.self), box, { data, _ in
            if let data { Unmanaged<Callback>.fromOpaque(data).release() }
        }, GConnectFlags(rawValue: 0))
    }

    /// The loop and its context, handed to the monitor's thread (GLib's own are thread-safe).
    private struct Handles: @unchecked Sendable {
        let context: OpaquePointer
        let loop: OpaquePointer
    }

    private final class ThreadBody: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private final class Callback: Sendable {
        let onChange: @Sendable () -> Void
        init(_ onChange: @escaping @Sendable () -> Void) { self.onChange = onChange }
    }

    /// Why the monitor could not be made, written on its thread before `started` is signalled.
    private final class FailureBox: @unchecked Sendable {
        var message: String?
    }
}
