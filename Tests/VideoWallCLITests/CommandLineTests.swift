import Foundation
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// End to end: the built binary, real clips, what it prints and how it exits.
final class CommandLineTests: XCTestCase {
    private func clips(_ count: Int) throws -> [String] {
        try onMainLoop {
            let specs = [TestClips.landscape, TestClips.portrait, TestClips.anamorphic, ClipSpec(width: 256, height: 256, frames: 60, pattern: "ball")]
            var paths: [String] = []
            for spec in specs.prefix(count) { paths.append(try await TestClips.clip(spec)) }
            return paths
        }
    }

    private func report(_ text: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return try XCTUnwrap(object?["tiles"] as? [[String: Any]], "report: \(text)")
    }

    func testHelpDocumentsEveryOption() throws {
        let help = try CommandRunner.run(["play", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--headless", "--quit-after", "--loop", "--mute", "--report", "--layout", "--fullscreen",
                       "--kiosk", "--monitor", "--screenshot-at", "--max-tiles"] {
            XCTAssertTrue(help.standardOutput.contains(option), "help mentions \(option)")
        }
        let top = try CommandRunner.run(["--help"])
        for word in ["probe", "demo", "bench", "Exit status"] {
            XCTAssertTrue(top.standardOutput.contains(word), "top-level help mentions \(word): \(top.standardOutput)")
        }
    }

    func testProbePrintsJSONDescriptions() throws {
        let paths = try clips(3)
        let result = try CommandRunner.run(["probe", "--json"] + paths)
        XCTAssertEqual(result.status, 0, result.standardError)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(list[0]["width"] as? Int, 320)
        XCTAssertEqual(list[0]["height"] as? Int, 180)
        XCTAssertEqual(list[0]["seekable"] as? Bool, true)
        XCTAssertEqual(list[2]["pixelAspectRatio"] as? String, "16:15")
        XCTAssertEqual(list[2]["displayWidth"] as? Int, 384)
        XCTAssertEqual((list[0]["durationSeconds"] as? Double) ?? 0, 2, accuracy: 0.05)
    }

    /// `probe` says what the server does: a file from a server that ignores Range cannot seek,
    /// the same file from one that serves ranges can.
    func testProbeAsksTheServerWhetherItServesByteRanges() throws {
        let clip = try clips(1)[0]
        let rangeless = try LoopbackHTTPServer(serving: TestClips.directory, byteRanges: false)
        defer { rangeless.terminate() }
        let ranged = try LoopbackHTTPServer(serving: TestClips.directory)
        defer { ranged.terminate() }
        let result = try CommandRunner.run(["probe", "--json", rangeless.url(for: clip), ranged.url(for: clip)])
        XCTAssertEqual(result.status, 0, result.standardError)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.map { $0["seekable"] as? Bool }, [false, true], result.standardOutput)
    }

    func testFourTilesPlayHeadlessAndReport() throws {
        let paths = try clips(4)
        // Stopped half-way through a frame: at 1.5 s (frame 45's due time) the report could read
        // one tile before it showed that frame and another after (seen once in a CI run).
        let result = try CommandRunner.run(["--headless", "--quit-after", "1.516", "--report", "-"] + paths)
        XCTAssertEqual(result.status, 0, result.standardError)
        let tiles = try report(result.standardOutput)
        XCTAssertEqual(tiles.count, 4)
        for tile in tiles {
            XCTAssertEqual(tile["state"] as? String, "playing")
            XCTAssertGreaterThan(tile["framesRendered"] as? Int ?? 0, 30)
            XCTAssertEqual(tile["framesDropped"] as? Int, 0)
            XCTAssertEqual((tile["position"] as? Double) ?? 0, 1.5, accuracy: 0.3)
            XCTAssertNil(tile["error"])
        }
        let positions = tiles.compactMap { $0["position"] as? Double }
        XCTAssertLessThan((positions.max() ?? 0) - (positions.min() ?? 0), 0.001, "tiles end together: \(positions)")
    }

    /// Without `--report`, a headless run still says what happened: one summary line per tile
    /// on standard error at exit, standard output left empty.
    func testHeadlessRunPrintsASummaryPerTile() throws {
        let good = try clips(1)[0]
        let missing = TestClips.directory + "/missing.mp4"
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", good, missing])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertEqual(result.standardOutput, "")
        let summary = result.standardError.split(separator: "\n").filter { $0.hasPrefix("videowall: summary: ") }
        XCTAssertEqual(summary.count, 2, result.standardError)
        let first = try XCTUnwrap(summary.first.map(String.init))
        XCTAssertTrue(first.hasPrefix("videowall: summary: tile 1: \(good): playing at 00:00:0"), first)
        let rendered = first.split(separator: ",").compactMap { part in
            part.hasSuffix(" frames rendered") ? Int(part.split(separator: " ").first ?? "") : nil
        }.first
        XCTAssertEqual(Double(rendered ?? 0), 30, accuracy: 8, "1 s at 30 fps: \(first)")
        XCTAssertTrue(first.hasSuffix(" 0 dropped, 0 loops"), first)
        XCTAssertEqual(summary.last.map(String.init), "videowall: summary: tile 2: \(missing): failed: file not found")
    }

