internal import CGStreamer
import Dispatch
import Foundation

/// One owned `GstBus`.
public final class Bus: ObjectReference, @unchecked Sendable {
    init(raw: UnsafeMutableRawPointer, transfer: Transfer) { super.init(pointer: raw, transfer: transfer) }

    var bus: UnsafeMutablePointer<GstBus> { pointer.assumingMemoryBound(to: GstBus.self) }

    /// `gst_bus_new`: a bus of no pipeline's (what a network clock posts its statistics on).
    public static func make() throws(GStreamerError) -> Bus {
        try GStreamer.initialize()
        return Bus(raw: UnsafeMutableRawPointer(gst_bus_new()), transfer: .full)
    }

    /// Delivers every message posted on this bus to `handler` on the main dispatch queue, in
    /// the order they were posted, whoever drives the main thread (an `async` main, or a GLib
    /// loop bridged to the queue): no GLib main context has to run. A `gst_bus_set_sync_handler`
    /// parses each message on the thread that posts it and queues the Swift value; the message
    /// itself is dropped (unreferenced) there. Releasing the returned token ends the delivery: nothing queued
    /// before is handed over after that, and later messages are still dropped on the bus (kept
    /// there, they would hold references to the pipeline's elements and keep it alive).
    ///
    /// A bus has one such watch at most: a second is `BusError.alreadyWatched`, not a watch
    /// that silently never fires.
    public func addWatch(_ handler: @escaping @Sendable (BusMessage) -> Void) throws(BusError) -> BusWatch {
        let delivery = BusDelivery(handler)
        try Self.claim(bus)
        let data = Unmanaged.passRetained(delivery).toOpaque()
        // A cancelled watch's handler (still dropping) goes first: GStreamer replaces a sync
        // handler only with none.
        gst_bus_set_sync_handler(bus, nil, nil, nil)
        gst_bus_set_sync_handler(bus, { _, message, data in
            guard let message, let data else { return GST_BUS_PASS }
            let delivery = Unmanaged<BusDelivery>.fromOpaque(data).takeUnretainedValue()
            // A context asked for is answered here, on the asking thread, before it makes its own.
            SharedContexts.handle(message)
            if !delivery.isCancelled { delivery.deliver(BusMessage(message)) }
            // A sync handler that answers DROP owns the message and must unref it.
            vw_message_unref(message)
            return GST_BUS_DROP
        }, data, { data in
            // GDestroyNotify: the handler is replaced or the bus is gone.
            if let data { Unmanaged<BusDelivery>.fromOpaque(data).release() }
        })
        return BusWatch(bus: self, delivery: delivery)
    }

    /// Whether a bus has a watch is kept on the bus itself (`g_object_set_data`), so it goes
    /// with the bus; checked and marked under one lock, so two watches added at once cannot
    /// both succeed.
    private static let watchedLock = NSLock()
    private static let watchedKey = "videowall-bus-watch"

    private static func claim(_ bus: UnsafeMutablePointer<GstBus>) throws(BusError) {
        watchedLock.lock(); defer { watchedLock.unlock() }
        guard g_object_get_data(vw_object(bus), watchedKey) == nil else { throw BusError.alreadyWatched }
        g_object_set_data(vw_object(bus), watchedKey, UnsafeMutableRawPointer(bitPattern: 1))
    }

    static func release(_ bus: UnsafeMutablePointer<GstBus>) {
        watchedLock.lock(); defer { watchedLock.unlock() }
        g_object_set_data(vw_object(bus), watchedKey, nil)
    }

    /// `gst_bus_timed_pop_filtered`: blocks the calling thread for the next message of the
    /// given kinds. For worker threads only, never the main thread, and only on a bus that
    /// never had a watch (a watch, even cancelled, takes every message).
    public func pop(timeout: ClockTime?, endOfStream: Bool = true, errors: Bool = true) -> BusMessage? {
        var mask: Int32 = 0
        if endOfStream { mask |= GST_MESSAGE_EOS.rawValue }
        if errors { mask |= GST_MESSAGE_ERROR.rawValue }
        guard let message = gst_bus_timed_pop_filtered(bus, timeout.raw, GstMessageType(rawValue: mask)) else { return nil }
        defer { vw_message_unref(message) }
        return BusMessage(message)
    }
}

public enum BusError: Error, Equatable, CustomStringConvertible {
    /// The bus already has a watch (GStreamer allows one sync handler per bus).
    case alreadyWatched

    public var description: String { "the bus already has a watch" }
}

/// Hands messages from the posting threads to the main queue, until cancelled.
final class BusDelivery: @unchecked Sendable {
    private let handler: @Sendable (BusMessage) -> Void
    private let lock = NSLock()
    private var cancelled = false

    init(_ handler: @escaping @Sendable (BusMessage) -> Void) { self.handler = handler }

    /// Any thread. One `DispatchQueue.main.async` per message keeps the posting order: the
    /// main queue is first in, first out.
    func deliver(_ message: BusMessage) {
        DispatchQueue.main.async { [self] in
            guard !isCancelled else { return }
            handler(message)
        }
    }

    var isCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock(); cancelled = true; lock.unlock()
    }
}

/// The token for a bus watch: `cancel()` or dropping it removes the watch (the gstreamer-rs
/// `BusWatchGuard` idea): no message reaches the handler afterwards.
public final class BusWatch: @unchecked Sendable {
    private let bus: Bus
    private let delivery: BusDelivery
    private var removed = false
    private let lock = NSLock()

    init(bus: Bus, delivery: BusDelivery) {
        self.bus = bus
        self.delivery = delivery
    }

    /// Ends the delivery now; the bus may be given a new watch. Any thread.
    public func cancel() {
        lock.lock()
        let first = !removed
        removed = true
        lock.unlock()
        guard first else { return }
        delivery.cancel()
        Bus.release(bus.bus)
    }

    deinit { cancel() }
}
