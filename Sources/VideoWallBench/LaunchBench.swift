import Foundation
import VideoWallCore

/// Launch to picture, as a user waits for it: `videowall` started as a process of its own with
/// a window, timed from the kernel starting it (libraries loading included) to the first
/// repaint that shows a frame on every tile; the child writes the figure in its report
/// (`launchToPictureSeconds`). Each run is a fresh process, with the page cache warm.
struct LaunchBench {
    let options: BenchOptions

    func measure(clips: [String], display: String, runs: Int) async throws -> BenchReport.Launch {
        var seconds: [Double] = []
        for _ in 0..<runs {
            let report = NSTemporaryDirectory() + "videowall-bench-launch-\(UUID().uuidString).json"
            defer { try? FileManager.default.removeItem(atPath: report) }
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            let child = try ChildProcess([options.executable, "play", "--no-audio", "--no-mpris", "--quit-after", "1",
                                          "--report", report] + clips, environment: environment)
            let usage = await child.finished()
            guard usage.status == 0, let data = FileManager.default.contents(atPath: report),
                  let decoded = try? JSONDecoder().decode(ChildReport.self, from: data), let launch = decoded.launchToPictureSeconds else {
                throw BenchError("videowall exited \(usage.status) with no launch figure: \(usage.output.suffix(400))")
            }
            seconds.append(launch)
        }
        let sorted = seconds.sorted()
        return BenchReport.Launch(runs: runs, tiles: clips.count, p50Ms: Percentiles.nearestRank(50, in: sorted) * 1000,
                                  minMs: sorted.first! * 1000, maxMs: sorted.last! * 1000)
    }
}

/// A process that keeps one core busy (a shell loop) while it lives: the competing load of a
/// measurement. Ended when dropped.
final class BusyLoad {
    private let child: ChildProcess

    init() throws {
        child = try ChildProcess(["/bin/sh", "-c", "while :; do :; done"], environment: ["PATH": "/usr/bin:/bin"])
    }

    deinit {
        child.interrupt()
        _ = child.finish()
    }
}
