import VideoWallProtocol
import Foundation
import GStreamerKit
import VideoWallEngine

/// How every session ends: the report first (it cannot be lost to a stop that hangs), then
/// the pipelines are stopped, with the watchdog armed.
@MainActor
enum SessionEnd {
    /// Writes the report to `path` ("-": standard output) on a thread of its own: no file is
    /// touched on the main thread, and a path on a dead mount cannot hold the program.
    @discardableResult
    static func write(_ report: WallReport, to path: String) async -> Bool {
        let text: String
        do { text = try report.json() } catch {
            Console.error("cannot encode the report: \(error)")
            return false
        }
        let seconds = 5.0
        let outcome = await BlockingCalls.run("writing the report", timeout: seconds) { () -> String? in
            do { try Console.write(text, to: path); return nil } catch { return error.localizedDescription }
        }
        switch outcome {
        case .none:
            Console.error("--report \(Console.name(path)): cannot write the report: no answer within \(Int(seconds)) s")
            return false
        case .some(.some(let problem)):
            Console.error("--report \(Console.name(path)): cannot write the report: \(problem)")
            return false
        case .some(.none):
            return true
        }
    }

    /// Stops the wall's pipelines (bounded), with the watchdog armed for the rest of the way.
    static func close(_ wall: Wall) async {
        ExitWatchdog.arm()
        await wall.close()
    }

    /// `gst_deinit`, unless a call into GStreamer is still stuck (then it must not run).
    /// After the main loop, on the main thread.
    nonisolated static func deinitializeGStreamer() {
        guard !GStreamer.deinitialize(waitingAtMost: 0.5) else { return }
        Console.note("a call into GStreamer has not returned (\(BlockingCalls.outstanding.joined(separator: "; "))): exiting without gst_deinit")
    }
}
