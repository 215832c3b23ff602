internal import CGtk
import VideoWallCore

enum GtkDrawing {
    /// Paints a widget's whole area in one colour before its children draw ("draw" signal,
    /// `gboolean (*)(GtkWidget *, cairo_t *, gpointer)`), so regions and bars show the
    /// layout's background whatever the theme says.
    static func paintBackground(of widget: UnsafeMutableRawPointer, color: RGBColor) {
        typealias F = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean
        let f: F = { _, cr, data in
            guard let cr, let data else { return 0 }
            let rgb = data.load(as: (Double, Double, Double).self)
            cairo_set_source_rgb(cr, rgb.0, rgb.1, rgb.2)
            cairo_paint(cr)
            return 0  // let the default handler draw the children on top
        }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<(Double, Double, Double)>.size,
                                                       alignment: MemoryLayout<(Double, Double, Double)>.alignment)
        storage.storeBytes(of: (Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255),
                           as: (Double, Double, Double).self)
        g_signal_connect_data(vw_gobject(widget), "draw", unsafeBitCast(f, to: GCallback.self), storage,
                              { data, _ in data?.deallocate() }, GConnectFlags(rawValue: 0))
    }

    /// One CSS provider for the overlay labels and the transport bar.
    static func installStyles() {
        let css = """
        .vw-overlay { background-color: rgba(0,0,0,0.65); color: #ffffff; padding: 2px 6px; font-weight: bold; }
        .vw-error { background-color: rgba(120,0,0,0.85); color: #ffffff; padding: 6px 10px; }
        .vw-placeholder { color: #a0a0a0; }
        """
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1, nil)
        if let screen = gdk_screen_get_default() {
            gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        g_object_unref(provider)
    }

    /// Sizes a (wrapping) overlay to its natural width, at most `maximumWidth`, and to the
    /// height its text needs at that width, so a long message wraps onto more lines instead of
    /// being cut (GtkLayout gives children exactly their requested size). Returns the size.
    @discardableResult
    static func fit(_ widget: UnsafeMutablePointer<GtkWidget>, maximumWidth: Int) -> (width: Int, height: Int) {
        gtk_widget_set_size_request(widget, -1, -1)
        var minimum: gint = 0, natural: gint = 0
        gtk_widget_get_preferred_width(widget, &minimum, &natural)
        let width = max(1, min(Int(natural), maximumWidth), min(Int(minimum), maximumWidth))
        var height: gint = 0
        gtk_widget_get_preferred_height_for_width(widget, gint(clamping: width), nil, &height)
        gtk_widget_set_size_request(widget, gint(clamping: width), height)
        return (width, Int(height))
    }

    /// A label in its own event box (own X window), so it shows above a video widget.
    static func overlayLabel(style: String, wraps: Bool = true) -> (box: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>) {
        let box = gtk_event_box_new()!
        let label = gtk_label_new(nil)!
        if wraps {
            gtk_label_set_line_wrap(vw_label(label), 1)
        } else {
            gtk_label_set_ellipsize(vw_label(label), PANGO_ELLIPSIZE_MIDDLE)
            gtk_label_set_max_width_chars(vw_label(label), 48)
        }
        gtk_container_add(vw_container(box), label)
        gtk_style_context_add_class(gtk_widget_get_style_context(box), style)
        gtk_style_context_add_class(gtk_widget_get_style_context(label), style)
        return (box, label)
    }
}
