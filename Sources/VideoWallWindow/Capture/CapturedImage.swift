internal import CGtk
import Foundation
import GIOKit
import GStreamerKit

/// What a window showed, read back from the display (`gdk_pixbuf_get_from_window`): the
/// pixels as a person would see them, RGB, row by row.
public struct CapturedImage: Sendable {
    public var width: Int
    public var height: Int
    /// RGB triplets, `width * height * 3` bytes.
    public var pixels: [UInt8]

    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }

    /// The smallest rectangle inside `area` holding every pixel for which `matches` is true.
    public func boundingBox(in area: (x: Int, y: Int, width: Int, height: Int),
                            where matches: ((red: UInt8, green: UInt8, blue: UInt8)) -> Bool) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in max(0, area.y)..<min(height, area.y + area.height) {
            for x in max(0, area.x)..<min(width, area.x + area.width) where matches(pixel(x: x, y: y)) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

extension CapturedImage {
    /// The screen's top-left `width` x `height` pixels as the X server holds them, whatever
    /// program drew them (the root window, `gdk_pixbuf_get_from_window`): a picture read from
    /// outside the process that shows it. Nil when there is no display or the area is empty.
    @MainActor
    public static func screen(width: Int, height: Int) -> CapturedImage? {
        guard width > 0, height > 0, let root = gdk_get_default_root_window(),
              let pixbuf = gdk_pixbuf_get_from_window(root, 0, 0, gint(clamping: width), gint(clamping: height)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        return CapturedImage(pixbuf: pixbuf)
    }

    /// The RGB pixels of a pixbuf (which may carry an alpha channel and padded rows).
    init(pixbuf: OpaquePointer) {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let base = gdk_pixbuf_get_pixels(pixbuf)!
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let row = base + y * stride
                for x in 0..<width {
                    let source = x * channels, to = (y * width + x) * 3
                    target[to] = row[source]; target[to + 1] = row[source + 1]; target[to + 2] = row[source + 2]
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}

enum WindowCapture {
    /// Reads the window's pixels from the display; nil before it is mapped.
    @MainActor
    static func capture(_ widget: UnsafeMutablePointer<GtkWidget>) -> (image: CapturedImage, pixbuf: OpaquePointer)? {
        guard let pixbuf = picture(of: widget) else { return nil }
        return (CapturedImage(pixbuf: pixbuf), pixbuf)
    }

    /// The window's pixels, a new pixbuf: on X11 read back from the server
    /// (`gdk_pixbuf_get_from_window`: what the screen shows). A Wayland client cannot read
    /// the screen (that call gives a blank picture there), so the window is drawn again into
    /// an image of its own (`gtk_widget_draw`: every tile's frame, overlay and label, as the
    /// compositor was last handed them). Nil before the window is mapped.
    @MainActor
    static func picture(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        guard let window = gtk_widget_get_window(widget) else { return nil }
        let width = gdk_window_get_width(window), height = gdk_window_get_height(window)
        guard width > 0, height > 0 else { return nil }
        if let display = gdk_window_get_display(window), vw_is_x11_display(display) != 0 {
            return gdk_pixbuf_get_from_window(window, 0, 0, width, height)
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        gtk_widget_draw(widget, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return gdk_pixbuf_get_from_surface(surface, 0, 0, width, height)
    }

    /// Saves what the window shows as a PNG. The picture is taken on the main thread (it
    /// reads the window), encoded on a thread of its own (`gdk_pixbuf_save_to_bufferv`;
    /// `gdk_pixbuf_save` is variadic) and written there whole or not at all (`AtomicFile`: a
    /// failed save leaves the old file, which gdk-pixbuf's own save deletes, and a link at the
    /// path is replaced, not followed), so a slow disk never holds the wall.
    @MainActor
    static func savePNG(_ widget: UnsafeMutablePointer<GtkWidget>, to path: String, writeTimeout: Double = 5) async throws(WindowError) {
        try await savePNG(of: [widget], to: path, writeTimeout: writeTimeout)
    }

    /// Saves what `widgets` (toplevels, one per monitor of one wall) show as one PNG: each
    /// window's pixels where it is on the screen, in a picture as large as all of them.
    @MainActor
    static func savePNG(of widgets: [UnsafeMutablePointer<GtkWidget>], to path: String, writeTimeout: Double = 5) async throws(WindowError) {
        guard let pixbuf = composedPicture(of: widgets) else { throw WindowError("\(path): the window is not on screen yet") }
        let picture = OwnedPixbuf(pixbuf)
        // A file that does not answer (a FIFO nobody reads, a dead network mount) is given up
        // after `writeTimeout`; its thread is left to finish or not.
        let answer = FirstAnswer<String?>()
        let failure: String? = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            answer.continuation = continuation
            let timer = MainLoop.after(seconds: writeTimeout) { answer.give("no answer within \(Int(writeTimeout)) s") }
            Thread.detachNewThread {
                var error: UnsafeMutablePointer<GError>?
                var message: String?
                var buffer: UnsafeMutablePointer<gchar>?
                var size: gsize = 0
                if gdk_pixbuf_save_to_bufferv(picture.pixbuf, &buffer, &size, "png", nil, nil, &error) == 0 {
                    message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
                    if let error { g_error_free(error) }
                } else if let buffer {
                    let bytes = Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)).bindMemory(to: UInt8.self))
                    g_free(buffer)
                    do throws(AtomicFile.Failure) { try AtomicFile.write(bytes, to: path) } catch { message = error.description }
                }
                DispatchQueue.main.async { MainActor.assumeIsolated { timer.cancel(); answer.give(message) } }
            }
        }
        if let failure { throw WindowError("\(path): cannot save the screenshot: \(failure)") }
    }

    /// One window's pixels (`gdk_pixbuf_get_from_window`), or several windows' pasted where
    /// they are on the screen (`gdk_window_get_origin`, `gdk_pixbuf_copy_area`) into a picture
    /// as large as all of them, black where none is. Nil while one is not mapped.
    @MainActor
    private static func composedPicture(of widgets: [UnsafeMutablePointer<GtkWidget>]) -> OpaquePointer? {
        var parts: [(pixbuf: OpaquePointer, x: Int, y: Int, width: Int, height: Int)] = []
        defer { for part in parts { g_object_unref(UnsafeMutableRawPointer(part.pixbuf)) } }
        for widget in widgets {
            guard let window = gtk_widget_get_window(widget), let pixbuf = picture(of: widget) else { return nil }
            let width = gdk_window_get_width(window), height = gdk_window_get_height(window)
            var x: gint = 0, y: gint = 0
            gdk_window_get_origin(window, &x, &y)
            parts.append((pixbuf, Int(x), Int(y), Int(width), Int(height)))
        }
        guard let first = parts.first else { return nil }
        if parts.count == 1 { return OpaquePointer(g_object_ref(UnsafeMutableRawPointer(first.pixbuf))) }
        let left = parts.map(\.x).min()!, top = parts.map(\.y).min()!
        let right = parts.map { $0.x + $0.width }.max()!, bottom = parts.map { $0.y + $0.height }.max()!
        guard let whole = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(clamping: right - left), gint(clamping: bottom - top)) else { return nil }
        gdk_pixbuf_fill(whole, 0x000000ff)
        for part in parts {
            gdk_pixbuf_copy_area(part.pixbuf, 0, 0, gint(clamping: part.width), gint(clamping: part.height), whole,
                                 gint(clamping: part.x - left), gint(clamping: part.y - top))
        }
        return whole
    }
}

/// A pixbuf handed to the thread that writes it: nothing else touches it, and the last owner
/// releases it (`g_object_unref`).
private final class OwnedPixbuf: @unchecked Sendable {
    let pixbuf: OpaquePointer
    init(_ pixbuf: OpaquePointer) { self.pixbuf = pixbuf }
    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
}

/// A window problem, as one line.
public struct WindowError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
