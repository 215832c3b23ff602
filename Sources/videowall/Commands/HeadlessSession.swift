import ArgumentParser
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallDBus
import VideoWallEngine
import VideoWallHTTP
import VideoWallRemote

/// A wall rendered into synced fakesinks: plays until `--quit-after`, the end, or a stop
/// signal (at any moment, loading included), prints errors as they happen, and at exit a
/// summary per tile on standard error (standard output stays free for `--report -`) and the
/// report if asked for.
@MainActor
struct HeadlessSession {
    var sources: [String]
    /// With `--layout`, the tiles and their regions' options (loop, mute, volume, the region's
    /// own sources); without, each source is a tile as given.
    var plan: TilePlan?
    var options: PlaybackSettings
    var stop: SessionStop
    /// With `--layout`: SIGHUP reads it again (`LayoutReload`) instead of stopping.
    var reloads: LayoutReload.Source? = nil
    /// Told when the wall plays and stops, under systemd (`$NOTIFY_SOCKET`).
    var systemd: SystemdNotifier?

    func run() async -> ExitCode {
        let wall: Wall
        do { wall = try Wall(configuration: options.wallConfiguration(tiles: plan?.tiles.count ?? 0, layout: plan?.layout)) } catch {
            Console.error("GStreamer could not start: \(error)")
            return ExitStatus.startupFailed
        }
        // --loop is the group loop (the wall's configuration): every tile wraps together.
        let specs = options.applyingTileOptions(to: plan?.specs(mute: options.mute) ?? sources.map { TileSpec(source: $0, muted: options.mute) })
        let remote: WallRemote?
        do { remote = try await RemoteControl.start(options.ipcServer, wall: wall, stop: stop) } catch {
            Console.error(error.description)
            return ExitStatus.startupFailed
        }
        let mpris = MediaPlayerControl.start(options.mpris, wall: wall, stop: stop)
        let reporter = TileProblems.report(from: wall)
        let reload = LayoutReload.arm(reloads, plan: plan, wall: wall, stop: stop)
        defer { withExtendedLifetime(reload) {} }
        stop.whenStopping { wall.stopLoading() }
        // Asked for before loading, so the wall plays the moment it is loaded, unless a remote
        // client paused it meanwhile.
        let leading: WallRemote?
        do { leading = try await WallLink.startLeading(options.role, wall: wall, plan: plan, stop: stop) } catch {
            Console.error(error.description)
            remote?.stop()
            return ExitStatus.startupFailed
        }
        defer { leading?.stop() }
        // A playlist read anew is told to the followers (`wall-layout`).
        reload?.onShared = { [weak leading] in leading?.sharedLayout = $0 }
        let web: WallHTTPServer?
        do { web = try await WebControl.start(options.web, wall: wall, remote: leading, plan: plan, reload: reload, stop: stop) } catch {
            Console.error("\(error)")
            remote?.stop()
            return ExitStatus.startupFailed
        }
        defer { web?.stop() }
        // A follower starts on its leader's timeline, not on its own.
        if case .follow? = options.role {} else { wall.play() }
        await wall.setABLoop(a: options.abLoop.a, b: options.abLoop.b)
        await wall.load(specs)
        let power = ScreenPowerControl.start(plan?.layout.power, wall: wall, monitors: nil, standsWallBy: options.role?.isFollower != true, stop: stop)
        defer { withExtendedLifetime(power) {} }
        if case .follow? = options.role { Task { await WallLink.follow(options.role, wall: wall, stop: stop) } }
        let tileScreenshots = TileScreenshots(options.tileScreenshots)
        // A tile still loading counts: it joins the wall when it is ready.
        if stop.reason == nil, wall.players.contains(where: \.isActive) {
            // Loaded (and playing, unless a remote client paused it while it loaded).
            systemd?.wallIsPlaying(tiles: specs.count, until: stop)
            tileScreenshots?.watch(wall, windows: [], stop: stop)
            stop.keep(MainLoop.every(seconds: 0.1) { [stop] in
                if wall.transport == .ended, tileScreenshots?.isPending != true { stop.stop(.wallEnded); return false }
                return true
            })
            _ = await stop.wait(quitAfter: options.quitAfter) { wall.suspendedTime.inSeconds }
        }
        await tileScreenshots?.saving?.value
        let stoppedAt = wall.position ?? .zero
        let screenshotsLost = tileScreenshots?.outputLost(stoppedAt: stoppedAt) ?? false
        let status = await finish(wall, followers: leading?.followerReports, reporter: reporter, outputsLost: screenshotsLost)
        remote?.stop()
        mpris?.stop()
        return status
    }

    /// `followers`: a leader's, as they last reported.
    private func finish(_ wall: Wall, followers: [WallRemote.Follower]?, reporter: Task<Void, Never>, outputsLost: Bool) async -> ExitCode {
        // Errors still queued for the printer come out before the summary.
        await MainLoop.sleep(seconds: 0)
        var report = WallReport(wall)
        report.followers = followers?.map(WallReport.Follower.init)
        for line in RunSummary.lines(for: report) { Console.summary(line) }
        var lost = outputsLost
        if let path = options.report, !(await SessionEnd.write(report, to: path)) { lost = true }
        await SessionEnd.close(wall)
        await reporter.value
        return ExitStatus.forStop(stop.reason, failedTiles: report.failedTiles, totalTiles: report.tiles.count, outputsLost: lost)
    }
}
