import ArgumentParser
import Foundation
import GLibMainLoop
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallProtocol
import VideoWallWindow

struct PlayCommand: ParsableCommand {
    // The usage is written out: the generated one showed `--screenshot-at <seconds path> ...`,
    // as if the option could be repeated (the parser appends every occurrence to one list).
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play one to four paths or URIs in sync (the default command).",
        usage: """
            videowall [play] [--headless] [--quit-after <seconds>] [--loop] [--mute] [--report <path>] [--max-tiles <n>] \
            [--retry <no|inf|n>] [--offset <n=time> ...] [--ab-loop-a <seconds>] [--ab-loop-b <seconds>] [--tile-screenshots-at <seconds> <dir>] [--input-ipc-server <path>] \
            [--layout <name|path>] [--compare <wipe|flip|diff>] [--fullscreen] [--kiosk] [--monitor <n>] [--display-wait <seconds>] [--screenshot-at <seconds> <path>] <media> ...
            """)

    @OptionGroup var playback: PlaybackOptions
    @OptionGroup(title: "Window") var window: WindowOptions
    @OptionGroup(title: "Web control page") var web: WebOptions

    @Argument(help: "Paths or URIs (file, http, https, HLS), folders or playlist files, one per tile (none when the --layout names every source).")
    var media: [String] = []

    mutating func validate() throws {
        media = window.takeWordsPastScreenshot() + media
        if playback.tileScreenshotsAt.count > 2 {
            media = Array(playback.tileScreenshotsAt.dropFirst(2)) + media
            playback.tileScreenshotsAt = Array(playback.tileScreenshotsAt.prefix(2))
        }
        try playback.validate()
        try playback.validateTileScreenshots()
        try window.validate(headless: playback.headless, quitAfter: playback.quitAfter)
        if media.isEmpty, window.layout == nil { throw ValidationError("give one to \(playback.maxTiles) paths or URIs to play") }
        try window.validateCompare(mediaCount: media.count)
        try web.check(tokenElsewhere: false)
        // Without a layout every tile is a source given here (a layout may name more).
        if window.layout == nil, let beyond = playback.offset.compactMap(TileOffsetAssignment.init(parsing:)).first(where: { $0.tile > media.count }) {
            throw ValidationError("--offset names tile \(beyond.tile), but there are \(media.count) sources")
        }
    }

    func run() throws {
        try Self.play(media, playback: playback, window: window, web: try web.settings())
    }

    /// The screens a follower shows, as it names them in its reports: "left, right", at most
    /// `FollowerReport.longestName` bytes (cut at a name, "..." saying more were left out).
    static func screenList(_ names: [String]) -> String {
        var list = ""
        for (index, name) in names.enumerated() {
            let next = (list.isEmpty ? "" : list + ", ") + name
            let more = index < names.count - 1 ? 5 : 0
            guard next.utf8.count + more <= FollowerReport.longestName else { return list + ", ..." }
            list = next
        }
        return list
    }

    /// Plays `media` as `play` does; `role`: as a leader or a follower of a wall across
    /// machines (`lead`, `follow`), `received` the plan a follower was given by its leader,
    /// `screen` the screen of the layout's canvas the window shows.
    static func play(_ media: [String], playback: PlaybackOptions, window: WindowOptions, role: WallRole? = nil,
                     received: TilePlan? = nil, screen: String? = nil, web: WebSettings? = nil) throws {
        // First of all: a stop signal from now on stops the wall cleanly, with its report.
        let signals = MainActor.assumeIsolated { StopSignals.install() }
        // Before GStreamer starts, so a refused NOTIFY_SOCKET is said first thing.
        let systemd = MainActor.assumeIsolated { SystemdNotifier.fromEnvironment() }
        let sources = media, headless = playback.headless
        var windowOptions = { var settings = window.settings; settings.screen = screen; return settings }()
        let reloads = received != nil ? nil : windowOptions.layout.map { LayoutReload.Source(layoutName: $0, sources: media, maxTiles: playback.maxTiles) }
        var options = playback.settings
        options.role = role
        options.web = web
        // A layout is checked before GStreamer or the display starts, headless too: a broken
        // one plays nothing and exits 64, in CI as on a screen.
        let chosen = try received ?? MainActor.assumeIsolated {
            try TilePlan.checked(sources: sources, layoutName: windowOptions.layout, maxTiles: options.maxTiles, signals: signals)
        }
        if let screen {
            do throws(LayoutError) {
                guard let chosen else { throw TilePlan.noCanvas(forScreen: screen, layout: "--screen") }
                _ = try chosen.screen(named: screen)
            } catch {
                Console.error(error.description)
                throw ExitStatus.usage
            }
        }
        do throws(MonitorAssignment.Problem) { try windowOptions.resolveMonitors(for: chosen, headless: headless) } catch {
            Console.error(error.description)
            throw ExitStatus.usage
        }
        // A follower showing several screens on its monitors names them all to its leader.
        if case .follow(let host, let port, let clockPort, let wall, nil, let key, let mediaRoot)? = options.role, let monitors = windowOptions.monitors {
            options.role = .follow(host: host, controlPort: port, clockPort: clockPort, wall: wall,
                                   screen: Self.screenList(monitors.map(\.screen.name)), key: key, mediaRoot: mediaRoot)
        }
        do { try GStreamer.initialize() } catch {
            Console.error("GStreamer could not start: \(error)")
            throw ExitStatus.startupFailed
        }
        let decoders = options.hardwareDecoding.apply()
        if options.hardwareDecoding != .auto || !decoders.isEmpty {
            Console.note("--hwdec=\(options.hardwareDecoding.rawValue): " + (decoders.isEmpty ? "no hardware video decoder here; software decoding" : decoders.joined(separator: ", ")))
        }
        let status = try MainActor.assumeIsolated { () throws -> ExitCode in
            // A run that asks for a screen gets one or fails (status 3); never headless unasked.
            let windowed: Bool
            do {
                windowed = try DisplayOpening.open(headless: headless, window: windowOptions, signals: signals, systemd: systemd,
                                                   headlessNote: "no display: playing headless")
            } catch let status as ExitCode { return status }
            guard windowed else {
                // Of --kiosk, only its looping applies without a window.
                if windowOptions.kiosk {
                    options.loop = true
                    options.retry = options.retry ?? .forever
                }
                let settings = options
                return try MainLoop.runUntilComplete {
                    await HeadlessSession(sources: sources, plan: chosen, options: settings, stop: SessionStop(signals: signals),
                                          reloads: reloads, systemd: systemd).run()
                }
            }
            let compared = windowOptions.compare.map { _ in TilePlan.comparing(sources) }
            guard let plan = chosen ?? compared ?? TilePlan.builtIn(sources: sources, maxTiles: options.maxTiles) else { return ExitStatus.usage }
            let settings = options
            return try MainLoop.runUntilComplete {
                await WindowSession(plan: plan, playback: settings, window: windowOptions, stop: SessionStop(signals: signals),
                                    reloads: reloads, systemd: systemd).run()
            }
        }
        SessionEnd.deinitializeGStreamer()
        throw status
    }
}
