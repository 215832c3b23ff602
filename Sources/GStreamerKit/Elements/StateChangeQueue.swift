import Foundation

/// An element's state changes that may block, run one after another on a thread of the
/// element's own, never on the main thread. playbin opens its source in the thread that sets it
/// to PAUSED, and `open()` of a FIFO with no writer or of a file on a dead network mount does
/// not return; a change down to NULL waits for the streaming threads, which a `read()` that
/// never returns holds. Each result comes back in the order the changes were asked for.
///
/// While a change is asked for and has not returned (`isBusy`), the element must not be given
/// a state change or an event from the main thread: `gst_element_set_state` and
/// `gst_element_send_event` take the element's state lock, which the change holds.
public final class StateChangeQueue: @unchecked Sendable {
    private let element: Element
    private let name: String
    private let queue: DispatchQueue
    private let pending = PendingCount()

    public init(_ element: Element, name: String) {
        self.element = element
        self.name = name
        queue = DispatchQueue(label: "videowall.\(name).state")
    }

    /// Whether a change was asked for and has not returned yet (it may never).
    public var isBusy: Bool { pending.value > 0 }

    /// `gst_element_set_state` on the queue's thread, after every change asked for before.
    public func setState(_ state: ElementState) async -> StateChangeResult {
        await withCheckedContinuation { continuation in
            enqueue(state) { continuation.resume(returning: $0) }
        }
    }

    /// Returns once every change asked for before has returned.
    public func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }

    /// Asks for a change without waiting for its result.
    public func requestState(_ state: ElementState) {
        enqueue(state) { _ in }
    }

    private func enqueue(_ state: ElementState, then done: @escaping @Sendable (StateChangeResult) -> Void) {
        pending.add(1)
        let job = StateChangeJob(element: element, state: state, pending: pending,
                                 token: BlockingCalls.begin("\(name): to \(state)"), done: done)
        queue.async { job.run() }
    }
}

/// One queued change. It holds the element until the change returns (a pipeline is never
/// freed while a thread is inside it) and lets go of it before it says it is done, so whoever
/// waits for the queue to settle may free the element, or call `gst_deinit`, at once.
private final class StateChangeJob: @unchecked Sendable {
    private var element: Element?
    private let state: ElementState
    private let pending: PendingCount
    private let token: Int
    private let done: @Sendable (StateChangeResult) -> Void

    init(element: Element, state: ElementState, pending: PendingCount, token: Int, done: @escaping @Sendable (StateChangeResult) -> Void) {
        self.element = element
        self.state = state
        self.pending = pending
        self.token = token
        self.done = done
    }

    func run() {
        let result = element?.setState(state) ?? .failure
        element = nil
        BlockingCalls.end(token)
        pending.add(-1)
        done(result)
    }
}

/// Changes asked for and not returned, shared by a queue and its jobs.
private final class PendingCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func add(_ delta: Int) { lock.lock(); count += delta; lock.unlock() }
}
