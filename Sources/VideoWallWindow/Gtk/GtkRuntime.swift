internal import CGtk
import Foundation
import VideoWallCore
import VideoWallPresentation

/// GTK start-up. `gtk_init_check` fails (instead of exiting) where there is no display,
/// so the command line can fall back to headless.
public enum GtkRuntime {
    nonisolated(unsafe) private static var started = false

    /// Whether a display can be opened (`gtk_init_check`). Main thread only.
    @MainActor
    public static func start() -> Bool {
        if started { return true }
        guard DisplayDemand.displayNamed(in: ProcessInfo.processInfo.environment) else { return false }
        // May be called again after it failed (a display that is not there yet): GTK itself is
        // initialised once, and each call tries to open the default display anew.
        started = gtk_init_check(nil, nil) != 0
        if started, let display = gdk_display_get_default(), vw_is_x11_display(display) != 0 {
            // An X error (BadWindow, BadDrawable...) ends the program in GDK's default handler.
            // A window destroyed by another client makes GDK's next requests on it fail before
            // the "destroy" handler can stop the wall cleanly, and a kiosk must not die of a
            // stray error either: one error trap (`gdk_x11_display_error_trap_push`), pushed for
            // good, takes every error that no inner trap of GDK's own takes first.
            gdk_x11_display_error_trap_push(display)
            // After GDK's own, which it installs when it opens the display.
            XSetIOErrorHandler { _ in
                MainActor.assumeIsolated { GtkRuntime.onDisplayLost?() }
                exit(1)  // what GDK's handler does, when no one asked to hear of it
            }
        }
        return started
    }

    /// Runs when the connection to the X server is lost (the server went away, or `xkill`
    /// closed this client), on the main thread, inside Xlib's I/O error handler: GDK's own
    /// handler would `_exit(1)` with no word, and Xlib exits if the handler returns. So this
    /// must end the process itself (after writing what it must); if it is nil, the process
    /// exits with status 1.
    @MainActor public static var onDisplayLost: (() -> Never)?

    /// Runs pending GTK work (layout, drawing) without blocking: for tests and captures.
    @MainActor
    public static func drainEvents() {
        while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
    }

    /// The titles of the toplevel windows that are shown (`gtk_window_list_toplevels`).
    @MainActor
    public static var shownWindowTitles: [String] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var titles: [String] = []
        var node = list
        while let current = node {
            if let widget = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self), gtk_widget_get_visible(widget) != 0 {
                titles.append(gtk_window_get_title(vw_window(widget)).map { String(cString: $0) } ?? "")
            }
            node = current.pointee.next
        }
        return titles
    }
}
