internal import CGtk

/// A GTK signal handler (`g_signal_connect_data`); the Swift closure is the `user_data`,
/// released by the destroy-notify when the handler or the widget goes. Handlers run on the
/// main thread, as GTK emits on it.
final class GtkHandler<Arguments> {
    let body: (Arguments) -> Bool
    init(_ body: @escaping (Arguments) -> Bool) { self.body = body }
}

enum GtkSignals {
    private static func connect<Arguments>(_ widget: UnsafeMutableRawPointer, _ signal: String,
                                           _ handler: GtkHandler<Arguments>, _ callback: GCallback) {
        let data = Unmanaged.passRetained(handler as AnyObject).toOpaque()
        g_signal_connect_data(vw_gobject(widget), signal, callback, data, { data, _ in
            if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
        }, GConnectFlags(rawValue: 0))
    }

    /// `void (*)(GtkWidget *, gpointer)`: "clicked", "value-changed", "destroy", "realize".
    static func onSimple(_ widget: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Void) {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let f: F = { _, data in _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(()) }
        connect(widget, signal, GtkHandler<Void> { body(); return false }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "key-press-event": `gboolean (*)(GtkWidget *, GdkEventKey *, gpointer)`; the body gets the
    /// key's name (`gdk_keyval_name`) and returns whether it handled it.
    static func onKeyPress(_ widget: UnsafeMutableRawPointer, _ body: @escaping (String) -> Bool) {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEventKey>?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, event, data in
            guard let event, let name = gdk_keyval_name(event.pointee.keyval) else { return 0 }
            return (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<String>).body(String(cString: name)) ? 1 : 0
        }
        connect(widget, "key-press-event", GtkHandler<String>(body), unsafeBitCast(f, to: GCallback.self))
    }

    /// "button-press-event"/"button-release-event": `gboolean (*)(GtkWidget *, GdkEventButton *, gpointer)`.
    static func onButton(_ widget: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Void) {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, _, data in _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(()); return 0 }
        connect(widget, signal, GtkHandler<Void> { body(); return false }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "size-allocate": `void (*)(GtkWidget *, GdkRectangle *, gpointer)`.
    static func onSizeAllocate(_ widget: UnsafeMutableRawPointer, _ body: @escaping (Int, Int) -> Void) {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?) -> Void
        let f: F = { _, rect, data in
            guard let rect else { return }
            _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<(Int, Int)>).body((Int(rect.pointee.width), Int(rect.pointee.height)))
        }
        connect(widget, "size-allocate", GtkHandler<(Int, Int)> { body($0.0, $0.1); return false }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "delete-event": `gboolean (*)(GtkWidget *, GdkEvent *, gpointer)`; true keeps the window.
    static func onDelete(_ widget: UnsafeMutableRawPointer, _ body: @escaping () -> Bool) {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, _, data in (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(()) ? 1 : 0 }
        connect(widget, "delete-event", GtkHandler<Void>(body), unsafeBitCast(f, to: GCallback.self))
    }
}
