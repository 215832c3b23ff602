import ArgumentParser
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallDBus
import VideoWallEngine
import VideoWallPresentation
import VideoWallHTTP
import VideoWallRemote
import VideoWallWindow

/// A wall in a GTK window: plays until the user quits (q, Escape, closing the window),
/// `--quit-after`, a stop signal (at any moment, loading included), or the window or the
/// display goes away.
@MainActor
struct WindowSession {
    var plan: TilePlan
    var playback: PlaybackSettings
    var window: WindowSettings
    /// The name to show over a source's tile instead of its file name, by source.
    var labels: [String: String] = [:]
    var stop: SessionStop
    /// With `--layout`: SIGHUP reads it again (`LayoutReload`) instead of stopping.
    var reloads: LayoutReload.Source? = nil
    /// Told when the wall plays and stops, under systemd (`$NOTIFY_SOCKET`).
    var systemd: SystemdNotifier?

    func run() async -> ExitCode {
        var windowOptions = WallWindow.Options()
        windowOptions.fullscreen = window.fullscreen
        windowOptions.kiosk = window.kiosk
        windowOptions.monitor = window.monitor
        windowOptions.compare = window.compare
        // Checked before the wall starts (`PlayCommand.play`).
        windowOptions.screen = window.screen.flatMap { try? plan.screen(named: $0) }
        windowOptions.turn = windowOptions.screen.flatMap { ScreenTurn(degrees: $0.rotation) } ?? .none
        let windows: [WallWindow]
        let wall: Wall
        do {
            windows = try makeWindows(windowOptions)
            var configuration = playback.wallConfiguration(tiles: plan.tiles.count, layout: plan.layout)
            configuration.groupLoop = playback.loop || window.kiosk
            // Unattended: a network tile that fails comes back by itself, unless --retry says not.
            if window.kiosk {
                configuration.recovery = playback.retry ?? .forever
                configuration.stallWatch = configuration.recovery == .never ? nil : StallWatch()
            }
            wall = try Wall(configuration: configuration)
        } catch {
            Console.error("the window could not start: \(error)")
            return ExitStatus.startupFailed
        }
        // The first window speaks for all: its keys, its transport bar, its first picture.
        let wallWindow = windows[0]
        // One soundtrack at a time: the first tile's, unless the layout says which regions are
        // muted. --mute is the wall's mute over that choice (`m` undoes it, as in mpv).
        var specs = plan.specs(mute: false, opensAudioDevice: !playback.noAudio) { tile in
            windows.count > 1 ? WallWindow.videoOutput(forTile: tile, in: windows) : wallWindow.videoOutput(forTile: tile)
        }
        if !plan.layoutChoosesSound {
            for index in specs.indices { specs[index].muted = index != 0 }
        }
        specs = playback.applyingTileOptions(to: specs)

        let remote: WallRemote?
        do { remote = try await RemoteControl.start(playback.ipcServer, wall: wall, stop: stop) } catch {
            Console.error(error.description)
            windows.forEach { $0.close() }
            return ExitStatus.startupFailed
        }
        remote?.saveScreenshot = { [weak wallWindow] path in
            guard wallWindow != nil else { throw WindowError("the window is closed") }
            try await WallWindow.saveScreenshot(of: windows, to: path)
        }
        remote?.overlayText = { [weak wallWindow] index in wallWindow?.overlayText(index) }
        // Every monitor's window draws the layout's overlays: a new text goes to all of them.
        remote?.setOverlayText = { index, text in windows.map { $0.setOverlayText(index, to: text) }.allSatisfy { $0 } }
        let mpris = MediaPlayerControl.start(playback.mpris, wall: wall, stop: stop)
        let reporter = TileProblems.report(from: wall)
        let reload = LayoutReload.arm(reloads, plan: plan, wall: wall, stop: stop)
        defer { withExtendedLifetime(reload) {} }
        WallWindow.presentTogether(windows)
        do {
            for window in windows {
                window.onMonitorNews = { Console.warning($0) }
                try window.show(following: wall)
            }
        } catch {
            Console.error(error.description)
            windows.forEach { $0.close() }
            return ExitStatus.usage
        }
        // A kiosk wall holds off the desktop's screensaver over D-Bus too (the window resets
        // the bare X one itself), from now until the session stops.
        let inhibitor = window.kiosk ? ScreenSaverInhibitor.inhibit(application: "videowall", reason: "kiosk wall playing") : nil
        stop.whenStopping { [weak inhibitor] in inhibitor?.stop() }
        for window in windows {
            window.onQuit = { [stop] in stop.stop(.userQuit) }
            window.onDestroyed = { [stop] in
                Console.error("the window was destroyed from outside (by another X client); stopping")
                stop.stop(.windowDestroyed)
            }
        }
        var launchToPicture: Double?
        wallWindow.onFirstPicture = { launchToPicture = ProcessAge.seconds() }
        wallWindow.onOverlayProblem = { Console.warning($0) }
        let reportState = ReportState()
        GtkRuntime.onDisplayLost = { [playback] in Self.displayLost(wall, reportPath: playback.report, reportState) }
        stop.whenStopping { wall.stopLoading() }
        wall.setMuted(playback.mute)
        // Asked for before loading, so the wall plays the moment it is loaded, unless a remote
        // client paused it meanwhile.
        let leading: WallRemote?
        do { leading = try await WallLink.startLeading(playback.role, wall: wall, plan: plan, stop: stop) } catch {
            Console.error(error.description)
            windows.forEach { $0.close() }
            remote?.stop()
            return ExitStatus.startupFailed
        }
        defer { leading?.stop() }
        // A playlist read anew is told to the followers (`wall-layout`).
        reload?.onShared = { [weak leading] in leading?.sharedLayout = $0 }
        // A leader's followers read its overlays' words over the control port.
        leading?.overlayText = { [weak wallWindow] index in wallWindow?.overlayText(index) }
        leading?.setOverlayText = { index, text in windows.map { $0.setOverlayText(index, to: text) }.allSatisfy { $0 } }
        OverlayFollowing.start(playback.role, layout: plan.layout, show: { index, text in
            for window in windows { window.setOverlayText(index, to: text) }
        }, stop: stop)
        let web: WallHTTPServer?
        do { web = try await WebControl.start(playback.web, wall: wall, remote: leading, plan: plan, reload: reload, stop: stop) } catch {
            Console.error("\(error)")
            remote?.stop()
            return ExitStatus.startupFailed
        }
        defer { web?.stop() }
        // A follower starts on its leader's timeline, not on its own.
        if case .follow? = playback.role {} else { wall.play() }
        await wall.setABLoop(a: playback.abLoop.a, b: playback.abLoop.b)
        await wall.load(specs)
        regrid(wallWindow, wall)
        let power = ScreenPowerControl.start(plan.layout.power, wall: wall, monitors: { on in
            if case .cannot(let why) = DisplayPower.switchMonitors(on: on) { return why }
            return nil
        }, standsWallBy: playback.role?.isFollower != true, stop: stop)
        defer { withExtendedLifetime(power) {} }
        if case .follow? = playback.role { Task { await WallLink.follow(playback.role, wall: wall, stop: stop) } }
        let screenshot = ScreenshotState()
        let tileScreenshots = TileScreenshots(playback.tileScreenshots)
        let screenshotDirectory = window.screenshotDirectory
        var keyScreenshots: [Task<Void, Never>] = []
        // Held weakly: a window keeping its wall's windows (itself among them) would never go,
        // nor the wall its closure holds, and the pipelines would outlive GStreamer.
        let everyWindow = WindowList(windows)
        for window in windows {
            window.onScreenshots = {
                keyScreenshots.append(Task { @MainActor in await TileScreenshots.saveNumbered(wall, windows: everyWindow.windows, in: screenshotDirectory) })
            }
        }
        // `I` in any window of the wall; the answer shows in the window it was pressed in.
        for window in windows {
            window.onMeasureQuality = { [weak window] in
                window?.showMessage("measuring tile 2 against tile 1...")
                Task { @MainActor in
                    switch await wall.measureQuality() {
                    case .success(let reading):
                        Console.note(reading.summary)
                        window?.showMessage(reading.summary)
                    case .failure(let error):
                        Console.note("quality not measured: \(error.description)")
                        window?.showMessage("quality not measured: \(error.description)")
                    }
                }
            }
        }
        if stop.reason == nil {
            // Loaded (and playing, unless a remote client paused it while it loaded).
            systemd?.wallIsPlaying(tiles: specs.count, until: stop)
            tileScreenshots?.watch(wall, windows: windows, stop: stop)
            await waitForQuit(wall, windows, screenshot: screenshot)
        }

        await screenshot.saving?.value
        await tileScreenshots?.saving?.value
        for saving in keyScreenshots { await saving.value }
        let stoppedAt = wall.position ?? .zero
        var report = WallReport(wall)
        report.followers = leading?.followerReports.map(WallReport.Follower.init)
        report.launchToPictureSeconds = launchToPicture.map { ($0 * 1000).rounded() / 1000 }
        reportState.started = true
        var outputsLost = tileScreenshots?.outputLost(stoppedAt: stoppedAt) ?? false
        if let path = playback.report, !(await SessionEnd.write(report, to: path)) { outputsLost = true }
        await SessionEnd.close(wall)
        GtkRuntime.onDisplayLost = nil
        remote?.stop()
        mpris?.stop()
        inhibitor?.stop()
        windows.forEach { $0.close() }
        await reporter.value
        if let asked = window.screenshot, !screenshot.saved {
            // A failed save said why when it failed; one the wall never got to says so now.
            if !screenshot.failed {
                Console.error("--screenshot-at \(NumberChecks.text(asked.seconds)): no screenshot taken: "
                    + "the wall stopped at \(TimeFormatting.precise(stoppedAt)), before it got there")
            }
            outputsLost = true
        }
        return ExitStatus.forStop(stop.reason, failedTiles: report.failedTiles, totalTiles: report.tiles.count, outputsLost: outputsLost)
    }

