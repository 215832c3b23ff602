import Foundation

/// Calls that can block their thread for as long as they like: opening a file (a FIFO with no
/// writer, a file on a dead network mount), and so any state change that opens a source
/// (playbin opens `filesrc` in the thread that sets it to PAUSED) or a discovery, and a
/// change down to NULL (it waits for streaming threads, which a blocked `read()` keeps).
///
/// Such calls never run on the main thread: they run on threads of their own and hand their
/// result back. Each is counted from the moment it is asked for until it returns, so a program
/// can tell at exit whether one is still stuck inside GStreamer. Then it must not call
/// `gst_deinit`, which would free what that thread uses, or wait for it for ever.
public enum BlockingCalls {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var running: [Int: String] = [:]
    nonisolated(unsafe) private static var nextID = 0

    /// What is asked for or running and has not returned, in words ("tile1: to paused").
    public static var outstanding: [String] {
        lock.lock(); defer { lock.unlock() }
        return running.keys.sorted().compactMap { running[$0] }
    }

    /// Counts a call from now until `end` is called with the token.
    static func begin(_ what: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        running[nextID] = what
        return nextID
    }

    static func end(_ token: Int) {
        lock.lock(); running[token] = nil; lock.unlock()
    }

    /// Runs `body` on a thread of its own and returns its result, however long it takes.
    public static func run<T: Sendable>(_ what: String, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let token = begin(what)
            Thread.detachNewThread {
                let result = body()
                end(token)
                continuation.resume(returning: result)
            }
        }
    }

    /// Runs `body` on a thread of its own and waits at most `timeout` seconds for it: nil when
    /// it has not returned by then. The call goes on, counted, and its result is dropped.
    @MainActor
    public static func run<T: Sendable>(_ what: String, timeout: Double, _ body: @escaping @Sendable () -> T) async -> T? {
        let answer = FirstAnswer<T?>()
        return await withCheckedContinuation { continuation in
            answer.continuation = continuation
            let timer = MainLoop.after(seconds: timeout) { answer.give(nil) }
            let token = begin(what)
            Thread.detachNewThread {
                let result = body()
                end(token)
                DispatchQueue.main.async { MainActor.assumeIsolated { timer.cancel(); answer.give(result) } }
            }
        }
    }

    /// Waits on the main loop until no call is outstanding, or `timeout` seconds: true when
    /// none is.
    @MainActor
    public static func settle(timeout: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !outstanding.isEmpty {
            guard Date() < deadline else { return false }
            await MainLoop.sleep(seconds: 0.01)
        }
        return true
    }

    /// Like `settle`, for a thread that cannot run the main loop (an X I/O error handler, which
    /// must not return): sleeps in steps.
    public static func settleBlocking(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !outstanding.isEmpty {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }
}

/// Resumes its continuation with the first answer given; later ones are dropped. Main thread only.
@MainActor
public final class FirstAnswer<T: Sendable> {
    public var continuation: CheckedContinuation<T, Never>?

    public init() {}

    public func give(_ value: T) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(returning: value)
    }
}
