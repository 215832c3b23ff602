internal import CGtk
import VideoWallCore

/// Fullscreen where nobody does it for us. `gtk_window_fullscreen` only asks the window
/// manager (`_NET_WM_STATE_FULLSCREEN`); on a bare X server (a signage box started with
/// `xinit` alone) there is none, and the window would stay at its default size in a corner.
/// Then the window is moved and sized to its monitor's geometry by hand (with no window
/// manager there are no decorations to remove either).
extension WallWindow {
    func coverMonitorIfNoWindowManager() {
        guard let display = gdk_display_get_default(), vw_window_manager_fullscreens(display) == 0,
              let monitor = monitorFrame else { return }
        if frameBeforeCovering == nil { frameBeforeCovering = frameOnScreen }
        gtk_window_move(vw_window(window), gint(clamping: monitor.x), gint(clamping: monitor.y))
        gtk_window_resize(vw_window(window), gint(clamping: monitor.width), gint(clamping: monitor.height))
    }

    /// Back to where the window was before it covered its monitor by hand.
    func uncoverMonitor() {
        guard let frame = frameBeforeCovering else { return }
        frameBeforeCovering = nil
        gtk_window_move(vw_window(window), gint(clamping: frame.x), gint(clamping: frame.y))
        gtk_window_resize(vw_window(window), gint(clamping: frame.width), gint(clamping: frame.height))
    }

    /// The window's position on the screen (`gdk_window_get_origin`) and its allocated size.
    public var frameOnScreen: PixelRect {
        var x: gint = 0, y: gint = 0
        if let gdkWindow = gtk_widget_get_window(window) { gdk_window_get_origin(gdkWindow, &x, &y) }
        return PixelRect(x: Int(x), y: Int(y), width: Int(gtk_widget_get_allocated_width(window)),
                         height: Int(gtk_widget_get_allocated_height(window)))
    }

    /// The geometry of the window's monitor (`gdk_monitor_get_geometry`): the one `--monitor`
    /// names, else the one the window is on (`gdk_display_get_monitor_at_window`), else the
    /// primary one.
    public var monitorFrame: PixelRect? {
        guard let display = gdk_display_get_default() else { return nil }
        var monitor: OpaquePointer?
        if let index = options.monitor { monitor = gdk_display_get_monitor(display, gint(clamping: index)) }
        if monitor == nil, let gdkWindow = gtk_widget_get_window(window) { monitor = gdk_display_get_monitor_at_window(display, gdkWindow) }
        if monitor == nil { monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0) }
        guard let monitor else { return nil }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        return PixelRect(x: Int(geometry.x), y: Int(geometry.y), width: Int(geometry.width), height: Int(geometry.height))
    }
}
