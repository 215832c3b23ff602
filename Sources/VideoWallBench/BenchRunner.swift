import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures
import VideoWallWindow

/// Runs every measurement and gathers the report. Progress goes to `log` (standard error).
@MainActor
package struct BenchRunner {
    package var options: BenchOptions
    package var log: (String) -> Void

    package init(options: BenchOptions, log: @escaping (String) -> Void) {
        self.options = options
        self.log = log
    }

    /// Clips for the cost runs. Frame-coded clips are mostly flat and decode far cheaper than
    /// real footage; noise at a camera-like bit rate (8 Mbit/s at 1080p) decodes like it.
    static func footage(width: Int, height: Int, options: BenchOptions) -> ClipSpec {
        ClipSpec(width: width, height: height, frameRate: options.frameRate,
                 frames: Int(options.costSeconds * 2) * options.frameRate, codec: options.codec,
                 pattern: "snow", keyFrameInterval: 2 * options.frameRate,
                 bitrate: footageBitrate(width: width), preset: "veryfast")
    }

    static func footageBitrate(width: Int) -> Int { max(500, 8000 * width / 1920) }

    /// The playlist soak alone (`videowall bench --playlist-soak SECONDS`).
    package func runPlaylistSoak(seconds: Double, withSound: Bool = false) async throws -> BenchReport.PlaylistSoak {
        log("playlist soak: 4 tiles on a folder of 3 frame-coded clips\(withSound ? ", a clip with sound" : "") and a still, \(Int(seconds)) s, "
            + "memory, threads and descriptors sampled")
        return try await PlaylistSoakBench(options: options, seconds: seconds, withSound: withSound).measure()
    }

    /// The wall across machines, on this machine (`videowall bench --wall N`).
    package func runWall(followers: Int) async throws -> BenchReport.Walls {
        var runs: [BenchReport.WallRun] = []
        for profile in [LinkProfile.lan, .wifi, .poor] {
            log("wall: videowall lead and \(followers) videowall follow, links \(profile.name), \(Int(WallBench.seconds)) s, a pause, a seek, a loop wrap, a speed change and a leader restart, render logs compared")
            runs.append(try await WallBench(options: options, followers: followers).measure(over: profile))
        }
        return BenchReport.Walls(runs: runs)
    }

    /// A long steady wall across machines, LAN link (`videowall bench --wall N --wall-seconds S`).
    package func runWallDrift(followers: Int, seconds: Double) async throws -> BenchReport.WallDrift {
        log("wall drift: videowall lead and \(followers) videowall follow, LAN link, \(Int(seconds)) s of steady play, the spread minute by minute")
        return try await WallBench(options: options, followers: followers).measureDrift(seconds: seconds)
    }

    /// The real-media corpus against bare playbin (`videowall bench --corpus DIR`).
    package func runCorpus(directory: String) async throws -> BenchReport.Corpus {
        log("corpus: every file of \(directory) whole in bare playbin, alone in a wall, and in walls of four, headless")
        return try await CorpusBench(directory: directory, log: log).measure()
    }

    /// The fault run alone (`videowall bench --faults`).
    /// Launch to every tile on screen, and the X server's share, against mpv and gst-launch
    /// (`videowall bench --first-picture`): four frame-coded 720p clips in 640x360 quadrants.
    package func runFirstPicture(runs: Int) async throws -> BenchReport.FirstPicture {
        let (width, height) = (1280, 720)
        log("first picture: generating 4 frame-coded clips of \(width)x\(height) (cached in \(options.clipDirectory))")
        var clips: [String] = []
        for tile in 0..<4 {
            // Two pixels narrower each, so each tile decodes a stream of its own.
            let spec = FrameCodedClipSpec(width: width - tile * 2, height: height, frameRate: 30, frames: 300, codec: .h264, keyFrameInterval: 30)
            clips.append(try await FrameCodedClipGenerator.cached(spec, in: options.clipDirectory))
        }
        // A screen of exactly the area read, no window manager: every peer fills it the same way.
        let server = try VirtualDisplay.start(width: width, height: height)
        defer { server.process.terminate() }
        setenv("DISPLAY", server.display, 1)
        guard GtkRuntime.start() else { throw BenchError("GTK could not open the display \(server.display)") }
        log("first picture: \(runs) runs of each peer on \(server.display) (\(width)x\(height)), alternating, read from the screen")
        return try await FirstPictureBench(executable: options.executable, clips: clips, width: width, height: height, runs: runs,
                                           steadySeconds: 5, log: log)
            .measure(display: server.display, xServer: server.process.processIdentifier)
    }

    /// Tiles x size x decoder, headless (`videowall bench --capacity`): 1, 4, 9 and 16 tiles of
    /// 360p, 720p and 1080p30 footage, with `--hwdec no` and `auto`.
    package func runCapacity() async throws -> BenchReport.Capacity {
        let sizes = [(640, 360), (1280, 720), (1920, 1080)]
        var clips: [(size: String, path: String, framesPerSecond: Double)] = []
        for (width, height) in sizes {
            log("capacity: generating a \(width)x\(height) footage clip (cached in \(options.clipDirectory))")
            clips.append(("\(width)x\(height)", try await ClipGenerator.cached(Self.footage(width: width, height: height, options: options), in: options.clipDirectory),
                          Double(options.frameRate)))
        }
        return try await CapacityBench(executable: options.executable, seconds: 6, log: log)
            .measure(clips: clips, tileCounts: [1, 4, 9, 16], decoders: ["no", "auto"])
    }

    package func runFaults() async throws -> BenchReport.Faults {
        log("faults: a network tile's server stopped and started again, then hung, and a client flooding the remote-control socket")
        return try await FaultBench(options: options).measure()
    }

    package func run() async throws -> BenchReport {
        var notes: [String] = []
        let frameDuration = MediaTime(nanoseconds: 1_000_000_000 / Int64(options.frameRate))
        log("generating frame-coded clips (\(options.width)x\(options.height), \(options.seconds) s, cached in \(options.clipDirectory))")
        var clips: [String] = []
        for tile in 0..<options.tiles {
            // Different sizes of the same frame numbering, so every tile decodes its own stream.
            let spec = FrameCodedClipSpec(width: options.width - tile * 2, height: options.height, frameRate: options.frameRate,
                                          frames: options.framesPerClip, codec: options.codec,
                                          keyFrameInterval: options.keyFrameInterval * options.frameRate)
            clips.append(try await FrameCodedClipGenerator.cached(spec, in: options.clipDirectory))
        }

        log("sink sync: steady, pause/resume, seek, speed change")
        let sync = SinkSyncBench(clips: clips, frameDuration: frameDuration, framesPerLoop: options.framesPerClip)
        var spreads = try await sync.measure()
        log("loop: two wraps of a group loop")
        let loop = try await sync.measureLoop(into: &spreads)

        log("seek: \(options.seeks) accurate seeks, videowall and bare playbins")
        let latency = LatencyBench(clips: clips, frameDuration: frameDuration, frames: options.framesPerClip, seeks: options.seeks)
        let seek = try await latency.measureSeek()
        log("start: launch to every tile's first frame")
        let start = try await latency.measureStart()

        var screen: ScreenCoherence?
        var screenNote: String?
        var screenUnderLoad: ScreenCoherence?
        var launch: BenchReport.Launch?
        var displayName = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        do {
            displayName = try VirtualDisplay.ensure()
            log("on screen: \(options.screenSamples) captures of the window on \(displayName)")
            screen = try await ScreenBench(clips: clips, samples: options.screenSamples).measure()
            log("on screen with a competing load: the same captures while a shell loop keeps one core busy")
            let load = try BusyLoad()
            screenUnderLoad = try await ScreenBench(clips: clips, samples: options.screenSamples).measure()
            withExtendedLifetime(load) {}
            log("launch to picture: \(options.launchRuns) starts of videowall with \(clips.count) tiles in a window")
            launch = try await LaunchBench(options: options).measure(clips: clips, display: displayName, runs: options.launchRuns)
        } catch {
            screenNote = "not measured: \(error)"
            notes.append("on-screen coherence \(screenNote!)")
        }

        log("cost: \(options.costTiles) tiles of \(options.costWidth)x\(options.costHeight), videowall headless and gst-launch-1.0 playbin processes")
        let costClip = try await ClipGenerator.cached(Self.footage(width: options.costWidth, height: options.costHeight, options: options),
                                                      in: options.clipDirectory)
        let costBench = CostBench(options: options)
        let cost = try await costBench.measure(clips: Array(repeating: costClip, count: options.costTiles.max() ?? 1))
        var display: BenchReport.Display?
        if screen != nil {
            let (w, h) = options.costWidth >= 1280 ? (1280, 720) : (options.costWidth, options.costHeight)
            log("display path: 2 tiles of \(w)x\(h), window against headless")
            let clip = try await ClipGenerator.cached(Self.footage(width: w, height: h, options: options), in: options.clipDirectory)
            display = try await costBench.measureDisplay(clips: [clip, clip], display: displayName, width: w, height: h)
        }
        log("soak: a 0.5 s clip looping on 2 tiles for \(Int(options.soakSeconds)) s, resident memory sampled")
        let soakClip = try await ClipGenerator.cached(ClipSpec(width: 640, height: 360, frameRate: 30, frames: 15, pattern: "ball"),
                                                      in: options.clipDirectory)
        let soak = try await SoakBench(options: options).measure(clip: soakClip, framesPerLoop: 15)
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/mpv") { notes.append("mpv is not installed: no mpv baseline") }

        notes.append("cost clips: videotestsrc snow at \(Self.footageBitrate(width: options.costWidth)) kbit/s, x264 veryfast, a key frame every 2 s: busy enough to decode like camera footage")
        return BenchReport(machine: .init(cores: ProcessInfo.processInfo.activeProcessorCount, gstreamer: GStreamer.versionString,
                                          display: displayName.isEmpty ? "none" : displayName),
                           clips: "\(options.tiles) x \(options.width)x\(options.height) \(options.frameRate) fps \(options.codec.rawValue), key frame every \(options.keyFrameInterval) s",
                           tiles: options.tiles, sinkSync: spreads.release, sinkWakeUp: spreads.observed, loop: loop, screen: screen, screenNote: screenNote,
                           screenUnderLoad: screenUnderLoad, launch: launch,
                           seek: seek, start: start, cost: cost, display: display, soak: soak, notes: notes)
    }
}
