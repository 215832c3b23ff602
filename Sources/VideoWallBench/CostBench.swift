import Foundation
import GStreamerKit
import VideoWallEngine

/// CPU per second of playback, dropped frames and peak memory: `videowall --headless` against
/// the same clips played by separate `gst-launch-1.0 playbin` processes (one per clip); and the
/// window's display path (window minus headless).
@MainActor
struct CostBench {
    let options: BenchOptions
    var environment: [String: String] { ProcessInfo.processInfo.environment }

    func measure(clips: [String]) async throws -> [BenchReport.Cost] {
        var results: [BenchReport.Cost] = []
        for count in options.costTiles {
            let chosen = Array(clips.prefix(count))
            let wall = try await runVideoWall(chosen, headless: true)
            let baseline = try await runBaseline(chosen)
            results.append(BenchReport.Cost(tiles: count, cpuPerSecond: wall.cpu, droppedFrames: wall.dropped, peakMemoryMB: wall.memory,
                                            baselineCPUPerSecond: baseline.cpu, baselineDroppedFrames: baseline.dropped,
                                            baselinePeakMemoryMB: baseline.memory,
                                            cpuRatio: baseline.cpu > 0 ? wall.cpu / baseline.cpu : 0))
        }
        return results
    }

    /// The window's cost over headless for the same clips, per tile.
    func measureDisplay(clips: [String], display: String, width: Int, height: Int) async throws -> BenchReport.Display {
        let headless = try await runVideoWall(clips, headless: true)
        let window = try await runVideoWall(clips, headless: false, display: display)
        return BenchReport.Display(tiles: clips.count, width: width, height: height,
                                   headlessCPUPerSecond: headless.cpu, windowCPUPerSecond: window.cpu,
                                   extraCoresPerTile: (window.cpu - headless.cpu) / Double(max(1, clips.count)),
                                   droppedFrames: window.dropped)
    }

    private func runVideoWall(_ clips: [String], headless: Bool, display: String? = nil) async throws -> (cpu: Double, dropped: Int, memory: Double) {
        let report = NSTemporaryDirectory() + "videowall-bench-report-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var environment = self.environment
        environment["DISPLAY"] = display
        if display == nil { environment["DISPLAY"] = nil }
        // Stopped with SIGINT after the same time as the baseline (the report is still written);
        // --quit-after is only a safety net.
        var arguments = [options.executable, "play", "--mute", "--quit-after", String(options.costSeconds * 4), "--report", report]
        if headless { arguments.append("--headless") }
        let child = try ChildProcess(arguments + clips, environment: environment)
        let cpu = await steadyCPU(of: [child])
        child.interrupt()
        let usage = await child.finished()
        guard usage.status == 0, let data = FileManager.default.contents(atPath: report),
              let decoded = try? JSONDecoder().decode(ChildReport.self, from: data) else {
            throw BenchError("videowall exited \(usage.status): \(usage.output.suffix(400))")
        }
        let dropped = decoded.tiles.compactMap(\.framesDropped).reduce(0) { $0 + Int($1) }
        return (cpu, dropped, usage.peakMemoryMB)
    }

    /// One `gst-launch-1.0 playbin` per clip, all at once, stopped with SIGINT after the same time.
    /// Its video sink drops frames later than 20 ms, as videowall's does; drops are read from
    /// the QoS messages `-m` prints.
    private func runBaseline(_ clips: [String]) async throws -> (cpu: Double, dropped: Int, memory: Double) {
        var environment = self.environment
        environment["DISPLAY"] = nil
        let children = try clips.map { clip in
            try ChildProcess(["gst-launch-1.0", "-m", "playbin", "uri=\(MediaLocation.uri(for: clip))",
                              "video-sink=fakesink name=vsink sync=true qos=true max-lateness=20000000",
                              "audio-sink=fakesink sync=true", "mute=true"], environment: environment)
        }
        let cpu = await steadyCPU(of: children)
        children.forEach { $0.interrupt() }
        var memory = 0.0, dropped = 0
        for child in children {
            let usage = child.finish()
            memory += usage.peakMemoryMB
            dropped += Self.droppedFrames(inGstLaunchOutput: usage.output)
        }
        return (cpu, dropped, memory)
    }

    /// Cores used by `children` together while playing: CPU time over wall time from the end
    /// of start-up (`costWarmUp`) to the end of the run (`costSeconds` later). Start-up is
    /// left out on both sides: plugin loading, the wall's discovery and the first preroll
    /// are paid once per session, not per second of playback.
    private func steadyCPU(of children: [ChildProcess]) async -> Double {
        await sleep(seconds: options.costWarmUp)
        let startCPU = children.compactMap(\.cpuSecondsSoFar).reduce(0, +)
        let start = DispatchTime.now()
        await sleep(seconds: options.costSeconds)
        let endCPU = children.compactMap(\.cpuSecondsSoFar).reduce(0, +)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return elapsed > 0 ? (endCPU - startCPU) / elapsed : 0
    }

    /// The highest `dropped=(guint64)N` in QoS messages from the video sink.
    nonisolated static func droppedFrames(inGstLaunchOutput output: String) -> Int {
        var highest = 0
        for line in output.split(separator: "\n") where line.contains("\"vsink\"") && line.contains("(qos)") {
            guard let range = line.range(of: "dropped=(guint64)") else { continue }
            let digits = line[range.upperBound...].prefix { $0.isNumber }
            highest = max(highest, Int(digits) ?? 0)
        }
        return highest
    }
}
