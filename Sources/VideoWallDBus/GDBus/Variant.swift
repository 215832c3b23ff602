internal import CGio

/// GVariant values built and read without `g_variant_new`/`g_variant_get` (variadic, not
/// imported). Every builder returns a floating reference: the container, reply or signal it
/// is handed to takes it.
enum Variant {
    /// `g_variant_new_string`; text with a NUL in it is cut there (D-Bus strings hold none).
    static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }

    /// `g_variant_new_boolean`.
    static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? 1 : 0) }

    /// `g_variant_new_double`.
    static func double(_ value: Double) -> OpaquePointer { g_variant_new_double(value) }

    /// `g_variant_new_int64`.
    static func int64(_ value: Int64) -> OpaquePointer { g_variant_new_int64(gint64(value)) }

    /// `g_variant_new_object_path`; the caller gives a valid path.
    static func objectPath(_ value: String) -> OpaquePointer { g_variant_new_object_path(value) }

    /// `g_variant_new_variant`: a value boxed as `v`.
    static func boxed(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

    /// `g_variant_new_strv`: an `as`.
    static func strings(_ values: [String]) -> OpaquePointer {
        let copies = values.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            g_variant_new_strv($0.baseAddress, gssize($0.count))
        }
    }

    /// `g_variant_new_tuple`: `(...)` of the children, in order.
    static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
        children.map(Optional.some).withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// An `a{sv}` (a D-Bus dictionary of boxed values), by `g_variant_builder_add_value` of
    /// `g_variant_new_dict_entry`s, keys in sorted order.
    static func dictionary(_ entries: [String: OpaquePointer]) -> OpaquePointer {
        let builder = g_variant_builder_new(vw_variant_type("a{sv}"))
        for key in entries.keys.sorted() {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(string(key), boxed(entries[key]!)))
        }
        defer { g_variant_builder_unref(builder) }
        return g_variant_builder_end(builder)
    }

    // MARK: Reading

    /// The `index`th child of a tuple (`g_variant_get_child_value`), handed to `body` and
    /// unreferenced after; nil when there is no such child.
    static func child<Value>(_ tuple: OpaquePointer?, _ index: Int, _ body: (OpaquePointer) -> Value?) -> Value? {
        guard let tuple, g_variant_is_container(tuple) != 0, index < Int(g_variant_n_children(tuple)),
              let child = g_variant_get_child_value(tuple, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        return body(child)
    }

    /// The value as an Int64 when its type is `x` (GDBus checks a method's arguments against
    /// the interface, but the check costs nothing).
    static func int64(of value: OpaquePointer) -> Int64? {
        g_variant_is_of_type(value, vw_variant_type("x")) != 0 ? Int64(g_variant_get_int64(value)) : nil
    }

    /// The value as a Double when its type is `d`.
    static func double(of value: OpaquePointer) -> Double? {
        g_variant_is_of_type(value, vw_variant_type("d")) != 0 ? g_variant_get_double(value) : nil
    }

    /// The value as a UInt32 when its type is `u`.
    static func uint32(of value: OpaquePointer) -> UInt32? {
        g_variant_is_of_type(value, vw_variant_type("u")) != 0 ? g_variant_get_uint32(value) : nil
    }

    /// The text of a string or object path (`g_variant_get_string`, borrowed and copied).
    static func text(of value: OpaquePointer) -> String? {
        guard g_variant_is_of_type(value, vw_variant_type("s")) != 0 || g_variant_is_of_type(value, vw_variant_type("o")) != 0,
              let text = g_variant_get_string(value, nil) else { return nil }
        return String(cString: text)
    }
}
