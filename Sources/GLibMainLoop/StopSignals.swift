internal import CGLibLoop
import GStreamerKit
import Foundation

/// The signals that ask a program to stop, caught from the very start: installed before
/// GStreamer or GTK start, so a signal during start-up, loading or shutting down is never the
/// default action (death with no report). Each is remembered and handed, on the main loop, to
/// whoever listens (`onSignal`), including one that arrived before anyone listened.
///
/// SIGINT, SIGTERM, SIGHUP, SIGUSR1 and SIGUSR2 come through `g_unix_signal_add_full`. GLib
/// does not take SIGQUIT (whose default action, and the Swift runtime's handler, dump a
/// backtrace): a plain `sigaction` handler writes it to a pipe watched with `g_unix_fd_add`.
/// SIGPIPE is ignored: a write to a closed pipe or socket fails instead (and the output it was
/// for is reported lost), rather than ending the program without its report.
@MainActor
public final class StopSignals {
    public enum Signal: Int32, Sendable, CustomStringConvertible {
        case hangUp = 1, interrupt = 2, quit = 3, userDefined1 = 10, userDefined2 = 12, terminate = 15

        public var description: String {
            switch self {
            case .hangUp: return "SIGHUP"
            case .interrupt: return "SIGINT"
            case .quit: return "SIGQUIT"
            case .terminate: return "SIGTERM"
            case .userDefined1: return "SIGUSR1"
            case .userDefined2: return "SIGUSR2"
            }
        }
    }

    private static var installed: StopSignals?
    /// Every signal received, in order.
    public private(set) var received: [Signal] = []
    private var listeners: [(Signal) -> Void] = []

    /// Installs the handlers (once; later calls return the same watcher). Main thread.
    public static func install() -> StopSignals {
        if let installed { return installed }
        let watcher = StopSignals()
        installed = watcher
        let data = Unmanaged.passUnretained(watcher).toOpaque()  // lives for the process
        signal(SIGPIPE, SIG_IGN)
        for signal in [Signal.interrupt, .terminate, .hangUp, .userDefined1, .userDefined2] {
            // `gboolean (*)(gpointer)`; the source, and the route it is handed, stay for the
            // whole run (GLib puts the default action back when the last source of a signal goes).
            let route = Unmanaged.passRetained(SignalRoute(signal: signal, watcher: watcher)).toOpaque()
            g_unix_signal_add_full(G_PRIORITY_HIGH, signal.rawValue, { route in
                MainActor.assumeIsolated {
                    let route = Unmanaged<SignalRoute>.fromOpaque(route!).takeUnretainedValue()
                    route.watcher.deliver(route.signal)
                }
                return 1
            }, route, nil)
        }
        // `g_unix_open_pipe` (close-on-exec), the read end non-blocking so the watch drains it.
        var ends: [Int32] = [-1, -1]
        if g_unix_open_pipe(&ends, FD_CLOEXEC, nil) != 0, g_unix_set_fd_nonblocking(ends[0], 1, nil) != 0 {
            g_unix_fd_add(ends[0], G_IO_IN, { fd, _, data in
                var byte: UInt8 = 0
                while read(fd, &byte, 1) == 1 {
                    let raw = Int32(byte)
                    MainActor.assumeIsolated {
                        Unmanaged<StopSignals>.fromOpaque(data!).takeUnretainedValue().deliver(Signal(rawValue: raw) ?? .quit)
                    }
                }
                return 1
            }, data)
            _ = vw_forward_signal_to_pipe(SIGQUIT, ends[1])
        }
        return watcher
    }

    /// Calls `listener` with every signal from now on, and at once (on the main loop) with
    /// those that came before.
    public func onSignal(_ listener: @escaping @MainActor (Signal) -> Void) {
        listeners.append(listener)
        let earlier = received
        if !earlier.isEmpty {
            DispatchQueue.main.async { MainActor.assumeIsolated { earlier.forEach(listener) } }
        }
    }

    fileprivate func deliver(_ signal: Signal) {
        received.append(signal)
        listeners.forEach { $0(signal) }
    }
}

/// Which signal a GLib signal source stands for, and who hears it.
@MainActor
private final class SignalRoute {
    let signal: StopSignals.Signal
    let watcher: StopSignals
    init(signal: StopSignals.Signal, watcher: StopSignals) {
        self.signal = signal
        self.watcher = watcher
    }
}
