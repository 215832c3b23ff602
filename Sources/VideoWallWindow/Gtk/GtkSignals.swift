internal import CGtk

/// A GTK signal handler (`g_signal_connect_data`); the Swift closure is the `user_data`,
/// released by the destroy-notify when the handler or the widget goes. Handlers run on the
/// main thread, as GTK emits on it.
final class GtkHandler<Arguments> {
    let body: (Arguments) -> Bool
    init(_ body: @escaping (Arguments) -> Bool) { self.body = body }
}

/// One connected handler. Dropping it disconnects the handler (`g_signal_handler_disconnect`),
/// so whoever keeps it decides how long the handler runs; it holds a reference to the widget
/// until then, so the disconnect never reaches a freed object.
final class GtkSignalConnection {
    private let widget: UnsafeMutablePointer<GObject>
    private let id: gulong

    init(widget: UnsafeMutablePointer<GObject>, id: gulong) {
        self.widget = widget
        self.id = id
        g_object_ref(widget)
    }

    /// `g_signal_handler_disconnect`, if the handler is still connected (a destroyed widget
    /// has dropped its handlers already).
    func disconnect() {
        if g_signal_handler_is_connected(widget, id) != 0 { g_signal_handler_disconnect(widget, id) }
    }

    deinit {
        disconnect()
        g_object_unref(widget)
    }
}

enum GtkSignals {
    private static func connect<Arguments>(_ widget: UnsafeMutableRawPointer, _ signal: String,
                                           _ handler: GtkHandler<Arguments>, _ callback: GCallback) -> GtkSignalConnection {
        let data = Unmanaged.passRetained(handler as AnyObject).toOpaque()
        let id = g_signal_connect_data(vw_gobject(widget), signal, callback, data, { data, _ in
            if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
        }, GConnectFlags(rawValue: 0))
        return GtkSignalConnection(widget: vw_gobject(widget), id: id)
    }

