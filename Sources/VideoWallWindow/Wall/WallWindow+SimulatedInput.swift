internal import CGtk

/// A user's keys and clicks, sent through the display server (GDK's test utilities, which
/// use XSendEvent) so they take the same path as real input: X event, GDK, GTK's event
/// propagation, the widget's own handlers. For tests; the X server must deliver core events
/// (`GDK_CORE_DEVICE_EVENTS=1`), since GDK's XInput 2 path ignores sent events.
extension WallWindow {
    /// Presses and releases the key named `name` (`gdk_keyval_from_name`: "space", "period"),
    /// with `modifiers` held.
    @discardableResult
    func simulateKey(_ name: String, modifiers: WallCommand.Modifiers = []) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(window) else { return false }
        let keyval = gdk_keyval_from_name(name)
        guard keyval != 0 else { return false }
        var state: UInt32 = 0
        if modifiers.contains(.control) { state |= GDK_CONTROL_MASK.rawValue }
        if modifiers.contains(.alt) { state |= GDK_MOD1_MASK.rawValue }
        // gdk_test_simulate_key: x = y = -1 aims at the middle of the window.
        let pressed = gdk_test_simulate_key(gdkWindow, -1, -1, keyval, GdkModifierType(rawValue: state), GDK_KEY_PRESS) != 0
        let released = gdk_test_simulate_key(gdkWindow, -1, -1, keyval, GdkModifierType(rawValue: state), GDK_KEY_RELEASE) != 0
        return pressed && released
    }

    /// Presses (`down`) or releases the primary button on the seek bar, `fraction` of the
    /// way along its trough.
    @discardableResult
    func simulateSeekBarButton(down: Bool, atFraction fraction: Double) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(window) else { return false }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(transportBar.scale, &allocation)
        var x: gint = 0, y: gint = 0
        let inside = gint(Double(allocation.width) * min(max(fraction, 0), 1))
        guard gtk_widget_translate_coordinates(transportBar.scale, window, inside, allocation.height / 2, &x, &y) != 0 else { return false }
        return gdk_test_simulate_button(gdkWindow, x, y, 1, GdkModifierType(rawValue: 0),
                                        down ? GDK_BUTTON_PRESS : GDK_BUTTON_RELEASE) != 0
    }

    /// Presses and releases the primary button at (`x`, `y`) of the window.
    @discardableResult
    func simulateClick(x: Int, y: Int) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(window) else { return false }
        let none = GdkModifierType(rawValue: 0)
        return gdk_test_simulate_button(gdkWindow, gint(clamping: x), gint(clamping: y), 1, none, GDK_BUTTON_PRESS) != 0
            && gdk_test_simulate_button(gdkWindow, gint(clamping: x), gint(clamping: y), 1, none, GDK_BUTTON_RELEASE) != 0
    }

    /// One wheel notch (down: towards the user, zooming out) over the middle of a region's picture.
    @discardableResult
    func simulateScroll(region: Int, down: Bool) -> Bool {
        guard let picture = videoFrame(ofRegion: region) else { return false }
        return simulateScroll(over: tiles[region].clickTarget, x: Double(picture.width) / 2, y: Double(picture.height) / 2, down: down)
    }

    /// One wheel notch over the middle of the compare picture (`--compare`).
    @discardableResult
    func simulateScrollOverComparison(down: Bool) -> Bool {
        guard let box = compareBox, let picture = compareFrame else { return false }
        return simulateScroll(over: box, x: Double(picture.width) / 2, y: Double(picture.height) / 2, down: down)
    }

    /// A scroll event handed to GTK as if GDK had read it from the display (`gtk_main_do_event`).
    private func simulateScroll(over widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, down: Bool) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(widget), let event = gdk_event_new(GDK_SCROLL) else { return false }
        defer { gdk_event_free(event) }
        // gdk_event_free drops the reference the event holds on its window.
        event.pointee.scroll.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gdkWindow)))
        event.pointee.scroll.direction = down ? GDK_SCROLL_DOWN : GDK_SCROLL_UP
        event.pointee.scroll.x = x
        event.pointee.scroll.y = y
        event.pointee.scroll.send_event = 1
        gdk_event_set_device(event, gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_window_get_display(gdkWindow))))
        gtk_main_do_event(event)
        return true
    }
}
