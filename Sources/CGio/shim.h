// GIO: GDBus for the session-bus clients (MPRIS, screensaver inhibition; VideoWallDBus, so the
// engine knows no D-Bus), and GFileMonitor for folder playlists (GIOKit's FolderMonitor).
#ifndef VIDEOWALL_CGIO_SHIM_H
#define VIDEOWALL_CGIO_SHIM_H

#include <gio/gio.h>

// G_VARIANT_TYPE is a cast macro: a GVariantType is its type string. The string Swift passes
// lives only for the call, and GDBus keeps the type it is given (a reply type is checked when
// the reply comes), so the type is made from g_intern_string's permanent copy.
static inline const GVariantType *vw_variant_type(const gchar *type_string) {
    return G_VARIANT_TYPE(g_intern_string(type_string));
}

// G_DBUS_ERROR is a macro over g_dbus_error_quark().
static inline GQuark vw_dbus_error_quark(void) { return G_DBUS_ERROR; }

#endif
