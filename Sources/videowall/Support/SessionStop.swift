import GLibMainLoop
import GStreamerKit

/// Why a session stops.
enum StopReason: Equatable {
    /// `--quit-after` seconds of playback.
    case quitAfter
    /// Every tile ended (or failed).
    case wallEnded
    /// q, Escape, or the window's close button.
    case userQuit
    case signal(StopSignals.Signal)
    /// The window was destroyed from outside (another X client's XDestroyWindow).
    case windowDestroyed
    /// A remote client's `quit`, with the exit status it asked for, if any.
    case remoteQuit(code: Int32?)
}

/// The first reason to stop a session, whoever gives it: a stop signal (heard from the
/// program's start, so also while the wall loads), `--quit-after`, the end of the wall, the
/// window. Work that must end at once when the session stops (loading) registers with
/// `whenStopping`; the session itself awaits `wait`.
@MainActor
final class SessionStop {
    private(set) var reason: StopReason?
    private var waiter: CheckedContinuation<Void, Never>?
    private var actions: [() -> Void] = []
    private var sources: [any MainLoopSource] = []

    /// What SIGHUP does instead of stopping (a reload), when a session sets it.
    var onHangUp: (() -> Void)?

    init(signals: StopSignals) {
        signals.onSignal { [weak self] signal in
            guard let self else { return }
            if signal == .hangUp, self.reason == nil, let reload = self.onHangUp {
                reload()
            } else {
                self.stop(.signal(signal))
            }
        }
    }

    /// Stops the session for `reason`, unless it is already stopping.
    func stop(_ reason: StopReason) {
        guard self.reason == nil else { return }
        self.reason = reason
        if case .signal(let signal) = reason { Console.note("stopping: \(signal)") }
        sources.forEach { $0.cancel() }
        sources.removeAll()
        onHangUp = nil
        let actions = self.actions
        self.actions.removeAll()
        actions.forEach { $0() }
        waiter?.resume()
        waiter = nil
    }

    private func armQuit(after seconds: Double, standingStill: @escaping @MainActor () -> Double, counted: Double) {
        keep(MainLoop.after(seconds: seconds) { [weak self] in
            let still = standingStill()
            if still > counted + 0.001 {
                self?.armQuit(after: still - counted, standingStill: standingStill, counted: still)
            } else {
                self?.stop(.quitAfter)
            }
        })
    }

    /// Runs `action` when the session stops (at once if it has).
    func whenStopping(_ action: @escaping () -> Void) {
        if reason != nil { action() } else { actions.append(action) }
    }

    /// Keeps a main-loop source (a timer that may stop the session) until the session stops.
    func keep(_ source: any MainLoopSource) {
        if reason != nil { source.cancel() } else { sources.append(source) }
    }

    /// Waits for the first reason to stop; `quitAfter` seconds from now is one. Time the
    /// process stood still (`standingStill`: SIGSTOP, a paused machine) is not playback: the
    /// deadline moves on by as much.
    func wait(quitAfter: Double?, standingStill: @escaping @MainActor () -> Double = { 0 }) async -> StopReason {
        if let quitAfter { armQuit(after: quitAfter, standingStill: standingStill, counted: standingStill()) }
        if reason == nil {
            await withCheckedContinuation { waiter = $0 }
        }
        return reason ?? .wallEnded
    }
}
