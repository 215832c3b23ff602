internal import CGStreamer

/// The video decoders GStreamer's registry holds, as the element factories list them.
public enum DecoderFactories {
    public struct Factory: Sendable, Equatable {
        public var name: String
        public var rank: UInt32
        /// Its class names hardware (`Codec/Decoder/Video/Hardware`).
        public var isHardware: Bool
    }

    /// Every video decoder, whatever its rank (`gst_element_factory_list_get_elements` with
    /// `GST_ELEMENT_FACTORY_TYPE_DECODER | GST_ELEMENT_FACTORY_TYPE_MEDIA_VIDEO`).
    public static func video() -> [Factory] {
        try? GStreamer.initialize()
        // The two macros' values: Swift does not import their casts.
        let decoder: UInt64 = 1 << 0, mediaVideo: UInt64 = 1 << 49
        guard let list = gst_element_factory_list_get_elements(GstElementFactoryListType(decoder | mediaVideo), GST_RANK_NONE) else { return [] }
        defer { gst_plugin_feature_list_free(list) }
        var factories: [Factory] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                let factory = OpaquePointer(data), feature = OpaquePointer(data)
                // GST_OBJECT_NAME, a macro: the object's own copy of its name.
                let object = data.assumingMemoryBound(to: GstObject.self)
                let name = object.pointee.name.map { String(cString: $0) } ?? ""
                let klass = gst_element_factory_get_metadata(factory, "klass").map { String(cString: $0) } ?? ""
                factories.append(Factory(name: name, rank: UInt32(gst_plugin_feature_get_rank(feature)), isHardware: klass.contains("Hardware")))
            }
            node = current.pointee.next
        }
        return factories
    }

    /// Whether `name` is a registered decoder whose class names hardware.
    public static func isHardware(_ name: String) -> Bool {
        try? GStreamer.initialize()
        guard !name.isEmpty, let factory = gst_element_factory_find(name) else { return false }
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        let klass = gst_element_factory_get_metadata(factory, "klass").map { String(cString: $0) } ?? ""
        return klass.contains("Decoder") && klass.contains("Hardware")
    }

    /// The video decoder GStreamer would pick for `caps` now, as decodebin does: the highest
    /// ranked of those of at least marginal rank whose sink accepts them
    /// (`gst_element_factory_list_filter`); nil when none does.
    public static func best(for caps: Caps) -> String? {
        try? GStreamer.initialize()
        let decoder: UInt64 = 1 << 0, mediaVideo: UInt64 = 1 << 49
        guard let all = gst_element_factory_list_get_elements(GstElementFactoryListType(decoder | mediaVideo), GST_RANK_MARGINAL) else { return nil }
        defer { gst_plugin_feature_list_free(all) }
        guard let fitting = gst_element_factory_list_filter(all, caps.caps, GST_PAD_SINK, 0) else { return nil }
        defer { gst_plugin_feature_list_free(fitting) }
        var best: (name: String, rank: UInt32)?
        var node: UnsafeMutablePointer<GList>? = fitting
        while let current = node, let data = current.pointee.data {
            let rank = UInt32(gst_plugin_feature_get_rank(OpaquePointer(data)))
            let name = data.assumingMemoryBound(to: GstObject.self).pointee.name.map { String(cString: $0) } ?? ""
            if best == nil || rank > best!.rank || (rank == best!.rank && name < best!.name) { best = (name, rank) }
            node = current.pointee.next
        }
        return best?.name
    }

    /// Whether a VA-API display opens: the `va` plugin registers its decoders only for the
    /// devices it found, and one of them reaching READY proves the display opens.
    public static func vaDeviceOpens(among factories: [Factory]) -> Bool {
        guard let name = factories.first(where: { $0.name.hasPrefix("va") && !$0.name.hasPrefix("vaapi") })?.name,
              let element = try? Element(factory: name, name: "va-check") else { return false }
        defer { _ = element.setState(.null) }
        return element.setState(.ready) != .failure
    }
}
