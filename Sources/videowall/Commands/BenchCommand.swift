import ArgumentParser
import Foundation
import GLibMainLoop
import GStreamerKit
import VideoWallBench
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine
import VideoWallFixtures

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure sync, loop gap, seeks, start-up and cost against bare GStreamer baselines.",
        discussion: "Generates frame-coded clips (cached), then measures. BENCHMARKS.md explains every figure.")

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Option(name: .long, help: "Tiles for the sync, seek, start and on-screen measurements (1 to 4).")
    var tiles = 4

    @Option(name: .long, help: ArgumentHelp("Clip size for those measurements, WIDTHxHEIGHT (each 64 to 7680).", valueName: "size"))
    var size = "854x480"

    @Option(name: .long, help: "Frames per second of the clips (1 to 240).")
    var fps = 30

    @Option(name: .long, help: ArgumentHelp("Length of the clips (2 to 3600).", valueName: "seconds"))
    var seconds = 8

    @Option(name: .long, help: ArgumentHelp("Seconds between key frames (1 to 60).", valueName: "seconds"))
    var keyFrameInterval = 1

    @Option(name: .long, help: "Codec of the clips: h264 or vp9.")
    var codec = "h264"

    @Option(name: .long, help: ArgumentHelp("Clip size of the cost sweep, WIDTHxHEIGHT (each 64 to 7680).", valueName: "size"))
    var costSize = "1920x1080"

    @Option(name: .long, help: ArgumentHelp("Seconds each cost run plays (more than 0, at most 3600).", valueName: "seconds"))
    var costSeconds = 6.0

    @Option(name: .long, help: "Largest tile count of the cost sweep (1 up to this, at most 4).")
    var costTiles = 4

    @Option(name: .long, help: ArgumentHelp("Seconds of the soak run, a short clip looping on 2 tiles (2 to 604800: a week).", valueName: "seconds"))
    var soakSeconds = 60.0

    @Flag(name: .long, help: "A small, fast run (tiny clips, short phases): checks that everything runs.")
    var quick = false

    @Flag(name: .long, help: "Only the fault run: a network tile whose server stops, comes back and hangs, beside a local tile, while a client floods the remote-control socket.")
    var faults = false

    @Option(name: .long, help: ArgumentHelp("Only the playlist soak, for this many seconds (10 to 604800): four tiles on a folder of short clips and a still, with resident memory, threads and open files sampled.", valueName: "seconds"))
    var playlistSoak: Double?

    @Flag(name: .long, help: "With --playlist-soak: the folder also holds a clip with sound (AAC), so the tiles play sound and every item is a copy with sound.")
    var withSound = false

    @Option(name: .long, help: ArgumentHelp("Only the wall across machines: videowall lead and this many videowall follow (1 to 8) as processes, through relays that give LAN, Wi-Fi-like and poor links, their render logs compared.", valueName: "followers"))
    var wall: Int?

    @Option(name: .long, help: ArgumentHelp("With --wall: one steady run on a LAN link for this many seconds (60 to 604800), the spread minute by minute (drift), instead of the three links.", valueName: "seconds"))
    var wallSeconds: Double?

    @Option(name: .long, help: ArgumentHelp("With --wall: keep each run's render logs and its processes' output in a folder of its own in this one (made if missing), instead of deleting them.", valueName: "directory"))
    var keepLogs: String?

    @Option(name: .long, help: ArgumentHelp("Only the real-media corpus in this folder (scripts/realmedia.sh fetches it into ~/.cache/videowall/realmedia): every file whole in bare playbin, alone in a wall and in walls of four, frames compared.", valueName: "directory"))
    var corpus: String?

    @Option(name: .long, help: ArgumentHelp("Only launch to every tile on screen and the X server's share, videowall against mpv (xstack, and four mpv) and four gst-launch-1.0, read from screen captures outside every process: this many runs of each, alternating (1 to 20).", valueName: "runs"))
    var firstPicture: Int?

    @Flag(name: .long, help: "Only the capacity table: 1, 4, 9 and 16 tiles of 360p, 720p and 1080p30 footage, headless, with --hwdec no and auto: frames shown and dropped, CPU per tile, decoder, start-up.")
    var capacity = false

    @Option(name: .long, help: ArgumentHelp("Where generated clips are kept.", valueName: "directory"))
    var cache = DemoCommand.defaultCache.replacingOccurrences(of: "/demo", with: "/bench")

    /// Each side of a clip: a thumbnail to 8K.
    static let sides = 64...7680

    func validate() throws {
        try NumberChecks.whole(tiles, option: "--tiles", in: 1...4)
        try NumberChecks.whole(costTiles, option: "--cost-tiles", in: 1...4)
        for (option, text) in [("--size", size), ("--cost-size", costSize)] where Self.parseSize(text) == nil {
            throw ValidationError("\(option) is written WIDTHxHEIGHT with each side from \(Self.sides.lowerBound) to \(Self.sides.upperBound), "
                + "e.g. 1280x720, got \(TerminalText.quoted(text))")
        }
        guard ClipSpec.Codec(rawValue: codec) == .h264 || ClipSpec.Codec(rawValue: codec) == .vp9 else { throw ValidationError("--codec must be h264 or vp9") }
        try NumberChecks.whole(fps, option: "--fps", in: 1...240)
        try NumberChecks.whole(seconds, option: "--seconds", in: 2...3600)
        try NumberChecks.whole(keyFrameInterval, option: "--key-frame-interval", in: 1...60)
        try NumberChecks.seconds(costSeconds, option: "--cost-seconds", maximum: 3600)
        try NumberChecks.seconds(soakSeconds, option: "--soak-seconds", allowsZero: true, minimum: 2, maximum: 7 * 24 * 3600)
        if let wall { try NumberChecks.whole(wall, option: "--wall", in: 1...8) }
        if let wallSeconds {
            try NumberChecks.seconds(wallSeconds, option: "--wall-seconds", allowsZero: true, minimum: 60, maximum: 7 * 24 * 3600)
            if wall == nil { throw ValidationError("--wall-seconds goes with --wall N") }
        }
        if let keepLogs {
            if wall == nil { throw ValidationError("--keep-logs goes with --wall N") }
            try Self.checkFolderPath(keepLogs, option: "--keep-logs")
        }
        if let corpus {
            try Self.checkFolderPath(corpus, option: "--corpus")
            try OutputPaths.checkFolder(corpus, option: "--corpus")
        }
        if let firstPicture { try NumberChecks.whole(firstPicture, option: "--first-picture", in: 1...20) }
        if let playlistSoak { try NumberChecks.seconds(playlistSoak, option: "--playlist-soak", allowsZero: true, minimum: 10, maximum: 7 * 24 * 3600) }
    }

    /// A folder's path as given: 1 to 4096 bytes, no NUL.
    static func checkFolderPath(_ text: String, option: String) throws {
        guard !text.isEmpty, text.utf8.count <= 4096, !text.contains("\0") else {
            throw ValidationError("\(option) takes a folder's path (1 to 4096 bytes), got \(TerminalText.quoted(text))")
        }
    }

    static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], sides.contains(width), sides.contains(height) else { return nil }
        return (width, height)
    }

    var options: BenchOptions {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        if quick {
            var options = BenchOptions.quick(clipDirectory: cache, executable: executable)
            options.keptLogs = keepLogs
            return options
        }
        var options = BenchOptions(clipDirectory: cache, executable: executable)
        options.tiles = tiles
        (options.width, options.height) = Self.parseSize(size)!
        options.frameRate = fps
        options.seconds = seconds
        options.keyFrameInterval = keyFrameInterval
        options.codec = ClipSpec.Codec(rawValue: codec)!
        (options.costWidth, options.costHeight) = Self.parseSize(costSize)!
        options.costSeconds = costSeconds
        options.costTiles = Array(1...costTiles)
        options.soakSeconds = soakSeconds
        options.keptLogs = keepLogs
        return options
    }

    func run() throws {
        do { try GStreamer.initialize() } catch {
            Console.error("GStreamer could not start: \(error)")
            throw ExitStatus.startupFailed
        }
        let options = self.options
        if let wall, let wallSeconds {
            try measure({ try await $0.runWallDrift(followers: wall, seconds: wallSeconds) }, options: options, render: { try $0.json() }, text: BenchText.render)
        } else if let wall {
            try measure({ try await $0.runWall(followers: wall) }, options: options, render: { try $0.json() }, text: BenchText.render)
        } else if let playlistSoak {
            try measure({ try await $0.runPlaylistSoak(seconds: playlistSoak, withSound: withSound) }, options: options, render: { try $0.json() }, text: BenchText.render)
        } else if let corpus {
            try measure({ try await $0.runCorpus(directory: corpus) }, options: options, render: { try $0.json() }, text: BenchText.render)
        } else if capacity {
            try measure({ try await $0.runCapacity() }, options: options, render: { try $0.json() }, text: BenchText.render)
        } else if let firstPicture {
            try measure({ try await $0.runFirstPicture(runs: firstPicture) }, options: options, render: { try $0.json() }, text: BenchText.render)
        } else if faults {
            try measure({ try await $0.runFaults() }, options: options, render: { try $0.json() }, text: BenchText.render)
        } else {
            try measure({ try await $0.run() }, options: options, render: { try $0.json() }, text: BenchText.render)
        }
    }

    /// Runs one measurement on the main loop and prints its report (JSON with `--json`).
    private func measure<Report: Sendable>(_ body: @escaping @MainActor (BenchRunner) async throws -> Report, options: BenchOptions,
                                           render json: (Report) throws -> String, text: (Report) -> String) throws {
        let outcome: Result<Report, BenchFailure> = try MainActor.assumeIsolated {
            try MainLoop.runUntilComplete {
                do {
                    return .success(try await body(BenchRunner(options: options) { Console.note($0) }))
                } catch {
                    return .failure(BenchFailure(message: "\(error)"))
                }
            }
        }
        GStreamer.deinitialize()
        switch outcome {
        case .success(let report):
            do { try Console.write(self.json ? try json(report) : text(report), to: "-") } catch {
                Console.error("cannot write the bench report: \(error.localizedDescription)")
                throw ExitStatus.outputLost
            }
        case .failure(let failure):
            Console.error("bench: \(failure.message)")
            throw ExitStatus.noTilePlayed
        }
    }
}

struct BenchFailure: Error {
    var message: String
}
