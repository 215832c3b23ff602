internal import CGtk
import VideoWallCore

/// Draws a text overlay with Pango and cairo: the one place that lays out and paints an
/// overlay's text, used for the window and for a reference picture alike.
public enum OverlayPainting {
    /// A text's box: the text's own size plus a margin of a quarter of its line height.
    public struct Box: Equatable {
        public var width: Int
        public var height: Int
    }

    /// The em size of a text whose line is `lineHeight` pixels high.
    static func fontPixels(lineHeight: Int) -> Double { max(4, Double(lineHeight) * 0.8) }

    /// The size `text` needs at `lineHeight` pixels a line.
    static func box(of text: String, lineHeight: Int, on cr: OpaquePointer) -> Box {
        let layout = makeLayout(text, lineHeight: lineHeight, on: cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: gint = 0, height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let margin = max(1, lineHeight / 4)
        return Box(width: Int(width) + 2 * margin, height: Int(height) + 2 * margin)
    }

    /// Paints `text` at the origin of `cr` in its box: the background box when there is one,
    /// else the text outlined in black so it reads on any picture; all at `opacity`.
    static func paint(_ text: String, lineHeight: Int, color: RGBColor, background: RGBColor?, opacity: Double, on cr: OpaquePointer) {
        let layout = makeLayout(text, lineHeight: lineHeight, on: cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: gint = 0, height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let margin = Double(max(1, lineHeight / 4))
        cairo_save(cr)
        cairo_push_group(cr)
        if let background {
            cairo_set_source_rgb(cr, Double(background.red) / 255, Double(background.green) / 255, Double(background.blue) / 255)
            cairo_rectangle(cr, 0, 0, Double(width) + 2 * margin, Double(height) + 2 * margin)
            cairo_fill(cr)
        }
        cairo_move_to(cr, margin, margin)
        if background == nil {
            pango_cairo_layout_path(cr, layout)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_set_line_width(cr, max(1, Double(lineHeight) / 12))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
            cairo_move_to(cr, margin, margin)
        }
        cairo_set_source_rgb(cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        pango_cairo_show_layout(cr, layout)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }

    /// `text` painted alone on black, as the window paints it: what a test compares the screen with.
    public static func picture(of text: String, lineHeight: Int, color: RGBColor, background: RGBColor?, opacity: Double = 1) -> CapturedImage {
        let probe = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)
        let probeContext = cairo_create(probe)!
        let size = box(of: text, lineHeight: lineHeight, on: probeContext)
        cairo_destroy(probeContext)
        cairo_surface_destroy(probe)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, gint(size.width), gint(size.height))
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        paint(text, lineHeight: lineHeight, color: color, background: background, opacity: opacity, on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for y in 0..<size.height {
            for x in 0..<size.width {
                // CAIRO_FORMAT_RGB24: a native-endian 32-bit word per pixel, B G R x in memory here.
                let source = data + y * stride + x * 4, target = (y * size.width + x) * 3
                pixels[target] = source[2]; pixels[target + 1] = source[1]; pixels[target + 2] = source[0]
            }
        }
        return CapturedImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// A layout of `text` for `cr` whose glyphs are rasterised the same on every surface: the
    /// window's X surface would otherwise take the display's own font settings (Xft hinting,
    /// sub-pixel order) and an image surface cairo's defaults, so the words on two machines of
    /// one wall, or on the screen and in a reference picture, would fall a pixel apart.
    private static func makeLayout(_ text: String, lineHeight: Int, on cr: OpaquePointer) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cr)!
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        // pango_cairo_context_set_font_options: merged over the surface's options, these win.
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)
        let font = pango_font_description_from_string("Sans Bold")!
        pango_font_description_set_absolute_size(font, fontPixels(lineHeight: lineHeight) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}
