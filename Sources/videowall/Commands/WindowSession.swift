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
    var sources: [String]
    var playback: PlaybackSettings
    var window: WindowSettings
    /// The name to show over a source's tile instead of its file name, by source.
    var labels: [String: String] = [:]

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
        await coordinator.load(specs)
        // One soundtrack at a time: the first tile's, unless everything is muted or the layout
        // says which regions are muted.
        if playback.mute {
            coordinator.setAudible(tile: nil)
        } else if !tiles.contains(where: { $0.regionSpec.mute != nil }) {
            coordinator.setAudible(tile: 0)
        }
        coordinator.play()
        await waitForQuit(coordinator, wallWindow)

        let report = coordinator.report()
        await coordinator.close()
        wallWindow.close()
        await reporter.value
        if let path = playback.report {
            do { try Console.write(try report.json(), to: path) } catch {
                Console.error("\(path): cannot write the report: \(error.localizedDescription)")
            }
        }
        return ExitStatus.forResult(failedTiles: report.failedTiles, totalTiles: report.tiles.count)
    }

    private func waitForQuit(_ coordinator: Coordinator, _ wallWindow: WallWindow) async {
        let screenshot = window.screenshot
        await waitForStop(quitAfter: playback.quitAfter) { stop in
            wallWindow.onQuit = stop
            guard let screenshot else { return [] }
            return [MainLoop.every(seconds: 0.02) {
                guard (coordinator.position?.seconds ?? 0) >= screenshot.seconds || coordinator.transport == .ended else { return true }
                do {
                    try wallWindow.saveScreenshot(to: screenshot.path)
                    Console.note("screenshot at \(TimeFormatting.precise(coordinator.position ?? .zero)) saved to \(screenshot.path)")
                } catch {
                    Console.error("\(error)")
                }
                return false  // one screenshot
            }]
        }
    }
}
