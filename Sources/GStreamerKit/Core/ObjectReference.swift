internal import CGStreamer

/// How a C pointer is handed to a Swift owner: the gstreamer-rs distinction between
/// `from_glib_full` and `from_glib_none`, made explicit at every call site.
public enum Transfer: Sendable {
    /// The C call gave us a reference (transfer full). A floating reference is sunk,
    /// so the Swift owner holds exactly one strong reference either way.
    case full
    /// The pointer is borrowed (transfer none): the owner takes a new reference.
    case none
}

/// The single Swift owner of one GObject reference: `g_object_ref_sink`/`g_object_ref` on
/// the way in, `g_object_unref` in deinit. Subclasses add typed API; nothing outside
/// GStreamerKit sees the pointer.
open class ObjectReference: @unchecked Sendable {
    // GObject reference counting is atomic, so the owner may move between threads.
    let pointer: UnsafeMutableRawPointer

    init(pointer: UnsafeMutableRawPointer, transfer: Transfer) {
        self.pointer = pointer
        switch transfer {
        case .full:
            // A freshly made element is floating: sink it so our reference is a normal one.
            if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
        case .none:
            g_object_ref_sink(pointer)
        }
    }

    deinit { g_object_unref(pointer) }

    var gobject: UnsafeMutablePointer<GObject> { vw_object(pointer) }

    /// `G_OBJECT_TYPE_NAME`, for messages and debugging.
    public var typeName: String { String(cString: vw_type_name_of(pointer)) }

    /// Whether two owners hold the same C object.
    public func isSame(as other: ObjectReference) -> Bool { pointer == other.pointer }

    /// The object's current reference count; only for tests of the ownership rules.
    public var referenceCountForTesting: UInt32 { UInt32(gobject.pointee.ref_count) }
}
