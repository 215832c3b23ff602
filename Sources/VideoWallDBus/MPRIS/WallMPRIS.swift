import Foundation
internal import CGio
import VideoWallCore
import VideoWallEngine

/// The wall on the session bus as an MPRIS media player (`playerctl`, desktop media keys and
/// panels): `org.mpris.MediaPlayer2.videowall` owning `/org/mpris/MediaPlayer2`, applied to a
/// wall on the main actor. A second wall on the same bus takes
/// `org.mpris.MediaPlayer2.videowall.instance<pid>`, as mpv-mpris does.
///
/// Nothing here blocks: connecting (`g_bus_get`), asking for the name and giving it back
/// (RequestName, ReleaseName through `g_dbus_connection_call`) are asynchronous, and every call
/// from the bus is answered from the GLib main loop. (`g_bus_own_name` is not used: its
/// `g_bus_unown_name` gives the name back with a synchronous call, which would block the main
/// thread on a stuck bus, and GLib 2.74 prints a warning when releasing a name it was refused.)
/// Without a session bus nothing happens and nothing is printed. Dropping the object (or
/// `stop()`) gives the name back and unregisters the object.
@MainActor
public final class WallMPRIS {
    public static let busName = "org.mpris.MediaPlayer2.videowall"
    static let objectPath = "/org/mpris/MediaPlayer2"

    private(set) weak var wall: Wall?
    /// Asked to stop the program (`Quit`).
    public var onQuit: (() -> Void)?
    /// The name this wall holds on the bus, once it has it.
    public private(set) var ownedName: String?

    /// Cancels the connecting and the name request still under way (`g_cancellable_cancel`).
    private var cancellable: UnsafeMutablePointer<GCancellable>?
    private var stopped = false
    /// The connection the objects are registered on (a reference of ours).
    private(set) var connection: OpaquePointer?
    private var registrations: [guint] = []
    private var eventTask: Task<Void, Never>?

    /// What PropertiesChanged last told.
    var announced: MPRISState?
    /// A rate asked for whose change is still under way (read back at once, as it will be).
    var requestedRate: Double?
    var rateRequests = 0
    /// Stopped with `Stop` and not played since: PlaybackStatus is "Stopped".
    var isStopped = false

    private init(wall: Wall) {
        self.wall = wall
    }

    /// Starts asking for the name on the session bus for `wall`; nil when the
    /// environment names no session bus. Returns at once: the name comes when the bus answers.
    public static func start(wall: Wall) -> WallMPRIS? {
        guard SessionBus.isConfigured else { return nil }
        let mpris = WallMPRIS(wall: wall)
        mpris.cancellable = g_cancellable_new()
        g_bus_get(G_BUS_TYPE_SESSION, mpris.cancellable, MPRISCallbacks.busReady, MPRISRequest(mpris).retained())
        let events = wall.events()
        mpris.eventTask = Task { [weak mpris] in
            for await event in events { mpris?.wallDid(event) }
        }
        return mpris
    }

    /// Gives the name back (ReleaseName, not waited for) and unregisters the object
    /// (`g_dbus_connection_unregister_object`); cancels what is still under way. Calls being
    /// answered are still answered. Idempotent.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        eventTask?.cancel()
        if let cancellable {
            g_cancellable_cancel(cancellable)
            g_object_unref(UnsafeMutableRawPointer(cancellable))
        }
        cancellable = nil
        if let connection {
            for id in registrations { g_dbus_connection_unregister_object(connection, id) }
            if let ownedName { Self.callBus(connection, "ReleaseName", Variant.tuple([Variant.string(ownedName)]), cancellable: nil) }
            SessionBus.release(afterFlushing: connection)
        }
        registrations = []
        connection = nil
        ownedName = nil
    }

    isolated deinit { stop() }

    // MARK: The name

    func connected(_ connection: OpaquePointer) {
        guard !stopped, self.connection == nil else { return g_object_unref(UnsafeMutableRawPointer(connection)) }
        // The shared session connection would raise SIGTERM in the program if the bus went
        // away (exit-on-close): a wall keeps playing instead.
        g_dbus_connection_set_exit_on_close(connection, 0)
        self.connection = connection
        // Registered before the name is asked for, so a client that sees the name appear
        // finds the object.
        var table = MPRISCallbacks.vtable
        for interface in [MPRISInterfaces.root, MPRISInterfaces.player] {
            let id = g_dbus_connection_register_object(connection, Self.objectPath, MPRISInterfaces.info(interface), &table,
                                                       MPRISLink(self).retained(), MPRISLink.release, nil)
            // 0: the path is taken on this connection (it is not: the program registers it once).
            if id != 0 { registrations.append(id) }
        }
        requestName(Self.busName)
    }

    /// RequestName with DO_NOT_QUEUE (4): a name already taken is refused at once, not
    /// waited for, and nobody can take it from this wall while it holds it.
    private func requestName(_ name: String) {
        guard let connection else { return }
        Self.callBus(connection, "RequestName", Variant.tuple([Variant.string(name), g_variant_new_uint32(4)]),
                     cancellable: cancellable, MPRISCallbacks.nameRequested, MPRISRequest(self, name: name).retained())
    }

    /// RequestName's reply: 1 is the name, 3 is someone else's; nil is a failed call.
    func nameRequested(_ name: String, reply: UInt32?) {
        guard !stopped else { return }
        switch reply {
        case 1:
            ownedName = name
        case 3 where name == Self.busName:
            // Another wall has the name: take this process's own, as mpv-mpris does.
            requestName(Self.instanceName)
        default:
            // Even the instance name is refused, or the bus failed the call: the wall plays on
            // without MPRIS, and says nothing (a desktop without it is not a fault).
            stop()
        }
    }

    static var instanceName: String { "\(busName).instance\(getpid())" }

    /// A call to the bus itself (`g_dbus_connection_call` to org.freedesktop.DBus), replied
    /// to `callback` when one is given.
    private static func callBus(_ connection: OpaquePointer, _ method: String, _ parameters: OpaquePointer,
                                cancellable: UnsafeMutablePointer<GCancellable>?,
                                _ callback: GAsyncReadyCallback? = nil, _ data: gpointer? = nil) {
        g_dbus_connection_call(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                               parameters, vw_variant_type("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, cancellable, callback, data)
    }

    // MARK: Signals

    /// `g_dbus_connection_emit_signal` on the object path, to every listener.
    func emit(_ signal: String, of interface: String, _ parameters: OpaquePointer) {
        guard let connection, ownedName != nil else {
            // Nobody can address the object yet: the floating value is dropped.
            g_variant_unref(g_variant_ref_sink(parameters))
            return
        }
        g_dbus_connection_emit_signal(connection, nil, Self.objectPath, interface, signal, parameters, nil)
    }
}
