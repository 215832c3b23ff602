internal import CGStreamer

/// The video decoders GStreamer's registry holds, as the element factories list them.
public enum DecoderFactories {
    public struct Factory: Sendable, Equatable {
        public var name: String
        public var rank: UInt32
        /// Its class names hardware (`Codec/Decoder/Video/Hardware`).
        public var isHardware: Bool
    }

    /// Every video decoder, whatever its rank.
    public static func video() -> [Factory] {
        videoDecoders(atLeast: GST_RANK_NONE) { listed, _ in
            listed.map { Factory(name: $0.name, rank: $0.rank, isHardware: $0.klass.contains("Hardware")) }
        } ?? []
    }

    /// Whether `name` is a registered decoder whose class names hardware.
    public static func isHardware(_ name: String) -> Bool {
        try? GStreamer.initialize()
        guard !name.isEmpty, let factory = gst_element_factory_find(name) else { return false }
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        let klass = entry(of: factory).klass
        return klass.contains("Decoder") && klass.contains("Hardware")
    }

    /// The video decoder GStreamer would pick for `caps` now, as decodebin does: the highest
    /// ranked of those of at least marginal rank whose sink accepts them
    /// (`gst_element_factory_list_filter`); nil when none does.
    public static func best(for caps: Caps) -> String? {
        videoDecoders(atLeast: GST_RANK_MARGINAL) { _, list in
            guard let fitting = gst_element_factory_list_filter(list, caps.caps, GST_PAD_SINK, 0) else { return nil }
            defer { gst_plugin_feature_list_free(fitting) }
            return entries(of: fitting).min { ($1.rank, $0.name) < ($0.rank, $1.name) }?.name
        }
    }

    /// `factory` (a `GstElementFactory`) as a video decoder; nil for any other element.
    static func decoder(_ factory: OpaquePointer) -> Factory? {
        let read = entry(of: factory)
        guard read.klass.contains("Decoder"), read.klass.contains("Video") else { return nil }
        return Factory(name: read.name, rank: read.rank, isHardware: read.klass.contains("Hardware"))
    }

    /// Whether an element of factory `name` reaches READY (a VA decoder opening its display).
    public static func reachesReady(_ name: String) -> Bool {
        guard let element = try? Element(factory: name, name: "\(name)-check") else { return false }
        defer { _ = element.setState(.null) }
        return element.setState(.ready) != .failure
    }

    private typealias Entry = (name: String, rank: UInt32, klass: String)

    /// `gst_element_factory_list_get_elements` with `GST_ELEMENT_FACTORY_TYPE_DECODER |
    /// GST_ELEMENT_FACTORY_TYPE_MEDIA_VIDEO` (their values: Swift does not import the macros'
    /// casts), the list read as entries and handed over too, and freed after `body`.
    private static func videoDecoders<T>(atLeast rank: GstRank, _ body: ([Entry], UnsafeMutablePointer<GList>) -> T?) -> T? {
        try? GStreamer.initialize()
        let decoder: UInt64 = 1 << 0, mediaVideo: UInt64 = 1 << 49
        guard let list = gst_element_factory_list_get_elements(GstElementFactoryListType(decoder | mediaVideo), rank) else { return nil }
        defer { gst_plugin_feature_list_free(list) }
        return body(entries(of: list), list)
    }

    /// A list of element factories, each as its name (`GST_OBJECT_NAME`, a macro: the object's
    /// own copy), rank and class.
    private static func entries(of list: UnsafeMutablePointer<GList>) -> [Entry] {
        var entries: [Entry] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data { entries.append(entry(of: OpaquePointer(data))) }
            node = current.pointee.next
        }
        return entries
    }

    /// One element factory's name, rank and class.
    private static func entry(of factory: OpaquePointer) -> Entry {
        let name = UnsafeRawPointer(factory).assumingMemoryBound(to: GstObject.self).pointee.name.map { String(cString: $0) } ?? ""
        let klass = gst_element_factory_get_metadata(factory, "klass").map { String(cString: $0) } ?? ""
        return (name, UInt32(gst_plugin_feature_get_rank(factory)), klass)
    }
}
