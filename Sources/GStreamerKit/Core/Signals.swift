internal import CGStreamer

/// The token for a signal handler (`g_signal_connect_data`): `disconnect()` or dropping it
/// runs `g_signal_handler_disconnect`. Handlers get no global state: the Swift closure
/// travels as `user_data` and is released by the closure's destroy-notify.
public final class SignalConnection: @unchecked Sendable {
    // Weak: the connection must not keep its object alive (a Discoverer holding its own
    // "discovered" connection would never be freed). A finalized object drops its handlers.
    private weak var owner: ObjectReference?
    private var handlerID: gulong

    init(owner: ObjectReference, handlerID: gulong) {
        self.owner = owner
        self.handlerID = handlerID
    }

    public func disconnect() {
        guard handlerID != 0 else { return }
        if let owner { g_signal_handler_disconnect(owner.gobject, handlerID) }
        handlerID = 0
    }

    /// Leaves the handler connected for the rest of its object's life (GLib drops it when the
    /// object is finalized), without this token: for an object that comes and goes inside a
    /// pipeline (a demuxer playbin makes per source), whose handler only reaches weak state.
    public func keepForObjectLifetime() {
        handlerID = 0
    }

    deinit { disconnect() }
}

final class ClosureBox<Arguments>: @unchecked Sendable {
    let body: (Arguments) -> Void
    init(_ body: @escaping (Arguments) -> Void) { self.body = body }
}

/// A Swift closure that answers, travelling as `user_data` like `ClosureBox`.
final class ReturningClosureBox<Arguments, Result>: @unchecked Sendable {
    let body: (Arguments) -> Result
    init(_ body: @escaping (Arguments) -> Result) { self.body = body }
}

/// `GClosureNotify` that releases a `ClosureBox` when GLib drops the handler.
private let releaseBox: GClosureNotify = { data, _ in
    if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
}

extension ObjectReference {
    /// `box` (a `ClosureBox` or `ReturningClosureBox`) travels as the handler's `user_data`.
    func connect(_ signal: String, box: AnyObject, callback: GCallback) -> SignalConnection {
        let data = Unmanaged.passRetained(box).toOpaque()
        let id = g_signal_connect_data(gobject, signal, callback, data, releaseBox, GConnectFlags(rawValue: 0))
        return SignalConnection(owner: self, handlerID: id)
    }

