import Foundation
import GStreamerKit

/// Waits on the main queue without blocking it.
@MainActor
func sleep(seconds: Double) async {
    await MainLoop.sleep(seconds: seconds)
}

/// Polls `condition` every 5 ms until it holds; false after `timeout`.
@MainActor
func wait(timeout: Double, until condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        await sleep(seconds: 0.005)
    }
    return true
}
