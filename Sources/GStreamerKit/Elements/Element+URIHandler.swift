internal import CGStreamer

extension Element {
    /// The URI a source element reads (`gst_uri_handler_get_uri`), or nil when the element is
    /// not a source URI handler (`GST_IS_URI_HANDLER` + `gst_uri_handler_get_uri_type` ==
    /// `GST_URI_SRC`). Adaptive demuxers make their fetchers with `gst_element_make_from_uri`,
    /// which sets the URI before the element is added: it can be read in `element-setup`.
    public var sourceURI: String? {
        let instance = pointer.assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gst_uri_handler_get_type()) != 0 else { return nil }
        let handler = OpaquePointer(pointer)
        guard gst_uri_handler_get_uri_type(handler) == GST_URI_SRC, let c = gst_uri_handler_get_uri(handler) else { return nil }
        defer { g_free(c) }
        return String(cString: c)
    }

    /// `gst_element_set_locked_state`: a locked element keeps its state when its bin changes
    /// state. A fetcher locked in NULL never opens what it was pointed at.
    public func lockState(_ locked: Bool) {
        _ = gst_element_set_locked_state(element, locked ? 1 : 0)
    }
}
