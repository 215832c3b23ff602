internal import CGtk
import Foundation

/// GTK start-up. `gtk_init_check` fails (instead of exiting) where there is no display,
/// so the command line can fall back to headless.
public enum GtkRuntime {
    nonisolated(unsafe) private static var started = false

    /// Whether a display can be opened (`gtk_init_check`). Main thread only.
    @MainActor
    public static func start() -> Bool {
        if started { return true }
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil
                || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil else { return false }
        started = gtk_init_check(nil, nil) != 0
        return started
    }

    /// Runs pending GTK work (layout, drawing) without blocking: for tests and captures.
    @MainActor
    public static func drainEvents() {
        while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
    }
}