    /// Connects a handler to a signal whose C signature is `void (*)(GObject *, gpointer)`,
    /// such as playbin's `about-to-finish`. It runs on whichever thread emits the signal
    /// (a streaming thread for `about-to-finish`): the handler must be thread-safe.
    public func connectSignal(_ signal: String, _ handler: @escaping @Sendable () -> Void) -> SignalConnection {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let trampoline: CFunction = { _, data in
            guard let data else { return }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Void>).body(())
        }
        return connect(signal, box: ClosureBox<Void> { handler() }, callback: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `notify::NAME`: runs when a property changes (`void (*)(GObject *, GParamSpec *, gpointer)`),
    /// on the thread that changed it.
    public func observeProperty(_ name: String, _ handler: @escaping @Sendable () -> Void) -> SignalConnection {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let trampoline: CFunction = { _, _, data in
            guard let data else { return }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Void>).body(())
        }
        return connect("notify::\(name)", box: ClosureBox<Void> { handler() }, callback: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Lends the object held by an object property for the duration of `body` (for handing a
    /// sink's GTK widget to GTK code, which takes its own reference).
    public func withObjectProperty<Result>(_ name: String, _ body: (UnsafeMutableRawPointer?) -> Result) throws(PropertyError) -> Result {
        let object = try objectPointer(name)
        defer { if let object { g_object_unref(object) } }
        return body(object)
    }
}

extension Element {
    /// playbin's "element-setup" (`void (*)(GstElement *, GstElement *, gpointer)`): called for
    /// every element playbin creates, before it is used, on whichever thread builds it.
    public func onElementSetup(_ handler: @escaping @Sendable (Element) -> Void) -> SignalConnection {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let trampoline: CFunction = { _, element, data in
            guard let element, let data else { return }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Element>).body(Element(raw: element, transfer: .none))
        }
        return connect("element-setup", box: ClosureBox<Element>(handler), callback: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// A bin's "deep-element-added" (`void (*)(GstBin *, GstBin *, GstElement *, gpointer)`):
    /// every element added anywhere inside it, also the children of a bin added whole, on the
    /// thread that adds it, before the element is used.
    public func onDeepElementAdded(_ handler: @escaping @Sendable (Element) -> Void) -> SignalConnection {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let trampoline: CFunction = { _, _, element, data in
            guard let element, let data else { return }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Element>).body(Element(raw: element, transfer: .none))
        }
        return connect("deep-element-added", box: ClosureBox<Element>(handler), callback: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// A decodebin's or uridecodebin's "autoplug-select" (`GstAutoplugSelectResult (*)(GstElement *,
    /// GstPad *, GstCaps *, GstElementFactory *, gpointer)`), on the streaming thread that
    /// plugs: a stream whose next element would be a decoder `keepsEncoded` says yes to is
    /// exposed as it is (`GST_AUTOPLUG_SELECT_EXPOSE`, parsed, its caps telling its size and
    /// rate) instead of being decoded; anything else is tried as usual.
    public func exposeEncoded(where keepsEncoded: @escaping @Sendable (DecoderFactories.Factory) -> Bool) -> SignalConnection {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
        let trampoline: CFunction = { _, _, _, factory, data in
            // GstAutoplugSelectResult lives in a plugin's private header: TRY is 0, EXPOSE 1.
            guard let factory, let data, let decoder = DecoderFactories.decoder(factory) else { return 0 }
            let decide = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ReturningClosureBox<DecoderFactories.Factory, Bool>
            return decide.body(decoder) ? 1 : 0
        }
        let box = ReturningClosureBox<DecoderFactories.Factory, Bool>(keepsEncoded)
        return connect("autoplug-select", box: box, callback: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// "pad-added" (`void (*)(GstElement *, GstPad *, gpointer)`): a demuxer's new source pad,
    /// on the streaming thread that found the stream.
    public func onPadAdded(_ handler: @escaping @Sendable (Pad) -> Void) -> SignalConnection {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let trampoline: CFunction = { _, pad, data in
            guard let pad, let data else { return }
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Pad>).body(Pad(raw: pad, transfer: .none))
        }
        return connect("pad-added", box: ClosureBox<Pad>(handler), callback: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// What a sink's `handoff` signal reports of a buffer as it is rendered.
public struct RenderedBuffer: Sendable {
    public var presentationTime: ClockTime?
    public var duration: ClockTime?
    /// The clock time the sink waited for before rendering (base time + running time +
    /// latency), nil when the element is not a base sink or the buffer is outside its segment.
    /// Unlike the time read in the handler, it holds no thread wake-up delay.
    public var dueTime: ClockTime?
}

extension Element {
    /// `handoff` of fakesink/identity (`void (*)(GstElement *, GstBuffer *, GstPad *, gpointer)`),
    /// called on the streaming thread when the buffer is rendered (after the clock wait when
    /// `sync=true`). Needs `signal-handoffs=true` on fakesink.
    public func onHandoff(_ handler: @escaping @Sendable (RenderedBuffer) -> Void) -> SignalConnection {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GstBuffer>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let trampoline: CFunction = { element, buffer, _, data in
            guard let data, let buffer, let element else { return }
            let pts = vw_buffer_pts(buffer)
            let isSink = g_type_check_instance_is_a(element.assumingMemoryBound(to: GTypeInstance.self), gst_base_sink_get_type()) != 0
            let info = RenderedBuffer(presentationTime: ClockTime(raw: pts),
                                      duration: ClockTime(raw: vw_buffer_duration(buffer)),
                                      dueTime: isSink && pts != GstClockTime.max ? ClockTime(raw: vw_base_sink_due_time(vw_element(element), pts)) : nil)
            (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<RenderedBuffer>).body(info)
        }
        return connect("handoff", box: ClosureBox<RenderedBuffer>(handler), callback: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
