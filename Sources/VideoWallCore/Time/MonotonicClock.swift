import Dispatch
import Foundation

/// A source of "now" that never jumps backwards. Time-dependent logic takes instants from one of
/// these (or as explicit arguments) so tests can drive it with `ManualClock` instead of sleeping.
public protocol MonotonicClock: AnyObject, Sendable {
    var now: MediaTime { get }
}

/// The machine's monotonic clock. `DispatchTime` reads CLOCK_MONOTONIC on Linux, so this agrees
/// with GStreamer's default system clock and is immune to wall-clock changes.
public final class SystemMonotonicClock: MonotonicClock {
    public init() {}

    public var now: MediaTime {
        MediaTime(nanoseconds: Int64(clamping: DispatchTime.now().uptimeNanoseconds))
    }
}

/// A clock that moves only when told to. Lock-protected because the code under test may read it
/// from another thread than the test that advances it.
public final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: MediaTime

    public init(now: MediaTime = .zero) {
        current = now
    }

    public var now: MediaTime {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    public func advance(by delta: MediaTime) {
        lock.lock()
        defer { lock.unlock() }
        current = current + delta
    }

    /// Sets the time outright; tests use it to jump, so it does not insist on monotonicity.
    public func set(_ time: MediaTime) {
        lock.lock()
        defer { lock.unlock() }
        current = time
    }
}