    /// The connection to the X server is gone (the server died, or `xkill`): GDK cannot go on,
    /// and this runs inside Xlib's I/O error handler, which must not return. So everything
    /// happens here, at once: the message, the report, the pipelines stopped (bounded), exit.
    private static func displayLost(_ wall: Wall, reportPath: String?, _ state: ReportState) -> Never {
        Console.error("lost the connection to the display; stopping")
        if state.started {
            // The session's report is written, or on its way (counted among the blocking calls).
            _ = BlockingCalls.settleBlocking(timeout: 5)
        } else if let reportPath, let text = try? WallReport(wall).json() {
            let written = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                do { try Console.write(text, to: reportPath) } catch {
                    Console.error("--report \(Console.name(reportPath)): cannot write the report: \(error.localizedDescription)")
                }
                written.signal()
            }
            if written.wait(timeout: .now() + 5) == .timedOut {
                Console.error("--report \(Console.name(reportPath)): cannot write the report: no answer within 5 s")
            }
        }
        ExitWatchdog.arm()
        wall.shutDown()
        _ = BlockingCalls.settleBlocking(timeout: wall.configuration.closeTimeout.inSeconds)
        exit(ExitStatus.displayLost.rawValue)
    }

    /// A grid chosen before the sources were described (`TilePlan.make`) is turned now if
    /// their shapes, on this window, show more picture the other way (portrait sources: 3
    /// columns of 2 rather than 2 of 3 on a wide window). Once, when the wall has loaded: the
    /// regions do not move under a wall that plays, nor when the window is resized later.
    private func regrid(_ wallWindow: WallWindow, _ wall: Wall) {
        let statuses = wall.tiles
        let aspects = plan.tiles.indices.map { index -> Double? in
            guard statuses.indices.contains(index), let size = statuses[index].mediaFormat?.displaySize, size.height > 0 else { return nil }
            return size.width / size.height
        }
        guard let turned = plan.regridded(aspects: aspects, canvasAspect: wallWindow.stageAspect ?? TilePlan.assumedCanvasAspect) else { return }
        wallWindow.rearrange(turned)
    }

    private func waitForQuit(_ wall: Wall, _ windows: [WallWindow], screenshot state: ScreenshotState) async {
        if let screenshot = window.screenshot {
            stop.keep(MainLoop.every(seconds: 0.02) {
                guard (wall.position?.seconds ?? 0) >= screenshot.seconds || wall.transport == .ended else { return true }
                let position = wall.position ?? .zero
                state.saving = Task { @MainActor in
                    do {
                        try await WallWindow.saveScreenshot(of: windows, to: screenshot.path)
                        state.saved = true
                        Console.note("screenshot at \(TimeFormatting.precise(position)) saved to \(Console.name(screenshot.path))")
                    } catch {
                        state.failed = true
                        Console.error("--screenshot-at \(NumberChecks.text(screenshot.seconds)): \(error)")
                    }
                }
                return false  // one screenshot
            })
        }
        _ = await stop.wait(quitAfter: playback.quitAfter) { wall.suspendedTime.inSeconds }
    }

    /// One window, or one per monitor (`--screens`, or the layout's `monitor:`), each
    /// fullscreen on its monitor showing its screen's part of the canvas, without controls.
    private func makeWindows(_ options: WallWindow.Options) throws -> [WallWindow] {
        let assignments = plan.tiles.map { ($0.region, $0.source) }
        guard let monitors = window.monitors, !monitors.isEmpty else {
            return [try WallWindow(layout: plan.layout, assignments: assignments, labels: labels, options: options)]
        }
        var windows: [WallWindow] = []
        for (screen, monitor) in monitors {
            var perMonitor = options
            perMonitor.title = "VideoWall: \(screen.name)"
            perMonitor.screen = screen
            perMonitor.monitor = monitor
            perMonitor.turn = ScreenTurn(degrees: screen.rotation) ?? .none
            perMonitor.fullscreen = true
            perMonitor.showsControls = false
            // Unattended, a screen whose TV is off or unplugged waits for it.
            perMonitor.waitsForMonitor = window.kiosk
            windows.append(try WallWindow(layout: plan.layout, assignments: assignments, labels: labels, options: perMonitor))
        }
        return windows
    }
}

/// What became of the screenshot asked for.
@MainActor
private final class ScreenshotState {
    /// The file being written, off the main thread; the session waits for it before it ends.
    var saving: Task<Void, Never>?
    var saved = false
    var failed = false
}

/// Whether the session has taken its report (then a lost display must not write another).
@MainActor
final class ReportState {
    var started = false
}

/// A wall's windows held weakly, for what a window keeps (its key handlers) that needs them all.
@MainActor
private final class WindowList {
    private let references: [Weak]
    private final class Weak {
        weak var window: WallWindow?
        init(_ window: WallWindow) { self.window = window }
    }

    init(_ windows: [WallWindow]) { references = windows.map(Weak.init) }

    /// Those still open.
    var windows: [WallWindow] { references.compactMap(\.window) }
}
