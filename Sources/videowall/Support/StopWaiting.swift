import GStreamerKit

/// Waits, on the main loop, for the first reason to stop: `quitAfter` seconds, SIGINT or
/// SIGTERM, or whatever `watch` sets up and reports through the `stop` it is handed. Every
/// source is removed once one has fired.
@MainActor
func waitForStop(quitAfter: Double?,
                 watch: (_ stop: @escaping @MainActor () -> Void) -> [any MainLoopSource]) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let state = StopState()
        let stop: @MainActor () -> Void = {
            guard !state.stopped else { return }
            state.stopped = true
            state.sources.forEach { $0.cancel() }
            state.sources.removeAll()
            continuation.resume()
        }
        if let quitAfter { state.sources.append(MainLoop.after(seconds: quitAfter, stop)) }
        state.sources.append(MainLoop.onTerminationSignal(stop))
        state.sources += watch(stop)
    }
}

@MainActor
private final class StopState {
    var stopped = false
    var sources: [any MainLoopSource] = []
}
