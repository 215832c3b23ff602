import CGStreamer

/// Counts the g_critical and g_warning messages GStreamer and GLib log while it lives
/// (`g_log_set_handler` on their domains), so a test can fail on a "CRITICAL" that would
/// otherwise only be printed. Handlers run on whichever thread logs.
public final class CriticalCounter: @unchecked Sendable {
    private static let domains = ["GStreamer", "GLib", "GLib-GObject"]
    private let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var handlers: [(domain: String, id: guint)] = []

    public init() {
        count.initialize(to: 0)
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue)
        for domain in Self.domains {
            let id = g_log_set_handler(domain, levels, { domain, _, message, data in
                data?.assumingMemoryBound(to: Int.self).pointee += 1
                // Still say what it was: the count alone would not tell a reader.
                print("\(domain.map { String(cString: $0) } ?? "?") logged: \(message.map { String(cString: $0) } ?? "")")
            }, count)
            handlers.append((domain, id))
        }
    }

    /// Criticals and warnings logged since this counter was made.
    public var logged: Int { count.pointee }

    deinit {
        for handler in handlers { g_log_remove_handler(handler.domain, handler.id) }
        count.deallocate()
    }
}
