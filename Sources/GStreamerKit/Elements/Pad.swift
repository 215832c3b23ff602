internal import CGStreamer

/// One owned `GstPad`.
public final class Pad: ObjectReference, @unchecked Sendable {
    init(raw: UnsafeMutableRawPointer, transfer: Transfer) { super.init(pointer: raw, transfer: transfer) }

    var pad: UnsafeMutablePointer<GstPad> { pointer.assumingMemoryBound(to: GstPad.self) }

    /// `gst_pad_get_current_caps`.
    public var currentCaps: Caps? {
        gst_pad_get_current_caps(pad).map { Caps(raw: $0, transfer: .full) }
    }

    /// `gst_pad_get_offset` / `gst_pad_set_offset`: shifts the running time of buffers
    /// passing this pad, in nanoseconds.
    public var offset: Int64 {
        get { Int64(gst_pad_get_offset(pad)) }
        set { gst_pad_set_offset(pad, gint64(newValue)) }
    }

    /// `gst_pad_get_peer`.
    public var peer: Pad? { gst_pad_get_peer(pad).map { Pad(raw: UnsafeMutableRawPointer($0), transfer: .full) } }
}