    /// A looping tile's report counts every frame of every loop, not just the current one.
    func testLoopingTileReportCountsEveryLoop() throws {
        let short = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 15)) }
        let result = try CommandRunner.run(["--headless", "--loop", "--quit-after", "2.2", "--report", "-", short])
        XCTAssertEqual(result.status, 0, result.standardError)
        let tile = try XCTUnwrap(report(result.standardOutput).first)
        XCTAssertEqual(tile["loops"] as? Int, 4, "wrapped at 0.5, 1, 1.5 and 2 s: \(tile)")
        XCTAssertEqual(Double(tile["framesRendered"] as? Int ?? 0), 66, accuracy: 6, "2.2 s at 30 fps, over every loop: \(tile)")
        XCTAssertEqual(tile["framesDropped"] as? Int, 0)
    }

    func testBadSourcesGiveOneLineErrorsAndTheExitStatusSaysSo() throws {
        let good = try clips(1)[0]
        let missing = TestClips.directory + "/missing.mp4"
        let some = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--report", "-", good, missing])
        XCTAssertEqual(some.status, 1)
        XCTAssertTrue(some.standardError.contains("videowall: error: tile 2: \(missing): file not found"), some.standardError)
        let tiles = try report(some.standardOutput)
        XCTAssertEqual(tiles[0]["state"] as? String, "playing")
        XCTAssertEqual(tiles[1]["error"] as? String, "file not found")

        let none = try CommandRunner.run(["--headless", "--quit-after", "0.5", missing])
        XCTAssertEqual(none.status, 2)

        let five = try CommandRunner.run(["--headless", "--quit-after", "0.5", good, good, good, good, good])
        XCTAssertEqual(five.status, 1)
        XCTAssertTrue(five.standardError.contains("tile 5: \(good): the wall holds at most 4 tiles"), five.standardError)
    }

    func testBadCommandLinesAndLayoutsAreRefused() throws {
        let noMedia = try CommandRunner.run(["play"])
        XCTAssertEqual(noMedia.status, 64)
        let badTime = try CommandRunner.run(["--quit-after", "-1", "x.mp4"])
        XCTAssertEqual(badTime.status, 64)
        XCTAssertTrue(badTime.standardError.contains("--quit-after"), badTime.standardError)

        let display = try VirtualDisplay.ensure()
        let clip = try clips(1)[0]
        let broken = TestClips.file(named: "broken.yaml", contents: Data("name: broken\nregions:\n  - x: 0\n    y: 0\n    widht: 1\n    height: 1\n".utf8))
        let layout = try CommandRunner.run(["--layout", broken, "--quit-after", "1", clip], environment: ["DISPLAY": display], display: true)
        XCTAssertEqual(layout.status, 64)
        XCTAssertTrue(layout.standardError.contains("\(broken):5:"), "names the file and line: \(layout.standardError)")
        XCTAssertTrue(layout.standardError.contains("widht"), layout.standardError)

        let tooMany = try CommandRunner.run(["--layout", "single", "--quit-after", "1", clip, clip], environment: ["DISPLAY": display], display: true)
        XCTAssertEqual(tooMany.status, 64)
        XCTAssertTrue(tooMany.standardError.contains("2 sources but layout 'single' has 1 region"), tooMany.standardError)

        let monitor = try CommandRunner.run(["--monitor", "5", "--quit-after", "1", clip], environment: ["DISPLAY": display], display: true)
        XCTAssertEqual(monitor.status, 64)
        XCTAssertTrue(monitor.standardError.contains("--monitor 5: there is no such monitor"), monitor.standardError)
    }

    func testScreenshotAtSavesWhatTheWindowShows() throws {
        let display = try VirtualDisplay.ensure()
        let paths = try clips(2)
        let png = TestClips.directory + "/wall-\(UUID().uuidString).png"
        let result = try CommandRunner.run(["--quit-after", "1.5", "--screenshot-at", "0.5", png] + paths,
                                           environment: ["DISPLAY": display], display: true)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("saved to \(png)"), result.standardError)
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")
        // IHDR: width and height, big-endian, at bytes 16...23: the default 1280x720 window.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual([width, height], [1280, 720])
    }

    /// GStreamer's `leaks` tracer lists every object still alive at `gst_deinit` and warns
    /// "Leaks detected": after a run headless, in a window, and a probe, it must find none.
    func testLeakTracerFindsNothingAfterARun() throws {
        let paths = try clips(2)
        let display = try VirtualDisplay.ensure()
        let tracing = ["GST_TRACERS": "leaks", "GST_DEBUG": "GST_TRACER:7"]
        for (arguments, withDisplay) in [(["--headless", "--quit-after", "0.5"] + paths, false),
                                         (["--quit-after", "0.8"] + paths, true),
                                         (["probe"] + paths, false)] {
            let result = try CommandRunner.run(arguments, environment: withDisplay ? tracing.merging(["DISPLAY": display]) { $1 } : tracing,
                                               display: withDisplay)
            XCTAssertEqual(result.status, 0, result.standardError.suffix(1000).description)
            XCTAssertFalse(result.standardError.contains("Leaks detected"), "\(arguments): "
                + result.standardError.split(separator: "\n").filter { $0.contains("object-alive") }.prefix(5).joined(separator: "\n"))
            XCTAssertTrue(result.standardError.contains("leaks"), "the tracer was active")
        }
    }
}

