internal import CGtk
import GStreamerKit

/// Paints video frames with cairo: the one place that wraps a mapped BGRx frame in a cairo
/// image surface (`cairo_image_surface_create_for_data`, no copy) and stretches it.
enum FramePainting {
    /// Paints `sample`, a BGRx frame, stretched over the `width` x `height` rectangle at the
    /// origin of `cr`, combined with what is there by `operation` (`cairo_set_operator`).
    static func paint(_ sample: Sample, on cr: OpaquePointer, width: Double, height: Double,
                      operation: cairo_operator_t = CAIRO_OPERATOR_OVER) {
        _ = sample.withMappedVideoFrame { frame in
            guard frame.width > 0, frame.height > 0, let base = frame.bytes.baseAddress else { return }
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)),
                CAIRO_FORMAT_RGB24, Int32(frame.width), Int32(frame.height), Int32(frame.stride))
            defer { cairo_surface_destroy(surface) }
            cairo_save(cr)
            cairo_scale(cr, width / Double(frame.width), height / Double(frame.height))
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_set_operator(cr, operation)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }
}
