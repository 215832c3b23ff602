// GIO's GDBus, for the session-bus clients (MPRIS, screensaver inhibition). Only the
// VideoWallDBus target imports this: the engine knows no D-Bus.
#ifndef VIDEOWALL_CGIO_SHIM_H
#define VIDEOWALL_CGIO_SHIM_H

#include <gio/gio.h>

// G_VARIANT_TYPE is a cast macro: the type string as a GVariantType.
static inline const GVariantType *vw_variant_type(const gchar *type_string) {
    return G_VARIANT_TYPE(type_string);
}

// G_DBUS_ERROR is a macro over g_dbus_error_quark().
static inline GQuark vw_dbus_error_quark(void) { return G_DBUS_ERROR; }

#endif
