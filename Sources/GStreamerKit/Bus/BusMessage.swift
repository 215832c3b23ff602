internal import CGStreamer

/// A bus message as a Swift value, parsed eagerly so no `GstMessage` escapes this layer.
public struct BusMessage: Sendable {
    public enum Kind: Sendable {
        case endOfStream
        /// A segment seek's segment played out (`GST_MESSAGE_SEGMENT_DONE`): no EOS follows.
        case segmentDone
        case error(GStreamerError)
        case warning(GStreamerError)
        case stateChanged(old: ElementState, new: ElementState, pending: ElementState)
        case asyncDone(runningTime: ClockTime?)
        case buffering(percent: Int)
        case tags([String: String])
        case durationChanged
        case clockLost
        case newClock
        case streamStart
        case latency
        /// `gst_is_missing_plugin_message`: a decoder or demuxer that is not installed.
        case missingPlugin(description: String)
        /// An element message with its structure name ("GstBinForwarded", "redirect").
        case element(name: String)
        /// A network client clock's `gst-netclock-statistics` (a clock given a bus posts them).
        case networkClockStatistics(NetworkClockStatistics)
        /// The program's own finding, posted with `Element.post(_:)`.
        case application(ApplicationMessage)
        /// Anything this layer does not parse: the fallback case, with the type name.
        case other(String)
    }

    public var kind: Kind
    /// `GST_OBJECT_NAME` of the message source.
    public var sourceName: String
    /// Identifies the source object (its address) so a message can be matched to an element.
    public var sourceIdentity: UInt
    /// `GST_MESSAGE_SEQNUM`: messages caused by one seek share the seek event's seqnum.
    public var sequenceNumber: UInt32

    /// Whether the message was posted by this element itself (not by one of its children).
    public func isFrom(_ element: ObjectReference) -> Bool { sourceIdentity == UInt(bitPattern: element.pointer) }

    init(_ message: UnsafeMutablePointer<GstMessage>) {
        let source = vw_message_source(message)
        sourceIdentity = source.map { UInt(bitPattern: UnsafeMutableRawPointer($0)) } ?? 0
        sourceName = source.flatMap { $0.pointee.name }.map { String(cString: $0) } ?? ""
        sequenceNumber = vw_message_seqnum(message)
        kind = BusMessage.parse(message)
    }

    private static func parse(_ message: UnsafeMutablePointer<GstMessage>) -> Kind {
        let type = vw_message_type(message)
        switch type {
        case GST_MESSAGE_EOS: return .endOfStream
        case GST_MESSAGE_SEGMENT_DONE: return .segmentDone
        case GST_MESSAGE_ERROR, GST_MESSAGE_WARNING:
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            if type == GST_MESSAGE_ERROR { gst_message_parse_error(message, &error, &debug) } else { gst_message_parse_warning(message, &error, &debug) }
            defer { g_free(debug) }
            let domain = error.flatMap { g_quark_to_string($0.pointee.domain) }.map { String(cString: $0) } ?? "unknown"
            let code = Int(error?.pointee.code ?? 0)
            let text = GStreamer.takeMessage(error) ?? "unknown error"
            var details: UnsafePointer<GstStructure>?
            if type == GST_MESSAGE_ERROR { gst_message_parse_error_details(message, &details) } else { gst_message_parse_warning_details(message, &details) }
            var status: guint = 0
            let httpStatus = details.map { gst_structure_get_uint($0, "http-status-code", &status) != 0 } == true ? Int(status) : nil
            let failure = GStreamerError(domain: domain, code: code, message: text, debug: debug.map { String(cString: $0) }, httpStatus: httpStatus)
            return type == GST_MESSAGE_ERROR ? .error(failure) : .warning(failure)
        case GST_MESSAGE_STATE_CHANGED:
            var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
            gst_message_parse_state_changed(message, &old, &new, &pending)
            return .stateChanged(old: ElementState(old), new: ElementState(new), pending: ElementState(pending))
        case GST_MESSAGE_ASYNC_DONE:
            var running: GstClockTime = 0
            gst_message_parse_async_done(message, &running)
            return .asyncDone(runningTime: ClockTime(raw: running))
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 0
            gst_message_parse_buffering(message, &percent)
            return .buffering(percent: Int(percent))
        case GST_MESSAGE_TAG:
            var list: UnsafeMutablePointer<GstTagList>?
            gst_message_parse_tag(message, &list)
            guard let list else { return .tags([:]) }
            defer { vw_tag_list_unref(list) }
            return .tags(TagReader.dictionary(list))
        case GST_MESSAGE_DURATION_CHANGED: return .durationChanged
        case GST_MESSAGE_CLOCK_LOST: return .clockLost
        case GST_MESSAGE_NEW_CLOCK: return .newClock
        case GST_MESSAGE_STREAM_START: return .streamStart
        case GST_MESSAGE_LATENCY: return .latency
        case GST_MESSAGE_ELEMENT:
            if gst_is_missing_plugin_message(message) != 0 {
                let c = gst_missing_plugin_message_get_description(message)
                defer { g_free(c) }
                return .missingPlugin(description: c.map { String(cString: $0) } ?? "unknown plugin")
            }
            let structure = gst_message_get_structure(message)
            let name = structure.flatMap { gst_structure_get_name($0) }.map { String(cString: $0) }
            if name == "gst-netclock-statistics", let structure { return .networkClockStatistics(Self.statistics(structure)) }
            return .element(name: name ?? "")
        case GST_MESSAGE_APPLICATION:
            if let structure = gst_message_get_structure(message), let application = ApplicationMessage(structure: structure) {
                return .application(application)
            }
            return .other("application")
        default:
            return .other(String(cString: gst_message_type_get_name(type)))
        }
    }
}

extension BusMessage {
    /// The fields of `gst-netclock-statistics` (`gstnetclientclock.c`): times in nanoseconds.
    static func statistics(_ structure: UnsafePointer<GstStructure>) -> NetworkClockStatistics {
        var synchronised: gboolean = 0
        _ = gst_structure_get_boolean(structure, "synchronised", &synchronised)
        func time(_ field: String) -> Int64 {
            var value: GstClockTime = 0
            if gst_structure_get_clock_time(structure, field, &value) != 0 { return value == GstClockTime.max ? 0 : Int64(clamping: value) }
            var signed: gint64 = 0
            return gst_structure_get_int64(structure, field, &signed) != 0 ? Int64(signed) : 0
        }
        return NetworkClockStatistics(synchronised: synchronised != 0, roundTripAverage: time("rtt-average"),
                                      localClockOffset: time("local-clock-offset"), remoteMinimumError: time("remote-min-error"),
                                      remoteMaximumError: time("remote-max-error"))
    }
}

/// Turns a `GstTagList` into strings (`gst_tag_list_nth_tag_name`, `gst_value_serialize`).
enum TagReader {
    static func dictionary(_ list: UnsafePointer<GstTagList>) -> [String: String] {
        var result: [String: String] = [:]
        for i in 0..<gst_tag_list_n_tags(list) {
            guard let cname = gst_tag_list_nth_tag_name(list, guint(i)),
                  let value = gst_tag_list_get_value_index(list, cname, 0) else { continue }
            let name = String(cString: cname)
            if let s = String.load(from: value) {
                result[name] = s
            } else if let c = gst_value_serialize(value) {
                result[name] = String(cString: c)
                g_free(c)
            }
        }
        return result
    }
}
