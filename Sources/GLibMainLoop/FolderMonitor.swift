internal import CGio
import Foundation

/// A watch on one folder's entries (`g_file_monitor_directory`, inotify underneath): `onChange`
/// runs on the main loop each time a file in it is created, deleted, changed, renamed or
/// finished being written. The watch ends when the monitor is released (`deinit` cancels it
/// and drops GIO's references); nobody has to remember to stop it.
@MainActor
public final class FolderMonitor {
    nonisolated(unsafe) private let monitor: UnsafeMutablePointer<GFileMonitor>
    private let handler: gulong

    private final class Callback {
        let onChange: @MainActor () -> Void
        init(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Must be made on the main thread: GIO delivers to the thread-default main context of the
    /// thread that made the monitor.
    public init(path: String, onChange: @escaping @MainActor () -> Void) throws {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot watch the folder"
            if let error { g_error_free(error) }
            throw Failure(description: message)
        }
        self.monitor = monitor
        // "changed": void (*)(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent, gpointer).
        typealias Changed = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, UnsafeMutableRawPointer?) -> Void
        let changed: Changed = { _, _, _, _, data in
            guard let data else { return }
            let callback = Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { callback.onChange() }
        }
        let box = Unmanaged.passRetained(Callback(onChange)).toOpaque()
        handler = g_signal_connect_data(UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(changed, to: GCallback.self), box, { data, _ in
            if let data { Unmanaged<Callback>.fromOpaque(data).release() }
        }, GConnectFlags(rawValue: 0))
    }

    deinit {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), handler)
        g_file_monitor_cancel(monitor)
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }
}
