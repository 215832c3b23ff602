internal import CGStreamer

/// What a message filter does with a message an element posted.
public enum MessageVerdict: Sendable {
    /// On to the bus the element's bin gave it, as if no filter were there.
    case forward
    /// Nowhere: the bin never sees it.
    case drop
}

extension Element {
    /// Puts `filter` between this element and its bin. The element is given a bus of its own
    /// (`gst_bus_new`, `gst_element_set_bus`) whose sync handler (`gst_bus_set_sync_handler`)
    /// shows `filter` each message on the posting thread and passes the ones forwarded to the
    /// bus the bin had given it (`gst_bus_post`), in their order. For an element that a bin made
    /// and answers for itself (an adaptive demuxer's fetchers), where no message would
    /// otherwise reach the application before the bin acts on it.
    ///
    /// The filter lasts as long as the element keeps that bus: a bin sets it once, when the
    /// element is added, and `gst_bin_remove` clears it, which releases the filter. Returns
    /// false, changing nothing, when the element is in no bin yet.
    @discardableResult
    public func filterMessages(_ filter: @escaping @Sendable (BusMessage) -> MessageVerdict) -> Bool {
        guard let binBus = gst_element_get_bus(element) else { return false }
        let relay = MessageRelay(binBus: binBus, filter: filter)
        guard let own = gst_bus_new() else {
            gst_object_unref(UnsafeMutableRawPointer(binBus))
            return false
        }
        gst_bus_set_sync_handler(own, { _, message, data in
            guard let message, let data else { return GST_BUS_PASS }
            let relay = Unmanaged<MessageRelay>.fromOpaque(data).takeUnretainedValue()
            if relay.filter(BusMessage(message)) == .forward {
                // gst_bus_post takes the message; the handler's DROP would unref it too.
                _ = gst_bus_post(relay.binBus, vw_message_ref(message))
            }
            vw_message_unref(message)
            return GST_BUS_DROP
        }, Unmanaged.passRetained(relay).toOpaque(), { data in
            // GDestroyNotify: the element let go of the bus, and the bus is finalized.
            if let data { Unmanaged<MessageRelay>.fromOpaque(data).release() }
        })
        gst_element_set_bus(element, own)
        gst_object_unref(UnsafeMutableRawPointer(own))
        return true
    }
}

/// The bin's bus (one reference, released with the relay) and the filter in front of it.
private final class MessageRelay: @unchecked Sendable {
    let binBus: UnsafeMutablePointer<GstBus>
    let filter: @Sendable (BusMessage) -> MessageVerdict

    init(binBus: UnsafeMutablePointer<GstBus>, filter: @escaping @Sendable (BusMessage) -> MessageVerdict) {
        self.binBus = binBus
        self.filter = filter
    }

    deinit { gst_object_unref(UnsafeMutableRawPointer(binBus)) }
}

extension Element {
    /// The bin this element sits in (`gst_object_get_parent`), if any.
    public var parent: Element? {
        gst_object_get_parent(vw_gst_object(pointer)).map { Element(raw: UnsafeMutableRawPointer($0), transfer: .full) }
    }

    /// The outermost bin this element sits in (`gst_object_get_parent` up to the top), or
    /// nil when it is in none.
    public var topBin: Element? {
        var top: Element?
        var current = gst_object_get_parent(vw_gst_object(pointer))
        while let parent = current {
            let element = Element(raw: UnsafeMutableRawPointer(parent), transfer: .full)
            top = element
            current = gst_object_get_parent(vw_gst_object(element.pointer))
        }
        return top
    }

    /// Whether an element this one sits inside (its bin, that bin's bin, and so on:
    /// `gst_object_get_parent`) matches `test`.
    public func isInside(_ test: (Element) -> Bool) -> Bool {
        var current = gst_object_get_parent(vw_gst_object(pointer))
        while let parent = current {
            let element = Element(raw: UnsafeMutableRawPointer(parent), transfer: .full)
            if test(element) { return true }
            current = gst_object_get_parent(vw_gst_object(element.pointer))
        }
        return false
    }
}
