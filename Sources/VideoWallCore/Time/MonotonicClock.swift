import Dispatch
import Foundation

/// A source of "now" that never jumps backwards. Time-dependent logic takes instants from one of
/// these (or as explicit arguments) so tests can drive it with `ManualClock` instead of sleeping.
package protocol MonotonicClock: AnyObject, Sendable {
    var now: MediaTime { get }
}

/// The machine's monotonic clock. `DispatchTime` reads CLOCK_MONOTONIC on Linux, so this agrees
/// with GStreamer's default system clock and is immune to wall-clock changes.
package final class SystemMonotonicClock: MonotonicClock {
    package init() {}

    package var now: MediaTime {
        MediaTime(nanoseconds: Int64(clamping: DispatchTime.now().uptimeNanoseconds))
    }
}

/// A clock that moves only when told to. Lock-protected because the code under test may read it
/// from another thread than the test that advances it.
package final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: MediaTime

    package init(now: MediaTime = .zero) {
        current = now
    }

    package var now: MediaTime {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    package func advance(by delta: MediaTime) {
        lock.lock()
        defer { lock.unlock() }
        current = current + delta
    }

    /// Sets the time outright; tests use it to jump, so it does not insist on monotonicity.
    package func set(_ time: MediaTime) {
        lock.lock()
        defer { lock.unlock() }
        current = time
    }
}
