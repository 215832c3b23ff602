import ArgumentParser
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// A wall rendered into synced fakesinks: plays until `--quit-after`, the end, or Ctrl-C,
/// prints errors as they happen, and at exit a summary per tile on standard error (standard
/// output stays free for `--report -`) and the report if asked for.
@MainActor
struct HeadlessSession {
    var sources: [String]
    /// With `--layout`, the tiles and their regions' options (loop, mute, volume, the region's
    /// own sources); without, each source is a tile as given.
    var plan: TilePlan?
    var options: PlaybackSettings

    func run() async -> ExitCode {
        let coordinator: Coordinator
        do { coordinator = try Coordinator(configuration: options.coordinatorConfiguration(tiles: plan?.tiles.count ?? 0)) } catch {
            Console.error("GStreamer could not start: \(error)")
            return ExitStatus.startupFailed
        }
        // --loop is the group loop (the coordinator's configuration): every tile wraps together.
        let specs = plan?.specs(mute: options.mute) ?? sources.map { TileSpec(source: $0, muted: options.mute) }
        let reporter = TileProblems.report(from: coordinator)
        await coordinator.load(specs)
        if coordinator.players.contains(where: \.isActive) {
            coordinator.play()
            await waitForEnd(of: coordinator)
        }
        return await finish(coordinator, reporter: reporter)
    }

    /// Waits for `--quit-after`, the end of the wall, or SIGINT/SIGTERM, whichever comes first.
    private func waitForEnd(of coordinator: Coordinator) async {
        await waitForStop(quitAfter: options.quitAfter) { stop in
            [MainLoop.every(seconds: 0.1) {
                if coordinator.transport == .ended { stop(); return false }
                return true
            }]
        }
    }

    private func finish(_ coordinator: Coordinator, reporter: Task<Void, Never>) async -> ExitCode {
        let report = coordinator.report()
        await coordinator.close()
        await reporter.value
        for line in RunSummary.lines(for: report) { Console.summary(line) }
        let lost = options.report.map { !ReportWriting.write(report, to: $0) } ?? false
        return ExitStatus.forResult(failedTiles: report.failedTiles, totalTiles: report.tiles.count, outputsLost: lost)
    }
}
