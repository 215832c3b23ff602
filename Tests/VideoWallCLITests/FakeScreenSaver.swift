import CGio
import Foundation

/// An `org.freedesktop.ScreenSaver` of the test's own on a private bus: it answers Inhibit with
/// cookie 42 and records every call. Served on a thread with a GLib main context of its own
/// (`g_main_context_push_thread_default`), so it needs nothing of the test's main thread.
final class FakeScreenSaver: @unchecked Sendable {
    static let cookie: UInt32 = 42
    static let xml = """
        <node><interface name="org.freedesktop.ScreenSaver">
          <method name="Inhibit">
            <arg direction="in" name="application" type="s"/><arg direction="in" name="reason" type="s"/>
            <arg direction="out" name="cookie" type="u"/>
          </method>
          <method name="UnInhibit"><arg direction="in" name="cookie" type="u"/></method>
        </interface></node>
        """

    private let lock = NSLock()
    private var recorded: [String] = []
    private var loop: OpaquePointer?
    private let ready = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
    private var failure: String?

    /// The calls so far: `Inhibit APPLICATION: REASON` and `UnInhibit COOKIE`.
    var calls: [String] { lock.lock(); defer { lock.unlock() }; return recorded }

    /// Connects to the bus at `address` and owns the service's name before it returns.
    init(address: String) throws {
        Thread.detachNewThread { [self] in serve(address) }
        guard ready.wait(timeout: .now() + 10) == .success, failure == nil else {
            throw RunnerError(message: "fake screensaver: \(failure ?? "did not start")")
        }
    }

    /// Ends the service (`g_main_loop_quit` is safe from any thread) and waits for its thread.
    func stop() {
        if let loop { g_main_loop_quit(loop) }
        _ = ended.wait(timeout: .now() + 5)
    }

    private func record(_ call: String) { lock.lock(); recorded.append(call); lock.unlock() }

    private func serve(_ address: String) {
        defer { ended.signal() }
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context); g_main_context_unref(context) }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            failure = error.map { String(cString: $0.pointee.message) } ?? "no connection"
            ready.signal(); return
        }
        defer { g_dbus_connection_close_sync(connection, nil, nil); g_object_unref(UnsafeMutableRawPointer(connection)) }
        let node = g_dbus_node_info_new_for_xml(Self.xml, nil)!
        defer { g_dbus_node_info_unref(node) }
        var table = GDBusInterfaceVTable()
        table.method_call = { _, _, _, _, method, parameters, invocation, data in
            let fake = Unmanaged<FakeScreenSaver>.fromOpaque(data!).takeUnretainedValue()
            func argument(_ index: Int) -> OpaquePointer { g_variant_get_child_value(parameters, gsize(index)) }
            if String(cString: method!) == "Inhibit" {
                let application = argument(0), reason = argument(1)
                fake.record("Inhibit \(String(cString: g_variant_get_string(application, nil))): \(String(cString: g_variant_get_string(reason, nil)))")
                g_variant_unref(application); g_variant_unref(reason)
                var cookie: OpaquePointer? = g_variant_new_uint32(FakeScreenSaver.cookie)
                g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&cookie, 1))
            } else {
                let cookie = argument(0)
                fake.record("UnInhibit \(g_variant_get_uint32(cookie))")
                g_variant_unref(cookie)
                g_dbus_method_invocation_return_value(invocation, nil)
            }
        }
        let registration = g_dbus_connection_register_object(connection, "/org/freedesktop/ScreenSaver", node.pointee.interfaces[0],
                                                             &table, Unmanaged.passUnretained(self).toOpaque(), nil, &error)
        guard registration != 0 else {
            failure = "cannot register the object"
            ready.signal(); return
        }
        var name: [OpaquePointer?] = [g_variant_new_string("org.freedesktop.ScreenSaver"), g_variant_new_uint32(4)]
        let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                "RequestName", g_variant_new_tuple(&name, 2), nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        guard let reply else {
            failure = "cannot own org.freedesktop.ScreenSaver"
            ready.signal(); return
        }
        g_variant_unref(reply)
        loop = g_main_loop_new(context, 0)
        ready.signal()
        g_main_loop_run(loop)
        g_dbus_connection_unregister_object(connection, registration)
        g_main_loop_unref(loop)
    }
}
