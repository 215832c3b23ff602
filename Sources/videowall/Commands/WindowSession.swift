import ArgumentParser
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallWindow

/// A wall in a GTK window: plays until the user quits (q, Escape, closing the window),
/// `--quit-after`, a stop signal (at any moment, loading included), or the window or the
/// display goes away.
@MainActor
struct WindowSession {
    var sources: [String]
    var playback: PlaybackSettings
    var window: WindowSettings
    /// The name to show over a source's tile instead of its file name, by source.
    var labels: [String: String] = [:]
    var stop: SessionStop

    func run() async -> ExitCode {
        let layout: Layout
        let assignment: LayoutAssignment
        do {
            if let name = window.layout {
                layout = try LayoutCatalog.resolve(nameOrPath: name, searchDirectories: LayoutDirectories.all)
                assignment = try LayoutAssignment.assign(layout: layout, sourceCount: sources.count)
            } else {
                let name = LayoutCatalog.builtInName(forSourceCount: min(sources.count, playback.maxTiles))
                layout = try LayoutCatalog.resolve(nameOrPath: name, searchDirectories: LayoutDirectories.all)
                // Without --layout, sources past the wall's size become failed tiles, not a refusal.
                assignment = try LayoutAssignment.assign(layout: layout, sourceCount: min(sources.count, layout.regions.count))
            }
        } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }

        // Tiles in region order; a region may name its own file instead of a command-line index.
        var tiles: [(region: Int, source: String, regionSpec: LayoutRegion)] = []
        for entry in assignment.entries {
            let source: String
            switch entry.source {
            case .index(let i): source = sources[i - 1]
            case .location(let location): source = location
            }
            tiles.append((entry.region, source, layout.regions[entry.region]))
        }
        let assigned = Set(assignment.entries.compactMap { if case .index(let i) = $0.source { i - 1 } else { nil } })
        let leftOver = sources.indices.filter { !assigned.contains($0) }.map { sources[$0] }

        var windowOptions = WallWindow.Options()
        windowOptions.fullscreen = window.fullscreen
        windowOptions.kiosk = window.kiosk
        windowOptions.monitor = window.monitor
        let wallWindow: WallWindow
        let coordinator: Coordinator
        do {
            wallWindow = try WallWindow(layout: layout, assignments: tiles.map { ($0.region, $0.source) }, labels: labels, options: windowOptions)
            var configuration = playback.coordinatorConfiguration
            configuration.groupLoop = playback.loop || window.kiosk
            configuration.maximumTiles = max(playback.maxTiles, tiles.count)
            coordinator = try Coordinator(configuration: configuration)
        } catch {
            Console.error("the window could not start: \(error)")
            return ExitStatus.startupFailed
        }
        var specs = tiles.enumerated().map { index, tile in
            TileSpec(source: tile.source, videoSink: wallWindow.videoSink(forTile: index),
                     endOfStream: tile.regionSpec.loop == true ? .loop : .hold,
                     muted: playback.mute || tile.regionSpec.mute == true, volume: tile.regionSpec.volume ?? 1)
        }
        specs += leftOver.map { TileSpec(source: $0) }

        let reporter = TileProblems.report(from: coordinator)
        do { try wallWindow.show(following: coordinator) } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        wallWindow.onQuit = { [stop] in stop.stop(.userQuit) }
        wallWindow.onDestroyed = { [stop] in
            Console.error("the window was destroyed from outside (by another X client); stopping")
            stop.stop(.windowDestroyed)
        }
        let reportState = ReportState()
        GtkRuntime.onDisplayLost = { [playback] in Self.displayLost(coordinator, reportPath: playback.report, reportState) }
        stop.whenStopping { coordinator.stopLoading() }
        await coordinator.load(specs)
        // One soundtrack at a time: the first tile's, unless everything is muted or the layout
        // says which regions are muted.
        if playback.mute {
            coordinator.setAudible(tile: nil)
        } else if !tiles.contains(where: { $0.regionSpec.mute != nil }) {
            coordinator.setAudible(tile: 0)
        }
        if stop.reason == nil {
            coordinator.play()
            await waitForQuit(coordinator, wallWindow)
        }

        let report = coordinator.report()
        reportState.started = true
        if let path = playback.report { await SessionEnd.write(report, to: path) }
        await SessionEnd.close(coordinator)
        GtkRuntime.onDisplayLost = nil
        wallWindow.close()
        await reporter.value
        return ExitStatus.forStop(stop.reason, failedTiles: report.failedTiles, totalTiles: report.tiles.count)
    }

    /// The connection to the X server is gone (the server died, or `xkill`): GDK cannot go on,
    /// and this runs inside Xlib's I/O error handler, which must not return. So everything
    /// happens here, at once: the message, the report, the pipelines stopped (bounded), exit.
    private static func displayLost(_ coordinator: Coordinator, reportPath: String?, _ state: ReportState) -> Never {
        Console.error("lost the connection to the display; stopping")
        if state.started {
            // The session's report is written, or on its way (counted among the blocking calls).
            _ = BlockingCalls.settleBlocking(timeout: 5)
        } else if let reportPath, let text = try? coordinator.report().json() {
            let written = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                do { try Console.write(text, to: reportPath) } catch {
                    Console.error("\(reportPath): cannot write the report: \(error.localizedDescription)")
                }
                written.signal()
            }
            if written.wait(timeout: .now() + 5) == .timedOut {
                Console.error("\(reportPath): cannot write the report: no answer within 5 s")
            }
        }
        ExitWatchdog.arm()
        coordinator.shutDown()
        _ = BlockingCalls.settleBlocking(timeout: coordinator.configuration.closeTimeout)
        exit(ExitStatus.displayLost.rawValue)
    }

    private func waitForQuit(_ coordinator: Coordinator, _ wallWindow: WallWindow) async {
        if let screenshot = window.screenshot {
            stop.keep(MainLoop.every(seconds: 0.02) {
                guard (coordinator.position?.seconds ?? 0) >= screenshot.seconds || coordinator.transport == .ended else { return true }
                do {
                    try wallWindow.saveScreenshot(to: screenshot.path)
                    Console.note("screenshot at \(TimeFormatting.precise(coordinator.position ?? .zero)) saved to \(screenshot.path)")
                } catch {
                    Console.error("\(error)")
                }
                return false  // one screenshot
            })
        }
        _ = await stop.wait(quitAfter: playback.quitAfter)
    }
}

/// Whether the session has taken its report (then a lost display must not write another).
@MainActor
final class ReportState {
    var started = false
}
