import ArgumentParser
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallWindow

/// A wall in a GTK window: plays until the user quits (q, Escape, closing the window),
/// `--quit-after`, or SIGINT/SIGTERM.
@MainActor
struct WindowSession {
    var plan: TilePlan
    var playback: PlaybackSettings
    var window: WindowSettings
    /// The name to show over a source's tile instead of its file name, by source.
    var labels: [String: String] = [:]

    func run() async -> ExitCode {
        var windowOptions = WallWindow.Options()
        windowOptions.fullscreen = window.fullscreen
        windowOptions.kiosk = window.kiosk
        windowOptions.monitor = window.monitor
        let wallWindow: WallWindow
        let coordinator: Coordinator
        do {
            wallWindow = try WallWindow(layout: plan.layout, assignments: plan.tiles.map { ($0.region, $0.source) },
                                        labels: labels, options: windowOptions)
            var configuration = playback.coordinatorConfiguration(tiles: plan.tiles.count)
            configuration.groupLoop = playback.loop || window.kiosk
            coordinator = try Coordinator(configuration: configuration)
        } catch {
            Console.error("the window could not start: \(error)")
            return ExitStatus.startupFailed
        }
        let specs = plan.specs(mute: playback.mute) { wallWindow.videoSink(forTile: $0) }

        let reporter = TileProblems.report(from: coordinator)
        do { try wallWindow.show(following: coordinator) } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        await coordinator.load(specs)
        // One soundtrack at a time: the first tile's, unless everything is muted or the layout
        // says which regions are muted.
        if playback.mute {
            coordinator.setAudible(tile: nil)
        } else if !plan.layoutChoosesSound {
            coordinator.setAudible(tile: 0)
        }
        coordinator.play()
        let screenshot = ScreenshotState()
        await waitForQuit(coordinator, wallWindow, screenshot: screenshot)

        let stoppedAt = coordinator.position ?? .zero
        let report = coordinator.report()
        await coordinator.close()
        wallWindow.close()
        await reporter.value
        var outputsLost = false
        if let asked = window.screenshot, !screenshot.saved {
            // A failed save said why when it failed; one the wall never got to says so now.
            if !screenshot.failed {
                Console.error("--screenshot-at \(NumberChecks.text(asked.seconds)): no screenshot taken: "
                    + "the wall stopped at \(TimeFormatting.precise(stoppedAt)), before it got there")
            }
            outputsLost = true
        }
        if let path = playback.report, !ReportWriting.write(report, to: path) { outputsLost = true }
        return ExitStatus.forResult(failedTiles: report.failedTiles, totalTiles: report.tiles.count, outputsLost: outputsLost)
    }

    private func waitForQuit(_ coordinator: Coordinator, _ wallWindow: WallWindow, screenshot state: ScreenshotState) async {
        let screenshot = window.screenshot
        await waitForStop(quitAfter: playback.quitAfter) { stop in
            wallWindow.onQuit = stop
            guard let screenshot else { return [] }
            return [MainLoop.every(seconds: 0.02) {
                guard (coordinator.position?.seconds ?? 0) >= screenshot.seconds || coordinator.transport == .ended else { return true }
                do {
                    try wallWindow.saveScreenshot(to: screenshot.path)
                    state.saved = true
                    Console.note("screenshot at \(TimeFormatting.precise(coordinator.position ?? .zero)) saved to \(Console.name(screenshot.path))")
                } catch {
                    state.failed = true
                    Console.error("--screenshot-at \(NumberChecks.text(screenshot.seconds)): \(error)")
                }
                return false  // one screenshot
            }]
        }
    }
}

/// What became of the screenshot asked for.
@MainActor
private final class ScreenshotState {
    var saved = false
    var failed = false
}
