// What Swift cannot import from GTK 3 headers (cast macros), as static inline functions.
// Only VideoWallWindow imports this.
#ifndef VIDEOWALL_CGTK_SHIM_H
#define VIDEOWALL_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <gdk/gdkx.h>
#include <X11/extensions/dpms.h>

static inline GtkWidget *vw_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *vw_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkContainer *vw_container(gpointer p) { return GTK_CONTAINER(p); }
static inline GtkFixed *vw_fixed(gpointer p) { return GTK_FIXED(p); }
static inline GtkBox *vw_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *vw_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkRange *vw_range(gpointer p) { return GTK_RANGE(p); }
static inline GtkScale *vw_scale(gpointer p) { return GTK_SCALE(p); }
static inline GtkButton *vw_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkOverlay *vw_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkEventBox *vw_event_box(gpointer p) { return GTK_EVENT_BOX(p); }
static inline GtkLayout *vw_layout(gpointer p) { return GTK_LAYOUT(p); }
static inline GObject *vw_gobject(gpointer p) { return G_OBJECT(p); }
static inline GtkStyleContext *vw_style_context(gpointer p) { return gtk_widget_get_style_context(GTK_WIDGET(p)); }
static inline GtkAdjustment *vw_range_adjustment(gpointer p) { return gtk_range_get_adjustment(GTK_RANGE(p)); }
static inline GtkToggleButton *vw_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline gboolean vw_is_x11_display(GdkDisplay *d) { return GDK_IS_X11_DISPLAY(d); }

// Keeps the X screensaver (and DPMS blanking) from starting: what kiosk mode calls on a timer.
static inline void vw_reset_x11_screensaver(GdkDisplay *d) {
    if (GDK_IS_X11_DISPLAY(d)) { XResetScreenSaver(gdk_x11_display_get_xdisplay(d)); XFlush(gdk_x11_display_get_xdisplay(d)); }
}

// Whether a window manager will honour gtk_window_fullscreen: it must list
// _NET_WM_STATE_FULLSCREEN in _NET_SUPPORTED (gdk_x11_screen_supports_net_wm_hint). A bare X
// server (only xinit) has no window manager and lists nothing. Non-X11 displays: assume so.
static inline gboolean vw_window_manager_fullscreens(GdkDisplay *d) {
    if (!GDK_IS_X11_DISPLAY(d)) return TRUE;
    return gdk_x11_screen_supports_net_wm_hint(gdk_display_get_default_screen(d),
                                               gdk_atom_intern_static_string("_NET_WM_STATE_FULLSCREEN"));
}

// gdk_window_process_updates: paints what is queued on `window` now, outside its own frame
// clock, so windows of one wall on several monitors change frame in one main-loop pass (each
// toplevel has a frame clock of its own). Deprecated in 3.22, still working in GTK 3.24.
static inline void vw_window_paint_now(GdkWindow *window) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gdk_window_process_updates(window, TRUE);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

// The windows of one wall on several monitors painted as one: on X11 inside
// gdk_x11_display_grab (XGrabServer), so no other client (a screen capture, a compositor)
// is served between the first window's new picture and the last one's, even when this
// process is preempted between them. Elsewhere, back to back.
static inline void vw_windows_paint_together(GdkWindow *const *windows, guint count) {
    if (count == 0) return;
    GdkDisplay *d = gdk_window_get_display(windows[0]);
    gboolean x11 = GDK_IS_X11_DISPLAY(d);
    if (x11) gdk_x11_display_grab(d);
    for (guint i = 0; i < count; i++) vw_window_paint_now(windows[i]);
    if (x11) gdk_x11_display_ungrab(d);
}

// DPMSQueryExtension + DPMSCapable, then DPMSEnable + DPMSForceLevel (DPMSModeOff or
// DPMSModeOn): switches the X server's monitors off or on. 1 done, 0 the server cannot (no
// DPMS: Xvfb, a dummy driver), -1 not an X11 display.
static inline int vw_x11_dpms_force(GdkDisplay *d, gboolean on) {
    if (!GDK_IS_X11_DISPLAY(d)) return -1;
    Display *x = gdk_x11_display_get_xdisplay(d);
    int events, errors;
    if (!DPMSQueryExtension(x, &events, &errors) || !DPMSCapable(x)) return 0;
    DPMSEnable(x);
    Status done = DPMSForceLevel(x, on ? DPMSModeOn : DPMSModeOff);
    XFlush(x);
    return done ? 1 : 0;
}

#endif
