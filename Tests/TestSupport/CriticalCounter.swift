import CGStreamer
import Foundation

/// Counts the g_critical and g_warning messages GStreamer and GLib log while it lives
/// (`g_log_set_handler` on their domains), so a test can fail on a "CRITICAL" that would
/// otherwise only be printed. Handlers run on whichever thread logs: the count is kept under
/// a lock.
package final class CriticalCounter: @unchecked Sendable {
    private static let domains = ["GStreamer", "GLib", "GLib-GObject"]
    private let tally = Tally()
    private var handlers: [(domain: String, id: guint)] = []

    package init() {
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue)
        // The handlers hold the tally until they are removed in deinit.
        let data = Unmanaged.passUnretained(tally).toOpaque()
        for domain in Self.domains {
            let id = g_log_set_handler(domain, levels, { domain, _, message, data in
                guard let data else { return }
                Unmanaged<Tally>.fromOpaque(data).takeUnretainedValue().add()
                // Still say what it was: the count alone would not tell a reader.
                print("\(domain.map { String(cString: $0) } ?? "?") logged: \(message.map { String(cString: $0) } ?? "")")
            }, data)
            handlers.append((domain, id))
        }
    }

    /// Criticals and warnings logged since this counter was made.
    package var logged: Int { tally.value }

    deinit {
        for handler in handlers { g_log_remove_handler(handler.domain, handler.id) }
    }

    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }
}
