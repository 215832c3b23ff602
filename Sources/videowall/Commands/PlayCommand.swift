import ArgumentParser
import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallWindow

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play one to four paths or URIs in sync (the default command).")

    @OptionGroup var playback: PlaybackOptions
    @OptionGroup(title: "Window") var window: WindowOptions

    @Argument(help: "Paths or URIs (file, http, https, HLS), one per tile.")
    var media: [String] = []

    mutating func validate() throws {
        // `--screenshot-at SECONDS PATH` takes two values, but the parser gives it every word up
        // to the next option: what follows the two belongs to the media list.
        if window.screenshotAt.count > 2 {
            media = Array(window.screenshotAt.dropFirst(2)) + media
            window.screenshotAt = Array(window.screenshotAt.prefix(2))
        }
        try window.validateScreenshot()
        if media.isEmpty { throw ValidationError("give one to \(playback.maxTiles) paths or URIs to play") }
        try playback.validate()
    }

    func run() throws {
        // First of all: a stop signal from now on stops the wall cleanly, with its report.
        let signals = MainActor.assumeIsolated { StopSignals.install() }
        do { try GStreamer.initialize() } catch {
            Console.error("GStreamer could not start: \(error)")
            throw ExitStatus.startupFailed
        }
        let sources = media, options = playback.settings, windowOptions = window.settings, headless = playback.headless
        let status = try MainActor.assumeIsolated {
            let windowed = !headless && GtkRuntime.start()
            if !headless && !windowed { Console.note("no display: playing headless") }
            return try MainLoop.runUntilComplete {
                let stop = SessionStop(signals: signals)
                return windowed ? await WindowSession(sources: sources, playback: options, window: windowOptions, stop: stop).run()
                    : await HeadlessSession(sources: sources, options: options, stop: stop).run()
            }
        }
        SessionEnd.deinitializeGStreamer()
        throw status
    }
}

/// Options shared by every command that plays a wall.
struct PlaybackOptions: ParsableArguments {
    @Flag(name: .long, help: "Render without a window (into synced fakesinks); at exit, print a summary per tile on standard error.")
    var headless = false

    @Option(name: .long, help: ArgumentHelp("Stop after this many seconds of playback.", valueName: "seconds"))
    var quitAfter: Double?

    @Flag(name: .long, help: "Loop the wall: every tile wraps together at the end of the longest.")
    var loop = false

    @Flag(name: .long, help: "Mute every tile.")
    var mute = false

    @Option(name: .long, help: ArgumentHelp("Write a JSON report at exit ('-' for standard output).", valueName: "path"))
    var report: String?

    @Option(name: .long, help: "The most tiles a wall holds.")
    var maxTiles = 4

    func validate() throws {
        if let quitAfter, quitAfter <= 0 { throw ValidationError("--quit-after must be more than 0 seconds") }
        if maxTiles < 1 { throw ValidationError("--max-tiles must be at least 1") }
    }

    var settings: PlaybackSettings {
        PlaybackSettings(quitAfter: quitAfter, loop: loop, mute: mute, report: report, maxTiles: maxTiles)
    }
}

/// What a session plays by: the parsed options as a plain value (parsable types cannot be
/// made by hand, the demo makes its own).
struct PlaybackSettings {
    var quitAfter: Double?
    var loop = false
    var mute = false
    var report: String?
    var maxTiles = 4

    var coordinatorConfiguration: CoordinatorConfiguration {
        var configuration = CoordinatorConfiguration()
        configuration.maximumTiles = maxTiles
        configuration.groupLoop = loop
        return configuration
    }
}
