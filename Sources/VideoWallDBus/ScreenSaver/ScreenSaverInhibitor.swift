internal import CGio

/// Holds off the desktop's screensaver and idle blanking while a kiosk wall plays, through
/// `org.freedesktop.ScreenSaver.Inhibit` on the session bus (GNOME, KDE, Xfce and others
/// serve it). Asynchronous from end to end: `g_bus_get`, then `g_dbus_connection_call`. A
/// bus without the service, or no bus at all, is a desktop without a screensaver to hold:
/// nothing is printed. `stop()` (or dropping the object) calls `UnInhibit` with the cookie.
@MainActor
public final class ScreenSaverInhibitor {
    static let service = "org.freedesktop.ScreenSaver"
    static let path = "/org/freedesktop/ScreenSaver"
    /// How long the service has to answer: a hung service costs nothing meanwhile.
    static let timeoutMilliseconds: gint = 10_000

    private let application: String
    private let reason: String
    /// Cancels the connection or the Inhibit call still under way (`g_cancellable_cancel`).
    private var cancellable: UnsafeMutablePointer<GCancellable>?
    private var connection: OpaquePointer?
    private var cookie: UInt32?
    private var stopped = false

    private init(application: String, reason: String) {
        self.application = application
        self.reason = reason
    }

    /// Starts asking; nil when the environment names no session bus.
    public static func inhibit(application: String, reason: String) -> ScreenSaverInhibitor? {
        guard SessionBus.isConfigured else { return nil }
        let inhibitor = ScreenSaverInhibitor(application: application, reason: reason)
        inhibitor.cancellable = g_cancellable_new()
        // g_bus_get's GAsyncReadyCallback runs once, cancelled or not: it releases the link.
        g_bus_get(G_BUS_TYPE_SESSION, inhibitor.cancellable, { _, result, data in
            let link = InhibitorLink.take(data)
            var error: UnsafeMutablePointer<GError>?
            let connection = CallbackPointer(g_bus_get_finish(result, &error))
            if let error { g_error_free(error) }
            guard let connection else { return }
            MainActor.assumeIsolated {
                if let owner = link.owner { owner.connected(connection.pointer) } else { g_object_unref(UnsafeMutableRawPointer(connection.pointer)) }
            }
        }, InhibitorLink(inhibitor).retained())
        return inhibitor
    }

    private func connected(_ connection: OpaquePointer) {
        guard !stopped else { return g_object_unref(UnsafeMutableRawPointer(connection)) }
        // As for MPRIS: the bus going away must not raise SIGTERM in the wall.
        g_dbus_connection_set_exit_on_close(connection, 0)
        self.connection = connection
        // NO_AUTO_START: a bus that does not have the service now is not asked to start one.
        g_dbus_connection_call(connection, Self.service, Self.path, Self.service, "Inhibit",
                               Variant.tuple([Variant.string(application), Variant.string(reason)]), vw_variant_type("(u)"),
                               G_DBUS_CALL_FLAGS_NO_AUTO_START, Self.timeoutMilliseconds, cancellable, { source, result, data in
            let link = InhibitorLink.take(data)
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            // ServiceUnknown (no screensaver service), a timeout, a cancel: nothing to hold.
            if let error { g_error_free(error) }
            guard let reply else { return }
            let cookie = Variant.child(reply, 0, Variant.uint32(of:))
            g_variant_unref(reply)
            guard let cookie else { return }
            let connection = CallbackPointer(OpaquePointer(source))!
            MainActor.assumeIsolated {
                if let owner = link.owner, !owner.stopped {
                    owner.cookie = cookie
                } else {
                    // Stopped while the call was on its way: give the inhibition back at once,
                    // holding the connection until the call is written.
                    g_object_ref(UnsafeMutableRawPointer(connection.pointer))
                    ScreenSaverInhibitor.uninhibit(cookie, on: connection.pointer)
                    SessionBus.release(afterFlushing: connection.pointer)
                }
            }
        }, InhibitorLink(self).retained())
    }

    /// `UnInhibit(cookie)`, not waited for (the reply, if any, is dropped).
    private static func uninhibit(_ cookie: UInt32, on connection: OpaquePointer) {
        g_dbus_connection_call(connection, service, path, service, "UnInhibit", Variant.tuple([g_variant_new_uint32(cookie)]),
                               nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil, nil, nil)
    }

    /// Gives the inhibition back, or cancels the asking still under way. Idempotent.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if let cancellable {
            g_cancellable_cancel(cancellable)
            g_object_unref(UnsafeMutableRawPointer(cancellable))
        }
        cancellable = nil
        if let connection {
            if let cookie { Self.uninhibit(cookie, on: connection) }
            SessionBus.release(afterFlushing: connection)
        }
        connection = nil
        cookie = nil
    }

    /// Whether the service gave a cookie that is held now.
    public var isInhibiting: Bool { cookie != nil }

    isolated deinit { stop() }
}

/// The user data of the asynchronous calls: a weak way back, retained for the call and
/// released by its callback (which GIO runs exactly once).
private final class InhibitorLink: @unchecked Sendable {
    // Touched on the main thread only: the callbacks run in the default main context.
    weak var owner: ScreenSaverInhibitor?

    @MainActor init(_ owner: ScreenSaverInhibitor) { self.owner = owner }

    func retained() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    /// Takes back the reference `retained()` gave.
    static func take(_ data: gpointer?) -> InhibitorLink { Unmanaged<InhibitorLink>.fromOpaque(data!).takeRetainedValue() }
}