/// The benchmark runs end to end on short clips and prints every figure.
final class BenchCommandTests: XCTestCase {
    /// `--keep-logs` is the wall bench's: refused without `--wall`, and for a path no folder can have.
    func testKeepLogsIsTheWallBenchsAndTakesAPath() throws {
        let alone = try CommandRunner.run(["bench", "--keep-logs", NSTemporaryDirectory()])
        XCTAssertEqual(alone.status, 64)
        XCTAssertTrue(alone.standardError.contains("--keep-logs goes with --wall N"), alone.standardError)
        let empty = try CommandRunner.run(["bench", "--wall", "1", "--keep-logs", ""])
        XCTAssertEqual(empty.status, 64)
        XCTAssertTrue(empty.standardError.contains("--keep-logs takes a folder's path (1 to 4096 bytes), got ''"), empty.standardError)
    }

    func testQuickBenchPrintsEveryFigure() throws {
        let display = try VirtualDisplay.ensure()
        let result = try CommandRunner.run(["bench", "--quick", "--json", "--cache", TestClips.directory + "/bench"],
                                           environment: ["DISPLAY": display], display: true, timeout: 240)
        XCTAssertEqual(result.status, 0, result.standardError.suffix(1500).description)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let sync = try XCTUnwrap(report["sinkSync"] as? [String: Any])
        for phase in ["steady", "afterPauseResume", "afterSeek", "afterSpeedChange", "afterLoopWrap"] {
            XCTAssertNotNil((sync[phase] as? [String: Any])?["p99"], "sink sync \(phase)")
        }
        let loop = try XCTUnwrap(report["loop"] as? [String: Any])
        XCTAssertEqual(loop["framesLost"] as? Int, 0)
        XCTAssertEqual(loop["framesRepeated"] as? Int, 0)
        XCTAssertNotNil((report["screen"] as? [String: Any])?["allSame"], "on-screen coherence: \(report["screenNote"] ?? "")")
        XCTAssertNotNil((report["screenUnderLoad"] as? [String: Any])?["allSame"], "on-screen coherence with a busy core")
        let launch = try XCTUnwrap(report["launch"] as? [String: Any], "launch to picture")
        XCTAssertEqual(launch["runs"] as? Int, 2)
        XCTAssertGreaterThan(launch["minMs"] as? Double ?? 0, 20, "a process takes some time to start: \(launch)")
        XCTAssertLessThan(launch["maxMs"] as? Double ?? .infinity, 10_000, "\(launch)")
        for comparison in ["seek", "start"] {
            let figures = try XCTUnwrap(report[comparison] as? [String: Any])
            XCTAssertNotNil((figures["videowall"] as? [String: Any])?["p50Ms"])
            XCTAssertNotNil((figures["baseline"] as? [String: Any])?["p50Ms"])
        }
        XCTAssertEqual((report["seek"] as? [String: Any]).flatMap { ($0["videowall"] as? [String: Any])?["frameErrors"] as? Int }, 0)
        let cost = try XCTUnwrap(report["cost"] as? [[String: Any]])
        XCTAssertEqual(cost.count, 2)
        XCTAssertGreaterThan(cost[0]["cpuPerSecond"] as? Double ?? 0, 0)
        XCTAssertGreaterThan(cost[0]["baselineCPUPerSecond"] as? Double ?? 0, 0)
        XCTAssertNotNil((report["display"] as? [String: Any])?["extraCoresPerTile"])
        // 4 s of a 15-frame clip on 2 tiles: about 8 loops and 240 frames.
        let soak = try XCTUnwrap(report["soak"] as? [String: Any])
        XCTAssertGreaterThanOrEqual(soak["loops"] as? Int ?? 0, 5, "\(soak)")
        XCTAssertEqual(Double(soak["framesRendered"] as? Int ?? 0), 240, accuracy: 40, "\(soak)")
        XCTAssertGreaterThan(soak["residentEndMB"] as? Double ?? 0, 10, "\(soak)")
        // Four seconds of samples cannot tell a trend from the samples' scatter: no figure.
        XCTAssertNil(soak["residentGrowthMBPerHour"], "\(soak)")
        XCTAssertTrue((soak["residentGrowth"] as? String ?? "").hasPrefix("too short to tell"), "\(soak)")
    }
}
