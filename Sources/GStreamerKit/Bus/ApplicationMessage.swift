internal import CGStreamer

/// A finding of the program's own, posted on a pipeline's bus from whichever thread made it
/// (`GST_MESSAGE_APPLICATION`), so it reaches the main thread in one order with GStreamer's
/// own messages rather than by a route of its own.
public struct ApplicationMessage: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int64)
    }

    /// The structure's name: what the finding is.
    public var name: String
    public var fields: [String: Value]

    public init(_ name: String, _ fields: [String: Value] = [:]) {
        self.name = name
        self.fields = fields
    }

    public func string(_ field: String) -> String? {
        if case .string(let value)? = fields[field] { return value }
        return nil
    }

    public func integer(_ field: String) -> Int64? {
        if case .integer(let value)? = fields[field] { return value }
        return nil
    }

    /// A `GstStructure` holding the fields (`gst_structure_new_empty`, `gst_structure_set_value`).
    func makeStructure() -> UnsafeMutablePointer<GstStructure>? {
        guard let structure = gst_structure_new_empty(name) else { return nil }
        for (key, field) in fields {
            var value = vw_value_zero()
            switch field {
            case .string(let text):
                g_value_init(&value, vw_type_string())
                g_value_set_string(&value, text)
            case .integer(let number):
                g_value_init(&value, vw_type_int64())
                g_value_set_int64(&value, gint64(number))
            }
            gst_structure_take_value(structure, key, &value)
        }
        return structure
    }

    /// Reads back what `makeStructure` wrote; other field types are left out.
    init?(structure: UnsafePointer<GstStructure>) {
        guard let cName = gst_structure_get_name(structure) else { return nil }
        name = String(cString: cName)
        fields = [:]
        for i in 0..<gst_structure_n_fields(structure) {
            guard let cKey = gst_structure_nth_field_name(structure, guint(i)),
                  let value = gst_structure_get_value(structure, cKey) else { continue }
            let key = String(cString: cKey)
            if vw_value_type(value) == vw_type_int64() {
                fields[key] = .integer(Int64(g_value_get_int64(value)))
            } else if let text = String.load(from: value) {
                fields[key] = .string(text)
            }
        }
    }
}

extension Element {
    /// Posts `message` on this element's bus from any thread (`gst_message_new_application`,
    /// `gst_element_post_message`). False when the element has no bus (not in a pipeline).
    @discardableResult
    public func post(_ message: ApplicationMessage) -> Bool {
        guard let structure = message.makeStructure(),
              let posted = gst_message_new_application(vw_gst_object(pointer), structure) else { return false }
        return gst_element_post_message(element, posted) != 0
    }

    /// Posts an error from this element (`gst_message_new_error`, a stream error "failed"
    /// with `text`): whatever runs the pipeline stops, as for the element's own errors.
    @discardableResult
    public func postError(_ text: String) -> Bool {
        let error = g_error_new_literal(gst_stream_error_quark(), gint(GST_STREAM_ERROR_FAILED.rawValue), text)
        defer { g_error_free(error) }
        guard let posted = gst_message_new_error(vw_gst_object(pointer), error, nil) else { return false }
        return gst_element_post_message(element, posted) != 0
    }
}
