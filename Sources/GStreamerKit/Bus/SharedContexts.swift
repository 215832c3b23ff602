internal import CGStreamer
import Foundation

/// One GPU device context for every pipeline of the process: the first CUDA context, VA
/// display or GL display an element makes (its "have-context" message) is kept, and every
/// later element that asks for that kind ("need-context") gets it, on the thread that asks,
/// before it would make its own. Without it each tile's decoder opened a CUDA context of its
/// own: 16 of them took seconds each and gigabytes of GPU memory.
///
/// Every bus with a watch (`Bus.addWatch`) passes its messages through here first.
/// `GStreamer.deinitialize` lets the contexts go before `gst_deinit`.
public enum SharedContexts {
    /// The context types shared: nvcodec's CUDA context, the `va` plugin's display, and the
    /// GL display (whose GL contexts then share with one another).
    public static let types: Set<String> = ["gst.cuda.context", "gst.va.display.handle", "gst.gl.GLDisplay"]

    /// How many times elements offered a context of `type`, and how many times one asking for
    /// it was given the kept one: with sharing, one offer however many pipelines ask.
    public static func counts(of type: String) -> (offered: Int, given: Int) {
        store.lock.lock(); defer { store.lock.unlock() }
        return (store.offered[type, default: 0], store.given[type, default: 0])
    }

    /// A bus's message on the thread that posts it: answers "need-context" from the kept
    /// contexts (`gst_element_set_context` on the element that asks), keeps the first of each
    /// kind from "have-context". Other messages pass untouched.
    static func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch vw_message_type(message) {
        case GST_MESSAGE_NEED_CONTEXT:
            var type: UnsafePointer<gchar>?
            guard gst_message_parse_context_type(message, &type) != 0, let type, let source = vw_message_source(message) else { return }
            let name = String(cString: type)
            guard types.contains(name), let context = store.take(name) else { return }
            defer { gst_context_unref(context) }
            gst_element_set_context(vw_element(source), context)
        case GST_MESSAGE_HAVE_CONTEXT:
            var context: OpaquePointer?
            gst_message_parse_have_context(message, &context)
            guard let context else { return }
            // Parsed with a reference of its own: kept, or let go here.
            let name = gst_context_get_context_type(context).map { String(cString: $0) } ?? ""
            if !types.contains(name) || !store.keep(context, as: name) { gst_context_unref(context) }
        default:
            return
        }
    }

    /// Lets every kept context go (before `gst_deinit`, whose leak check would count them).
    static func releaseAll() {
        store.lock.lock()
        let kept = store.contexts.values
        store.contexts = [:]
        store.lock.unlock()
        for context in kept { gst_context_unref(context) }
    }

    private static let store = Store()

    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var contexts: [String: OpaquePointer] = [:]
        var offered: [String: Int] = [:]
        var given: [String: Int] = [:]

        /// Keeps `context` (taking over its reference) unless one of that kind is kept already.
        func keep(_ context: OpaquePointer, as type: String) -> Bool {
            lock.lock(); defer { lock.unlock() }
            offered[type, default: 0] += 1
            guard contexts[type] == nil else { return false }
            contexts[type] = context
            return true
        }

        /// The kept context of `type`, with a reference for the caller.
        func take(_ type: String) -> OpaquePointer? {
            lock.lock(); defer { lock.unlock() }
            guard let context = contexts[type] else { return nil }
            given[type, default: 0] += 1
            _ = gst_context_ref(context)
            return context
        }
    }
}
