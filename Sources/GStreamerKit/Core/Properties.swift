internal import CGStreamer

/// A property access that could not be done. Property access fails loudly: a missing
/// property or a type mismatch is an error, never a silent zero.
public struct PropertyError: Error, CustomStringConvertible, Sendable {
    public var object: String
    public var property: String
    public var reason: String
    public var description: String { "\(object): property '\(property)': \(reason)" }
}

/// A Swift type that can travel through a property's `GValue`: Bool, Int, Double, String.
public protocol PropertyValue: Sendable {}

/// The GValue side of `PropertyValue`, kept internal so no GLib type leaks into the API.
protocol GValueCodable {
    /// Writes self into `value`, which is already initialised to the property's type.
    /// Returns false when self cannot represent that type.
    func store(in value: UnsafeMutablePointer<GValue>) -> Bool
    /// Reads a value of this Swift type out of `value`, nil when the types do not match.
    static func load(from value: UnsafePointer<GValue>) -> Self?
}

extension Bool: PropertyValue {}
extension Bool: GValueCodable {
    func store(in value: UnsafeMutablePointer<GValue>) -> Bool {
        guard vw_value_type(value) == vw_type_boolean() else { return false }
        g_value_set_boolean(value, self ? 1 : 0)
        return true
    }
    static func load(from value: UnsafePointer<GValue>) -> Bool? {
        vw_value_type(value) == vw_type_boolean() ? g_value_get_boolean(value) != 0 : nil
    }
}

extension Int: PropertyValue {}
extension Int: GValueCodable {
    func store(in value: UnsafeMutablePointer<GValue>) -> Bool {
        let type = vw_value_type(value)
        switch type {
        case vw_type_int(): g_value_set_int(value, gint(self))
        case vw_type_uint(): guard self >= 0 else { return false }; g_value_set_uint(value, guint(self))
        case vw_type_int64(): g_value_set_int64(value, gint64(self))
        case vw_type_uint64(): guard self >= 0 else { return false }; g_value_set_uint64(value, guint64(self))
        default:
            switch vw_type_fundamental(type) {
            case vw_type_enum(): g_value_set_enum(value, gint(self))
            case vw_type_flags(): g_value_set_flags(value, guint(self))
            default: return false
            }
        }
        return true
    }
    static func load(from value: UnsafePointer<GValue>) -> Int? {
        let type = vw_value_type(value)
        switch type {
        case vw_type_int(): return Int(g_value_get_int(value))
        case vw_type_uint(): return Int(g_value_get_uint(value))
        case vw_type_int64(): return Int(g_value_get_int64(value))
        case vw_type_uint64(): return Int(clamping: g_value_get_uint64(value))
        default:
            switch vw_type_fundamental(type) {
            case vw_type_enum(): return Int(g_value_get_enum(value))
            case vw_type_flags(): return Int(g_value_get_flags(value))
            default: return nil
            }
        }
    }
}

extension Double: PropertyValue {}
extension Double: GValueCodable {
    func store(in value: UnsafeMutablePointer<GValue>) -> Bool {
        switch vw_value_type(value) {
        case vw_type_double(): g_value_set_double(value, self)
        case vw_type_float(): g_value_set_float(value, Float(self))
        default: return false
        }
        return true
    }
    static func load(from value: UnsafePointer<GValue>) -> Double? {
        switch vw_value_type(value) {
        case vw_type_double(): return g_value_get_double(value)
        case vw_type_float(): return Double(g_value_get_float(value))
        default: return nil
        }
    }
}

extension String: PropertyValue {}
extension String: GValueCodable {
    func store(in value: UnsafeMutablePointer<GValue>) -> Bool {
        guard vw_value_type(value) == vw_type_string() else { return false }
        g_value_set_string(value, self)
        return true
    }
    static func load(from value: UnsafePointer<GValue>) -> String? {
        guard vw_value_type(value) == vw_type_string() else { return nil }
        return g_value_get_string(value).map { String(cString: $0) }
    }
}

extension ObjectReference {
    /// `g_object_class_find_property`: the spec, or a loud error naming the object.
    func propertySpec(_ name: String) throws(PropertyError) -> UnsafeMutablePointer<GParamSpec> {
        guard let spec = g_object_class_find_property(vw_object_get_class(pointer), name) else {
            throw PropertyError(object: typeName, property: name, reason: "no such property")
        }
        return spec
    }

    /// `g_object_set_property` with a typed value; throws on a missing property or a type mismatch.
    public func set<Value: PropertyValue>(_ name: String, _ newValue: Value) throws(PropertyError) {
        let spec = try propertySpec(name)
        var value = GValue()
        g_value_init(&value, vw_param_value_type(spec))
        defer { g_value_unset(&value) }
        guard let codable = newValue as? GValueCodable, codable.store(in: &value) else {
            let expected = String(cString: g_type_name(vw_param_value_type(spec)))
            throw PropertyError(object: typeName, property: name,
                                reason: "cannot store a \(Value.self) in a \(expected)")
        }
        g_object_set_property(gobject, name, &value)
    }

    /// `g_object_get_property` read as `Value`; throws on a missing property or a type mismatch.
    public func get<Value: PropertyValue>(_ name: String, as _: Value.Type = Value.self) throws(PropertyError) -> Value {
        let spec = try propertySpec(name)
        var value = GValue()
        g_value_init(&value, vw_param_value_type(spec))
        defer { g_value_unset(&value) }
        g_object_get_property(gobject, name, &value)
        guard let result = (Value.self as? GValueCodable.Type)?.load(from: &value) as? Value else {
            let actual = String(cString: g_type_name(vw_param_value_type(spec)))
            throw PropertyError(object: typeName, property: name, reason: "is a \(actual), not a \(Value.self)")
        }
        return result
    }

    /// `gst_util_set_object_arg`: sets an enum or flags property from its nick ("fit", "video+audio").
    public func setFromString(_ name: String, _ text: String) throws(PropertyError) {
        _ = try propertySpec(name)
        gst_util_set_object_arg(gobject, name, text)
    }

    /// Sets a property that holds an object (a sink, a clock), retaining it.
    public func setObject(_ name: String, _ object: ObjectReference?) throws(PropertyError) {
        let spec = try propertySpec(name)
        let type = vw_param_value_type(spec)
        guard g_type_is_a(type, vw_type_object()) != 0 else {
            throw PropertyError(object: typeName, property: name, reason: "does not hold an object")
        }
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        g_value_set_object(&value, object?.pointer)
        g_object_set_property(gobject, name, &value)
    }

    /// Reads an object property; the returned reference is the caller's (transfer full).
    func objectPointer(_ name: String) throws(PropertyError) -> UnsafeMutableRawPointer? {
        let spec = try propertySpec(name)
        let type = vw_param_value_type(spec)
        guard g_type_is_a(type, vw_type_object()) != 0 else {
            throw PropertyError(object: typeName, property: name, reason: "does not hold an object")
        }
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        g_object_get_property(gobject, name, &value)
        return g_value_dup_object(&value)  // transfer full: the caller owns it
    }
}
