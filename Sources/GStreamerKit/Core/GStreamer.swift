internal import CGStreamer
import Foundation

/// Process-wide GStreamer set-up. Every entry point of the layer calls `initialize()` first,
/// so callers never touch an uninitialised registry.
public enum GStreamer {
    nonisolated(unsafe) private static var initialized = false
    private static let lock = NSLock()

    /// `gst_init_check`: safe to call many times; throws when GStreamer cannot start.
    public static func initialize() throws(GStreamerError) {
        lock.lock(); defer { lock.unlock() }
        if initialized { return }
        var error: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &error) != 0 else {
            throw GStreamerError(domain: "GStreamer", message: takeMessage(error) ?? "gst_init_check failed")
        }
        initialized = true
    }

    /// `gst_deinit`: call once at process exit so the `leaks` tracer can report.
    /// Nothing of GStreamer may be used afterwards. Only once no blocking call is outstanding
    /// (waiting at most `timeout` seconds, on this thread): a thread still inside GStreamer (a
    /// state change stuck in `open()`, a pipeline that cannot reach NULL) would use what
    /// `gst_deinit` frees, or `gst_deinit` would wait for its streaming threads for ever.
    /// Returns false, and leaves GStreamer as it is, when one still is.
    @discardableResult
    public static func deinitialize(waitingAtMost timeout: Double = 1) -> Bool {
        guard BlockingCalls.settleBlocking(timeout: timeout) else { return false }
        lock.lock(); defer { lock.unlock() }
        guard initialized else { return true }
        SharedContexts.releaseAll()
        gst_deinit()
        initialized = false
        return true
    }

    /// `gst_version_string`, e.g. "GStreamer 1.22.0".
    public static var versionString: String {
        guard let c = gst_version_string() else { return "GStreamer (unknown version)" }
        defer { g_free(c) }
        return String(cString: c)
    }

    /// Whether an element factory is registered (`gst_element_factory_find`).
    public static func hasElement(_ factoryName: String) -> Bool {
        try? initialize()
        guard let factory = gst_element_factory_find(factoryName) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }

    /// `gst_plugin_feature_set_rank` on a registered factory: lets a program (or a test) keep
    /// a decoder out of auto-plugging. Returns the previous rank, nil when there is no such factory.
    @discardableResult
    public static func setRank(_ rank: UInt32, ofFeature name: String) -> UInt32? {
        try? initialize()
        guard let registry = gst_registry_get(),
              let feature = gst_registry_lookup_feature(registry, name) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(feature)) }
        let old = gst_plugin_feature_get_rank(feature)
        gst_plugin_feature_set_rank(feature, guint(rank))
        return UInt32(old)
    }

    /// Takes a `GError` (transfer full), returns its message and frees it.
    static func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }
}

/// A failure reported by GStreamer or GLib, as one human sentence.
public struct GStreamerError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Which part failed: a GError domain ("gst-resource-error-quark") or a layer name.
    public var domain: String
    public var code: Int
    public var message: String
    /// The developer detail GStreamer attaches to errors (debug string), if any.
    public var debug: String?
    /// The HTTP status an HTTP source attached to its error (the "http-status-code" field of
    /// the message's details, `gst_message_parse_error_details`), if any.
    public var httpStatus: Int?

    public init(domain: String, code: Int = 0, message: String, debug: String? = nil, httpStatus: Int? = nil) {
        self.domain = domain
        self.code = code
        self.message = message
        self.debug = debug
        self.httpStatus = httpStatus
    }

    public var description: String { message }
}
