import ArgumentParser
import Foundation
import GLibMainLoop
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures
import VideoWallWindow

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Generate four clips of different shapes (cached) and play them as a looping 2x2 wall.",
        usage: """
            videowall demo [--headless] [--quit-after <seconds>] [--cache <directory>] [--layout <name|path>] [--fullscreen] \
            [--kiosk] [--monitor <n>] [--display-wait <seconds>] [--screenshot-at <seconds> <path>]
            """,
        discussion: "Without any display variable (DISPLAY, WAYLAND_DISPLAY), or with --headless, it plays headless for --quit-after seconds (default 5) and prints the report.")

    @Flag(name: .long, help: "Play without a window and print the report.")
    var headless = false

    @Option(name: .long, help: ArgumentHelp("Stop after this many seconds (more than 0, at most 2592000: 30 days).", valueName: "seconds"))
    var quitAfter: Double?

    @Option(name: .long, help: ArgumentHelp("Where generated clips are kept.", valueName: "directory"))
    var cache: String = DemoCommand.defaultCache

    @OptionGroup(title: "Window") var window: WindowOptions

    static var defaultCache: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        return base + "/videowall/demo"
    }

    /// Four shapes a wall must fit: wide, tall, square, and non-square pixels. Each tile is
    /// labelled with its shape, which is what the demo shows, not with its cache file's name.
    static let clips: [(label: String, spec: ClipSpec)] = [
        ("16:9", ClipSpec(width: 640, height: 360, frames: 300, pattern: "smpte", caption: "16:9")),
        // Rings that move across the whole picture: the "ball" pattern left the tall tile a
        // black box with a dot in it, which looked like a tile that failed.
        ("9:16", ClipSpec(width: 360, height: 640, frames: 300, pattern: "chroma-zone-plate",
                          patternProperties: ["kx2": 8, "ky2": 8, "kt": 4], caption: "9:16")),
        ("1:1", ClipSpec(width: 480, height: 480, frames: 300, pattern: "colors", caption: "1:1")),
        ("PAL 16:15", ClipSpec(width: 720, height: 576, frames: 300, pixelAspect: (16, 15), pattern: "pinwheel", caption: "PAL 16:15 pixels")),
    ]

    func validate() throws {
        if let quitAfter { try NumberChecks.seconds(quitAfter, option: "--quit-after") }
        try window.validate(headless: headless, quitAfter: quitAfter)
        if window.compare != nil { throw ValidationError("--compare shows two of your own sources in one picture: give them to 'videowall play'") }
    }

    func run() throws {
        // First of all: a stop signal from now on stops the wall cleanly, with its report.
        let signals = MainActor.assumeIsolated { StopSignals.install() }
        let cache = self.cache, headless = self.headless, quitAfter = self.quitAfter, windowOptions = window.settings
        // The layout is checked before anything starts (the clips stand in for their files:
        // only their number matters to the check).
        _ = try MainActor.assumeIsolated {
            try TilePlan.checked(sources: Self.clips.map(\.label), layoutName: windowOptions.layout, maxTiles: Self.clips.count, signals: signals)
        }
        do { try GStreamer.initialize() } catch {
            Console.error("GStreamer could not start: \(error)")
            throw ExitStatus.startupFailed
        }
        let status = try MainActor.assumeIsolated {
            let windowed: Bool
            do {
                windowed = try DisplayOpening.open(headless: headless, window: windowOptions, signals: signals, systemd: nil,
                                                   headlessNote: "no display: playing the demo headless")
            } catch let status as ExitCode { return status }
            return try MainLoop.runUntilComplete { () async -> ExitCode in
                let stop = SessionStop(signals: signals)
                var paths: [String] = []
                var labels: [String: String] = [:]
                do {
                    for clip in Self.clips {
                        let path = try await ClipGenerator.cached(clip.spec, in: cache)
                        paths.append(path)
                        labels[path] = clip.label
                    }
                } catch {
                    Console.error("\(Console.name(cache)): cannot generate the demo clips: \(error)")
                    return ExitStatus.startupFailed
                }
                var playback = PlaybackSettings()
                playback.loop = true
                playback.mute = true
                playback.quitAfter = quitAfter ?? (windowed ? nil : 5)
                let plan: TilePlan?
                do {
                    let layoutName = windowOptions.layout ?? (windowed ? "grid-2x2" : nil)
                    plan = try layoutName.map { try TilePlan.make(sources: paths, layoutName: $0, maxTiles: paths.count) }
                } catch {
                    Console.error("\(error)")
                    return ExitStatus.usage
                }
                if windowed, let plan {
                    return await WindowSession(plan: plan, playback: playback, window: windowOptions, labels: labels, stop: stop).run()
                }
                playback.report = "-"
                return await HeadlessSession(sources: paths, plan: plan, options: playback, stop: stop).run()
            }
        }
        SessionEnd.deinitializeGStreamer()
        throw status
    }
}
