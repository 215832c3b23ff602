import Foundation
import VideoWallCore

/// How many tiles of which size this machine plays in time, by decoder: `videowall play
/// --headless` with 1 to 16 copies of one clip (noise at a camera-like bit rate, so it decodes
/// like footage), once with `--hwdec no` and once with `--hwdec auto`, each run a process of its
/// own. The figures: frames shown against those due, frames dropped, CPU per tile, the decoder
/// the report names, and the seconds the run took beyond its playing time (start-up and stop).
@MainActor
struct CapacityBench {
    let executable: String
    let seconds: Double
    let log: (String) -> Void

    func measure(clips: [(size: String, path: String, framesPerSecond: Double)], tileCounts: [Int], decoders: [String]) async throws -> BenchReport.Capacity {
        var runs: [BenchReport.Capacity.Run] = []
        for clip in clips {
            for tiles in tileCounts {
                for decoder in decoders {
                    let run = try await measureOnce(clip: clip, tiles: tiles, decoder: decoder)
                    log(String(format: "capacity: %d x %@, --hwdec %@: %d of %d frames shown, %d dropped, %.2f cores per tile, %@",
                               tiles, clip.size, decoder, run.framesShown, run.framesDue, run.framesDropped, run.cpuPerTile,
                               run.decoders.joined(separator: ", ")))
                    runs.append(run)
                }
            }
        }
        return BenchReport.Capacity(cores: ProcessInfo.processInfo.activeProcessorCount, playingSeconds: seconds, runs: runs)
    }

    private func measureOnce(clip: (size: String, path: String, framesPerSecond: Double), tiles: Int, decoder: String) async throws -> BenchReport.Capacity.Run {
        let report = NSTemporaryDirectory() + "videowall-bench-capacity-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let arguments = [executable, "play", "--headless", "--no-audio", "--no-mpris", "--loop", "--max-tiles", "\(max(4, tiles))",
                         "--hwdec", decoder, "--quit-after", String(seconds), "--report", report]
        let started = ContinuousClock.now
        let child = try ChildProcess(arguments + Array(repeating: clip.path, count: tiles), environment: environment)
        let usage = await child.finished()
        let elapsed = (ContinuousClock.now - started).inSeconds
        guard let data = FileManager.default.contents(atPath: report), let decoded = try? JSONDecoder().decode(ChildReport.self, from: data) else {
            throw BenchError("videowall exited \(usage.status) with no report: \(usage.output.suffix(400))")
        }
        let shown = decoded.tiles.compactMap(\.framesRendered).reduce(0) { $0 + Int($1) }
        let dropped = decoded.tiles.compactMap(\.framesDropped).reduce(0) { $0 + Int($1) }
        return .init(size: clip.size, tiles: tiles, hwdec: decoder, exitStatus: Int(usage.status),
                     framesDue: Int((Double(tiles) * seconds * clip.framesPerSecond).rounded()), framesShown: shown, framesDropped: dropped,
                     cpuPerTile: usage.cpuSeconds / elapsed / Double(tiles), secondsBeyondPlaying: max(0, elapsed - seconds),
                     decoders: Array(Set(decoded.tiles.compactMap(\.decoder))).sorted())
    }
}
