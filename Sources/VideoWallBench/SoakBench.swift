import Foundation
import VideoWallCore
import VideoWallEngine

/// Looping for a long time: `videowall play --headless --loop` on a short clip, as a child
/// process, with its resident memory sampled as it goes. Background video runs for days, so
/// what matters is whether memory grows with every loop, not its level.
@MainActor
struct SoakBench {
    let options: BenchOptions

    func measure(clip: String, framesPerLoop: Int) async throws -> BenchReport.Soak {
        let report = NSTemporaryDirectory() + "videowall-soak-report-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let tiles = 2
        let child = try ChildProcess([options.executable, "play", "--headless", "--loop", "--mute",
                                      "--quit-after", String(options.soakSeconds * 4), "--report", report]
                                     + Array(repeating: clip, count: tiles), environment: environment)
        // Twenty samples; the first (a twentieth of the run in) is left out, while plugins
        // load and the first loops allocate their buffers.
        let interval = options.soakSeconds / 20
        var times: [Double] = [], samples: [Double] = []
        for step in 1...20 {
            await sleep(seconds: interval)
            if step >= 2, let resident = child.residentMemoryMB {
                times.append(Double(step) * interval)
                samples.append(resident)
            }
        }
        child.interrupt()
        let usage = await child.finished()
        guard usage.status == 0, let data = FileManager.default.contents(atPath: report),
              let decoded = try? JSONDecoder().decode(ChildReport.self, from: data) else {
            throw BenchError("videowall exited \(usage.status) in the soak run: \(usage.output.suffix(400))")
        }
        let growth = MemoryGrowth.measure(times: times, residentMB: samples)
        return BenchReport.Soak(seconds: options.soakSeconds, tiles: tiles,
                                loops: decoded.tiles.map(\.loops).min() ?? 0,
                                framesPerLoop: framesPerLoop,
                                framesRendered: decoded.tiles.compactMap(\.framesRendered).reduce(0) { $0 + Int($1) },
                                framesDropped: decoded.tiles.compactMap(\.framesDropped).reduce(0) { $0 + Int($1) },
                                residentStartMB: samples.first ?? 0, residentEndMB: samples.last ?? 0,
                                residentGrowthMBPerHour: growth.megabytesPerHour, residentGrowth: growth.summary)
    }
}
