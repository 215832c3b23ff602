import Foundation

/// The last line of defence at exit. Once the report is written, the program stops its
/// pipelines and GStreamer; none of that may block the main thread, but a call that never
/// returns somewhere in GStreamer or GTK would leave the process running for ever. The
/// watchdog, a thread of its own, ends the process if that takes more than `seconds`.
enum ExitWatchdog {
    static let seconds = 5.0

    static func arm() {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            Console.error("stopping took more than \(Int(seconds)) s (a pipeline did not stop); exiting")
            _exit(ExitStatus.stopTimedOut.rawValue)
        }
    }
}
