// What Swift cannot import from GTK 3 headers (cast macros), as static inline functions.
// Only VideoWallWindow imports this.
#ifndef VIDEOWALL_CGTK_SHIM_H
#define VIDEOWALL_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <gdk/gdkx.h>

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
static inline GObject *vw_gobject(gpointer p) { return G_OBJECT(p); }
static inline GtkStyleContext *vw_style_context(gpointer p) { return gtk_widget_get_style_context(GTK_WIDGET(p)); }
#endif
