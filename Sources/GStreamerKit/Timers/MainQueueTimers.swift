import Dispatch
import Foundation

/// Timers on the main dispatch queue, so they fire whoever drives the main thread: a program
/// with an `async` main (Swift's own main-queue drain), `dispatchMain()`, or a GLib or GTK
/// main loop bridged to the queue (`MainLoop.run()` in GLibMainLoop). The engine relies on
/// these and on no GLib main context.
public enum MainLoop {
    /// Runs `action` once on the main queue after `seconds`, as long as the returned token is
    /// kept: dropping it (or `cancel()`) stops the timer.
    public static func after(seconds: Double, _ action: @escaping @MainActor () -> Void) -> TimeoutToken {
        TimeoutToken(interval: seconds, repeats: false) { action(); return false }
    }

    /// Runs `action` every `seconds` on the main queue while it returns true and the returned
    /// token is kept.
    public static func every(seconds: Double, _ action: @escaping @MainActor () -> Bool) -> TimeoutToken {
        TimeoutToken(interval: seconds, repeats: true, action)
    }

    /// Suspends the caller for `seconds` on the main queue's clock (the timer is kept until it
    /// fires).
    @MainActor
    public static func sleep(seconds: Double) async {
        var token: TimeoutToken?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            token = after(seconds: seconds) { continuation.resume() }
        }
        _ = token
    }
}

/// Something running on the main thread that a token stands for; `cancel()` stops it.
public protocol MainLoopSource: AnyObject {
    func cancel()
}

/// A `DispatchSourceTimer` on the main queue, stopped when its token goes: whoever keeps the
/// token decides how long the timer may fire, and nothing fires into an owner that is gone.
public final class TimeoutToken: MainLoopSource, @unchecked Sendable {
    private var timer: DispatchSourceTimer?
    private let lock = NSLock()

    /// The longest wait: an interval beyond it (or an infinite one) waits this long rather
    /// than trapping in a conversion; NaN waits none.
    private static let longest = 49.0 * 24 * 3600

    init(interval: Double, repeats: Bool, _ action: @escaping @MainActor () -> Bool) {
        let seconds = interval.isNaN ? 0 : min(max(0, interval), Self.longest)
        let nanoseconds = Int((seconds * 1e9).rounded())
        let timer = DispatchSource.makeTimerSource(queue: .main)
        // A repeating timer of period 0 would spin; a millisecond is the finest GLib had too.
        let period: DispatchTimeInterval = repeats ? .nanoseconds(max(nanoseconds, 1_000_000)) : .never
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: period, leeway: .nanoseconds(0))
        // Weak: the timer must not keep its token (and so itself) alive.
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let again = MainActor.assumeIsolated { self.isActive ? action() : false }
            if !again { self.cancel() }
        }
        self.timer = timer
        timer.resume()
    }

    /// Stops the timer if it has not fired for the last time (`dispatch_source_cancel`).
    public func cancel() {
        lock.lock()
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        guard let timer else { return }
        timer.setEventHandler(handler: nil)
        timer.cancel()
    }

    public var isActive: Bool {
        lock.lock(); defer { lock.unlock() }
        return timer != nil
    }

    deinit { cancel() }
}