    /// "draw": `gboolean (*)(GtkWidget *, cairo_t *, gpointer)`; the body paints on the cairo
    /// context (the widget's area at its origin).
    static func onDraw(_ widget: UnsafeMutableRawPointer, _ body: @escaping (OpaquePointer) -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, cr, data in
            guard let cr, let data else { return 0 }
            return (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! GtkHandler<OpaquePointer>).body(cr) ? 1 : 0
        }
        return connect(widget, "draw", GtkHandler<OpaquePointer> { body($0); return true }, unsafeBitCast(f, to: GCallback.self))
    }

    /// `void (*)(GdkDisplay *, GdkMonitor *, gpointer)`: a display's "monitor-added" and
    /// "monitor-removed" (the monitor itself is not handed on: the body asks the display).
    static func onMonitorChange(_ display: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let f: F = { _, _, data in _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(()) }
        return connect(display, signal, GtkHandler<Void> { body(); return false }, unsafeBitCast(f, to: GCallback.self))
    }

    /// `void (*)(GtkWidget *, gpointer)`: "clicked", "value-changed", "destroy", "realize".
    static func onSimple(_ widget: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let f: F = { _, data in _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(()) }
        return connect(widget, signal, GtkHandler<Void> { body(); return false }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "key-press-event": `gboolean (*)(GtkWidget *, GdkEventKey *, gpointer)`; the body gets the
    /// key's name (`gdk_keyval_name`) and returns whether it handled it.
    static func onKeyPress(_ widget: UnsafeMutableRawPointer, _ body: @escaping (String, WallCommand.Modifiers) -> Bool) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEventKey>?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, event, data in
            guard let event, let name = gdk_keyval_name(event.pointee.keyval) else { return 0 }
            var modifiers: WallCommand.Modifiers = []
            if event.pointee.state & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
            if event.pointee.state & GDK_MOD1_MASK.rawValue != 0 { modifiers.insert(.alt) }
            let handler = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<(String, WallCommand.Modifiers)>
            return handler.body((String(cString: name), modifiers)) ? 1 : 0
        }
        return connect(widget, "key-press-event", GtkHandler<(String, WallCommand.Modifiers)> { body($0.0, $0.1) }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "button-press-event"/"button-release-event": `gboolean (*)(GtkWidget *, GdkEventButton *, gpointer)`.
    static func onButton(_ widget: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, _, data in _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(()); return 0 }
        return connect(widget, signal, GtkHandler<Void> { body(); return false }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "button-press-event": `gboolean (*)(GtkWidget *, GdkEventButton *, gpointer)`; the body
    /// gets the pointer's place in the widget's window when the primary button goes down.
    static func onPrimaryPress(_ widget: UnsafeMutableRawPointer, _ body: @escaping (Double, Double) -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEventButton>?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, event, data in
            // GDK follows a quick second press with a GDK_2BUTTON_PRESS of its own: one click, one call.
            guard let event, event.pointee.button == 1, event.pointee.type == GDK_BUTTON_PRESS else { return 0 }
            _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<(Double, Double)>).body((event.pointee.x, event.pointee.y))
            return 1
        }
        return connect(widget, "button-press-event", GtkHandler<(Double, Double)> { body($0.0, $0.1); return true }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "button-release-event": `gboolean (*)(GtkWidget *, GdkEventButton *, gpointer)`; the
    /// body runs when the primary button comes up.
    static func onPrimaryRelease(_ widget: UnsafeMutableRawPointer, _ body: @escaping () -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEventButton>?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, event, data in
            guard let event, event.pointee.button == 1 else { return 0 }
            _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(())
            return 1
        }
        return connect(widget, "button-release-event", GtkHandler<Void> { body(); return true }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "scroll-event": `gboolean (*)(GtkWidget *, GdkEventScroll *, gpointer)`; the body gets the
    /// pointer's place and the steps scrolled (negative: up, away from the user), from wheel
    /// notches or smooth scrolling alike. The widget is given the scroll event masks.
    static func onScroll(_ widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping (Double, Double, Double) -> Void) -> GtkSignalConnection {
        gtk_widget_add_events(widget, gint(GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue))
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEventScroll>?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, event, data in
            guard let event else { return 0 }
            let steps: Double = switch event.pointee.direction {
            case GDK_SCROLL_UP: -1
            case GDK_SCROLL_DOWN: 1
            case GDK_SCROLL_SMOOTH: event.pointee.delta_y
            default: 0
            }
            guard steps != 0 else { return 0 }
            _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<(Double, Double, Double)>).body((event.pointee.x, event.pointee.y, steps))
            return 1
        }
        return connect(widget, "scroll-event", GtkHandler<(Double, Double, Double)> { body($0.0, $0.1, $0.2); return true }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "motion-notify-event": `gboolean (*)(GtkWidget *, GdkEventMotion *, gpointer)`; the body
    /// gets the pointer's place while the primary button is held (a drag).
    static func onPrimaryDrag(_ widget: UnsafeMutableRawPointer, _ body: @escaping (Double, Double) -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEventMotion>?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, event, data in
            guard let event, event.pointee.state & GDK_BUTTON1_MASK.rawValue != 0 else { return 0 }
            _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<(Double, Double)>).body((event.pointee.x, event.pointee.y))
            return 1
        }
        return connect(widget, "motion-notify-event", GtkHandler<(Double, Double)> { body($0.0, $0.1); return true }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "size-allocate": `void (*)(GtkWidget *, GdkRectangle *, gpointer)`.
    static func onSizeAllocate(_ widget: UnsafeMutableRawPointer, _ body: @escaping (Int, Int) -> Void) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?) -> Void
        let f: F = { _, rect, data in
            guard let rect else { return }
            _ = (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<(Int, Int)>).body((Int(rect.pointee.width), Int(rect.pointee.height)))
        }
        return connect(widget, "size-allocate", GtkHandler<(Int, Int)> { body($0.0, $0.1); return false }, unsafeBitCast(f, to: GCallback.self))
    }

    /// "delete-event": `gboolean (*)(GtkWidget *, GdkEvent *, gpointer)`; true keeps the window.
    static func onDelete(_ widget: UnsafeMutableRawPointer, _ body: @escaping () -> Bool) -> GtkSignalConnection {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, _, data in (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GtkHandler<Void>).body(()) ? 1 : 0 }
        return connect(widget, "delete-event", GtkHandler<Void>(body), unsafeBitCast(f, to: GCallback.self))
    }
}
