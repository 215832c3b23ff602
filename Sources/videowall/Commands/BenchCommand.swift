import ArgumentParser
import Foundation
import GStreamerKit
import VideoWallBench
import VideoWallCore
import VideoWallEngine

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure sync, loop gap, seeks, start-up and cost against bare GStreamer baselines.",
        discussion: "Generates frame-coded clips (cached), then measures. BENCHMARKS.md explains every figure.")

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Option(name: .long, help: "Tiles for the sync, seek, start and on-screen measurements.")
    var tiles = 4

    @Option(name: .long, help: ArgumentHelp("Clip size for those measurements, WIDTHxHEIGHT.", valueName: "size"))
    var size = "854x480"

    @Option(name: .long, help: "Frames per second of the clips.")
    var fps = 30

    @Option(name: .long, help: ArgumentHelp("Length of the clips.", valueName: "seconds"))
    var seconds = 8

    @Option(name: .long, help: ArgumentHelp("Seconds between key frames.", valueName: "seconds"))
    var keyFrameInterval = 1

    @Option(name: .long, help: "Codec of the clips: h264 or vp9.")
    var codec = "h264"

    @Option(name: .long, help: ArgumentHelp("Clip size of the cost sweep, WIDTHxHEIGHT.", valueName: "size"))
    var costSize = "1920x1080"

    @Option(name: .long, help: ArgumentHelp("Seconds each cost run plays.", valueName: "seconds"))
    var costSeconds = 6.0

    @Option(name: .long, help: "Largest tile count of the cost sweep (1 up to this).")
    var costTiles = 4

    @Option(name: .long, help: ArgumentHelp("Seconds of the soak run (a short clip looping on 2 tiles).", valueName: "seconds"))
    var soakSeconds = 60.0

    @Flag(name: .long, help: "A small, fast run (tiny clips, short phases): checks that everything runs.")
    var quick = false

    @Option(name: .long, help: ArgumentHelp("Where generated clips are kept.", valueName: "directory"))
    var cache = DemoCommand.defaultCache.replacingOccurrences(of: "/demo", with: "/bench")

    func validate() throws {
        guard (1...4).contains(tiles) else { throw ValidationError("--tiles must be 1 to 4") }
        guard (1...4).contains(costTiles) else { throw ValidationError("--cost-tiles must be 1 to 4") }
        guard Self.parseSize(size) != nil, Self.parseSize(costSize) != nil else { throw ValidationError("sizes are written WIDTHxHEIGHT, e.g. 1280x720") }
        guard ClipSpec.Codec(rawValue: codec) == .h264 || ClipSpec.Codec(rawValue: codec) == .vp9 else { throw ValidationError("--codec must be h264 or vp9") }
        guard seconds >= 2, fps >= 1, keyFrameInterval >= 1, costSeconds > 0, soakSeconds >= 2 else { throw ValidationError("durations and rates must be positive (clips at least 2 s)") }
    }

    static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 64, parts[1] >= 64 else { return nil }
        return (parts[0], parts[1])
    }

    var options: BenchOptions {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        if quick { return .quick(clipDirectory: cache, executable: executable) }
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
        return options
    }

    func run() throws {
        do { try GStreamer.initialize() } catch {
            Console.error("GStreamer could not start: \(error)")
            throw ExitStatus.startupFailed
        }
        let options = self.options, json = self.json
        let outcome: Result<BenchReport, BenchFailure> = try MainActor.assumeIsolated {
            try MainLoop.runUntilComplete {
                do {
                    return .success(try await BenchRunner(options: options) { Console.note($0) }.run())
                } catch {
                    return .failure(BenchFailure(message: "\(error)"))
                }
            }
        }
        GStreamer.deinitialize()
        switch outcome {
        case .success(let report):
            try Console.write(json ? try report.json() : BenchText.render(report), to: "-")
        case .failure(let failure):
            Console.error("bench: \(failure.message)")
            throw ExitStatus.noTilePlayed
        }
    }
}

struct BenchFailure: Error {
    var message: String
}
