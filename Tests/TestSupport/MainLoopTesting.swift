import Foundation
import GLibMainLoop
import GStreamerKit
import XCTest

extension XCTestCase {
    /// Runs async main-actor test code inside the GLib main loop (bus watches, discoverer and
    /// timeouts need it), failing the test instead of hanging past `timeout`.
    @discardableResult
    package func onMainLoop<Result: Sendable>(timeout: Double = 60, _ body: @escaping @MainActor () async throws -> Result) throws -> Result {
        try GStreamer.initialize()
        return try MainActor.assumeIsolated {
            try MainLoop.runUntilComplete(timeout: timeout, body)
        }
    }
}

/// Sleeps on the main loop without blocking it.
@MainActor
package func pause(seconds: Double) async {
    await MainLoop.sleep(seconds: seconds)
}

/// Polls `condition` on the main loop every 10 ms until it holds or `timeout` passes.
@MainActor
package func waitUntil(timeout: Double, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        await pause(seconds: 0.01)
    }
    return true
}
