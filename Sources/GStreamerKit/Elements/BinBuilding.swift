internal import CGStreamer

extension Bin {
    /// A plain `bin` to build a sink chain in.
    public static func make(name: String? = nil) throws(GStreamerError) -> Bin {
        try GStreamer.initialize()
        guard let raw = gst_bin_new(name) else { throw GStreamerError(domain: "GStreamerKit", message: "gst_bin_new failed") }
        return Bin(raw: UnsafeMutableRawPointer(raw), transfer: .full)
    }

    /// `gst_ghost_pad_new` + `gst_element_add_pad`: exposes `element`'s pad as the bin's own.
    public func exposePad(_ padName: String, of element: Element, as ghostName: String) throws(GStreamerError) {
        guard let target = gst_element_get_static_pad(element.element, padName) else {
            throw GStreamerError(domain: "GStreamerKit", message: "\(element.name) has no pad '\(padName)'")
        }
        defer { gst_object_unref(UnsafeMutableRawPointer(target)) }
        guard let ghost = gst_ghost_pad_new(ghostName, target),
              gst_element_add_pad(element_pointer, ghost) != 0 else {
            throw GStreamerError(domain: "GStreamerKit", message: "cannot expose \(padName) of \(element.name)")
        }
    }

    private var element_pointer: UnsafeMutablePointer<GstElement> { vw_element(pointer) }
}

extension ObjectReference {
    /// Sets a caps-typed property (a capsfilter's `caps`); the element takes its own reference.
    public func set(_ name: String, caps: Caps) throws(PropertyError) {
        try withCapsValue(name) { value in
            g_value_set_boxed(value, caps.caps)
            g_object_set_property(gobject, name, value)
        }
    }

    /// Reads a caps-typed property (`g_value_dup_boxed`: our own reference).
    public func capsProperty(_ name: String) throws(PropertyError) -> Caps? {
        try withCapsValue(name) { value in
            g_object_get_property(gobject, name, value)
            return g_value_dup_boxed(value).map { Caps(raw: $0.assumingMemoryBound(to: GstCaps.self), transfer: .full) }
        }
    }

    /// A `GValue` of caps type for property `name`, which must hold caps.
    private func withCapsValue<Result>(_ name: String, _ body: (UnsafeMutablePointer<GValue>) -> Result) throws(PropertyError) -> Result {
        let spec = try propertySpec(name)
        guard vw_param_value_type(spec) == vw_type_caps() else {
            throw PropertyError(object: typeName, property: name, reason: "does not hold caps")
        }
        var value = GValue()
        g_value_init(&value, vw_type_caps())
        defer { g_value_unset(&value) }
        return body(&value)
    }
}
