internal import CGio

/// What a registered object's handlers carry as their user data: a weak way back to the MPRIS
/// object. Each registration holds one box (`Unmanaged.passRetained`), released by the destroy-notify
/// GDBus calls when it is done with the registration, so a late callback finds nil, never
/// freed memory.
final class MPRISLink: @unchecked Sendable {
    // Read and written on the main thread only: GDBus calls back in the context the object was
    // registered from (or the call made from), the default one, which the main loop runs.
    weak var owner: WallMPRIS?

    init(_ owner: WallMPRIS) { self.owner = owner }

    /// A retained pointer for a C call's user data, given back by `release`.
    func retained() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ data: gpointer?) -> MPRISLink { Unmanaged<MPRISLink>.fromOpaque(data!).takeUnretainedValue() }

    /// The GDestroyNotify every registration is given.
    static let release: GDestroyNotify = { data in Unmanaged<MPRISLink>.fromOpaque(data!).release() }
}

/// The user data of one asynchronous call: a weak way back and the name asked for,
/// retained for the call and released by its callback (which GIO runs exactly once, even
/// when the call is cancelled).
final class MPRISRequest: @unchecked Sendable {
    // Touched on the main thread only (see MPRISLink).
    weak var owner: WallMPRIS?
    let name: String

    init(_ owner: WallMPRIS, name: String = "") {
        self.owner = owner
        self.name = name
    }

    func retained() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    /// Takes back the reference `retained()` gave.
    static func take(_ data: gpointer?) -> MPRISRequest { Unmanaged<MPRISRequest>.fromOpaque(data!).takeRetainedValue() }
}

/// A C pointer handed from a GDBus callback into `MainActor.assumeIsolated` on the same
/// (main) thread: it never crosses threads, which the compiler cannot see.
struct CallbackPointer: @unchecked Sendable {
    let pointer: OpaquePointer
    init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }
}

/// The `@convention(c)` handlers GDBus calls, each hopping to the owner on the main actor.
enum MPRISCallbacks {
    /// GAsyncReadyCallback of `g_bus_get`: the session connection, or nil (no bus).
    static let busReady: GAsyncReadyCallback = { _, result, data in
        let request = MPRISRequest.take(data)
        var error: UnsafeMutablePointer<GError>?
        let connection = CallbackPointer(g_bus_get_finish(result, &error))
        if let error { g_error_free(error) }
        MainActor.assumeIsolated {
            guard let connection else { return }
            if let owner = request.owner { owner.connected(connection.pointer) } else { g_object_unref(UnsafeMutableRawPointer(connection.pointer)) }
        }
    }

    /// GAsyncReadyCallback of RequestName: its reply code (u), or nil when the call failed.
    static let nameRequested: GAsyncReadyCallback = { source, result, data in
        let request = MPRISRequest.take(data)
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        if let error { g_error_free(error) }
        let code = reply.flatMap { Variant.child($0, 0, Variant.uint32(of:)) }
        if let reply { g_variant_unref(reply) }
        MainActor.assumeIsolated { request.owner?.nameRequested(request.name, reply: code) }
    }

    /// GAsyncReadyCallback of the flush after Quit's reply: now the program may stop.
    static let flushedForQuit: GAsyncReadyCallback = { source, result, data in
        let request = MPRISRequest.take(data)
        g_dbus_connection_flush_finish(OpaquePointer(source), result, nil)
        MainActor.assumeIsolated { request.owner?.onQuit?() }
    }

    /// The method, property-read and property-write handlers of both interfaces
    /// (GDBusInterfaceVTable; GDBus copies it at registration).
    static var vtable: GDBusInterfaceVTable {
        var table = GDBusInterfaceVTable()
        table.method_call = { _, _, _, interface, method, parameters, invocation, data in
            let link = MPRISLink.from(data), parameters = CallbackPointer(parameters), invocation = CallbackPointer(invocation)!
            let interface = String(cString: interface!), method = String(cString: method!)
            MainActor.assumeIsolated {
                guard let owner = link.owner else {
                    SessionBus.fail(invocation.pointer, G_DBUS_ERROR_FAILED, "MPRIS \(method): the wall has stopped")
                    return
                }
                owner.call(method, of: interface, parameters: parameters?.pointer, invocation: invocation.pointer)
            }
        }
        table.get_property = { _, _, _, interface, property, error, data in
            let link = MPRISLink.from(data)
            let interface = String(cString: interface!), property = String(cString: property!)
            let value = MainActor.assumeIsolated { CallbackPointer(link.owner?.value(of: property, in: interface)) }
            guard let value else {
                SessionBus.fail(error, G_DBUS_ERROR_FAILED, "MPRIS \(property): unavailable")
                return nil
            }
            return value.pointer
        }
        table.set_property = { _, _, _, interface, property, value, error, data in
            let link = MPRISLink.from(data), value = CallbackPointer(value)!
            let interface = String(cString: interface!), property = String(cString: property!)
            let refusal = MainActor.assumeIsolated { () -> String? in
                guard let owner = link.owner else { return "MPRIS \(property): the wall has stopped" }
                return owner.set(property, of: interface, to: value.pointer)
            }
            guard let refusal else { return 1 }
            SessionBus.fail(error, G_DBUS_ERROR_INVALID_ARGS, refusal)
            return 0
        }
        return table
    }
}
