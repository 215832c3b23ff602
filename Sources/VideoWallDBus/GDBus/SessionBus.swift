import Foundation
internal import CGio

/// Where the session bus is, and what failing calls answer.
enum SessionBus {
    /// Whether the environment names a session bus (`DBUS_SESSION_BUS_ADDRESS`). Without one
    /// nothing is tried: GLib would fall back to `dbus-launch` autolaunching, which can start a
    /// bus of its own or print to the terminal, neither of which a wall wants.
    static var isConfigured: Bool {
        guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else { return false }
        return !address.isEmpty
    }

    /// Lets go of a reference to a connection once what was sent on it is written
    /// (`g_dbus_connection_flush`, asynchronous, then `g_object_unref`). Dropped at once, the
    /// last reference would finalize the connection with a last call (UnInhibit, ReleaseName)
    /// still unsent, and the call would be lost.
    static func release(afterFlushing connection: OpaquePointer) {
        g_dbus_connection_flush(connection, nil, { source, result, _ in
            g_dbus_connection_flush_finish(OpaquePointer(source), result, nil)
            g_object_unref(UnsafeMutableRawPointer(source))
        }, nil)
    }

    /// Sets `error` to a D-Bus error with one line of reason (`g_set_error_literal` in
    /// G_DBUS_ERROR), for a property handler to return.
    static func fail(_ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ code: GDBusError, _ message: String) {
        g_set_error_literal(error, vw_dbus_error_quark(), gint(code.rawValue), message)
    }

    /// Answers a method call with a D-Bus error (`g_dbus_method_invocation_return_error_literal`,
    /// the literal form of `g_dbus_method_invocation_return_error`).
    static func fail(_ invocation: OpaquePointer, _ code: GDBusError, _ message: String) {
        g_dbus_method_invocation_return_error_literal(invocation, vw_dbus_error_quark(), gint(code.rawValue), message)
    }

    /// Answers a method call with no values (`g_dbus_method_invocation_return_value` with NULL).
    static func succeed(_ invocation: OpaquePointer) {
        g_dbus_method_invocation_return_value(invocation, nil)
    }
}
