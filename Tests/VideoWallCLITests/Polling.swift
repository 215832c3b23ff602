import Foundation

/// Waiting on a real process from a test thread: `condition` is asked every `interval`
/// seconds until it holds or `seconds` have passed.
enum Polling {
    static func until(_ seconds: Double, interval: Double = 0.1, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: interval)
        }
        return true
    }
}
