internal import CGStreamer

/// One owned `GstBus`.
public final class Bus: ObjectReference, @unchecked Sendable {
    init(raw: UnsafeMutableRawPointer, transfer: Transfer) { super.init(pointer: raw, transfer: transfer) }

    var bus: UnsafeMutablePointer<GstBus> { pointer.assumingMemoryBound(to: GstBus.self) }

    /// `gst_bus_add_watch_full` on the thread-default main context (the GLib main loop's
    /// thread). The handler runs there; releasing the returned token removes the watch.
    public func addWatch(_ handler: @escaping @Sendable (BusMessage) -> Void) -> BusWatch {
        let box = Unmanaged.passRetained(BusHandlerBox(handler)).toOpaque()
        let id = gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, { _, message, userData in
            guard let message, let userData else { return 1 }
            Unmanaged<BusHandlerBox>.fromOpaque(userData).takeUnretainedValue().handler(BusMessage(message))
            return 1  // G_SOURCE_CONTINUE: the token, not the callback, decides when the watch ends
        }, box, { userData in
            // GDestroyNotify: the watch source is gone, release the handler it kept alive.
            if let userData { Unmanaged<BusHandlerBox>.fromOpaque(userData).release() }
        })
        return BusWatch(bus: self, sourceID: id)
    }

    /// `gst_bus_timed_pop_filtered`: blocks the calling thread for the next message of the
    /// given kinds. For worker threads only, never the main thread.
    public func pop(timeout: ClockTime?, endOfStream: Bool = true, errors: Bool = true) -> BusMessage? {
        var mask: Int32 = 0
        if endOfStream { mask |= GST_MESSAGE_EOS.rawValue }
        if errors { mask |= GST_MESSAGE_ERROR.rawValue }
        guard let message = gst_bus_timed_pop_filtered(bus, timeout.raw, GstMessageType(rawValue: mask)) else { return nil }
        defer { vw_message_unref(message) }
        return BusMessage(message)
    }
}

final class BusHandlerBox: Sendable {
    let handler: @Sendable (BusMessage) -> Void
    init(_ handler: @escaping @Sendable (BusMessage) -> Void) { self.handler = handler }
}

/// The token for a bus watch: `cancel()` or dropping it removes the watch
/// (`gst_bus_remove_watch`), the gstreamer-rs `BusWatchGuard` idea.
public final class BusWatch: @unchecked Sendable {
    private let bus: Bus
    private var sourceID: guint

    init(bus: Bus, sourceID: guint) {
        self.bus = bus
        self.sourceID = sourceID
    }

    /// Removes the watch now. Must run on the main-loop thread, like the watch itself.
    public func cancel() {
        guard sourceID != 0 else { return }
        gst_bus_remove_watch(bus.bus)
        sourceID = 0
    }

    deinit { cancel() }
}
