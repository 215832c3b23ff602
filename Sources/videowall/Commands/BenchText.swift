import Foundation
import VideoWallBench
import VideoWallCore

/// The human-readable form of a bench report.
enum BenchText {
    static func render(_ r: BenchReport) -> String {
        var lines: [String] = []
        lines.append("VideoWall bench — \(r.machine.cores) cores, \(r.machine.gstreamer), display \(r.machine.display)")
        lines.append("clips: \(r.clips)")
        lines.append("")
        lines.append(pad("sink sync, spread across tiles per frame (µs)", 48) + "  released by the clock              |  seen running (adds wake-up)")
        lines.append(pad("", 48) + "     p50      p99      max   frames  |      p50      p99      max")
        for (name, phase) in [("steady play", \BenchReport.SinkSync.steady), ("after pause/resume", \.afterPauseResume),
                              ("after seek", \.afterSeek), ("after speed change", \.afterSpeedChange), ("across loop wraps", \.afterLoopWrap)] {
            guard let p = r.sinkSync[keyPath: phase] else {
                lines.append(pad("  " + name, 48) + "     (no frame rendered by every tile)")
                continue
            }
            var line = pad("  " + name, 48) + String(format: "%8.0f %8.0f %8.0f %8d", p.p50, p.p99, p.max, p.count)
            if let seen = r.sinkWakeUp[keyPath: phase] {
                line += String(format: "  | %8.0f %8.0f %8.0f", seen.p50, seen.p99, seen.max)
            }
            lines.append(line)
        }
        if let loop = r.loop {
            lines.append(String(format: "loop: %d wraps, longest interval %.2f ms released, %.2f ms seen running (frame period %.2f ms), %d lost, %d repeated",
                                loop.wraps, loop.longestIntervalMs, loop.longestObservedIntervalMs, loop.framePeriodMs, loop.framesLost, loop.framesRepeated))
        }
        func coherence(_ label: String, _ screen: ScreenCoherence) -> String {
            label + String(format: ": %d captures, all tiles on one frame in %.1f%%, largest difference %d frame(s), %d unreadable",
                           screen.samples, screen.shareAllSame * 100, screen.largestDifference, screen.unreadable)
        }
        if let screen = r.screen {
            lines.append(coherence("on screen", screen))
        } else if let note = r.screenNote {
            lines.append("on screen: \(note)")
        }
        if let screen = r.screenUnderLoad { lines.append(coherence("on screen, one core kept busy", screen)) }
        if let launch = r.launch {
            lines.append(String(format: "launch to picture (process start to every tile's first frame on screen, %d tiles, %d runs): p50 %.0f ms, min %.0f, max %.0f",
                                launch.tiles, launch.runs, launch.p50Ms, launch.minMs, launch.maxMs))
        }
        for (name, c) in [("accurate seek", r.seek), ("start", r.start)] {
            guard let c else { continue }
            lines.append(String(format: "%@: videowall p50 %.0f ms (max %.0f, %d frame errors), bare playbins p50 %.0f ms (max %.0f, %d frame errors), ratio %.2f",
                                name, c.videowall.p50Ms, c.videowall.maxMs, c.videowall.frameErrors,
                                c.baseline.p50Ms, c.baseline.maxMs, c.baseline.frameErrors, c.ratio))
        }
        lines.append("")
        lines.append("cost (headless)   tiles   cores   dropped   peak MB  |  gst-launch: cores   dropped   peak MB   ratio")
        for c in r.cost {
            lines.append(String(format: "                  %5d   %5.2f   %7d   %7.0f  |              %5.2f   %7d   %7.0f   %5.2f",
                                c.tiles, c.cpuPerSecond, c.droppedFrames, c.peakMemoryMB,
                                c.baselineCPUPerSecond, c.baselineDroppedFrames, c.baselinePeakMemoryMB, c.cpuRatio))
        }
        if let d = r.display {
            lines.append(String(format: "display path: %d tiles of %dx%d, window %.2f cores vs headless %.2f: %.2f extra cores per tile, %d dropped",
                                d.tiles, d.width, d.height, d.windowCPUPerSecond, d.headlessCPUPerSecond, d.extraCoresPerTile, d.droppedFrames))
        }
        if let soak = r.soak {
            lines.append(String(format: "soak: %d tiles looping a %d-frame clip for %.0f s: %d loops, %d frames rendered, %d dropped; resident memory %.0f -> %.0f MB (%@)",
                                soak.tiles, soak.framesPerLoop, soak.seconds, soak.loops, soak.framesRendered, soak.framesDropped,
                                soak.residentStartMB, soak.residentEndMB, soak.residentGrowth))
        }
        for note in r.notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    /// The playlist soak: per tile, item changes and frames; then memory, threads, descriptors.
    static func render(_ walls: BenchReport.Walls) -> String {
        walls.runs.map(render).joined()
    }

    static func render(_ run: BenchReport.WallRun) -> String {
        var lines = ["wall: a leader and \(run.followers) followers, links \(run.link), \(run.framesCompared) frames shown by all compared"]
        if let spread = run.spreadMilliseconds {
            lines.append(String(format: "  the same frame released across the processes within p50 %.3f ms, p99 %.3f ms, max %.3f ms", spread.p50, spread.p99, spread.max))
        }
        lines.append("  from a follower's start to its first frame within 1 ms of the leader's: "
            + run.secondsToFirstFrameInSync.map { String(format: "%.2f s", $0) }.joined(separator: ", "))
        lines += run.phases.map(render)
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ drift: BenchReport.WallDrift) -> String {
        var lines = [String(format: "wall drift: a leader and %d followers, LAN link, %.0f s of steady play", drift.followers, drift.seconds)]
        lines += drift.minutes.map(render)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One phase or minute of a wall run, on one line.
    static func render(_ phase: BenchReport.WallPhase) -> String {
        var line = "  \(phase.name): \(phase.framesCompared) frames shown by all, \(phase.framesMissed) missed by a follower"
        if let spread = phase.spreadMilliseconds { line += String(format: ", spread p50 %.3f ms, p99 %.3f ms, max %.3f ms", spread.p50, spread.p99, spread.max) }
        return line + (phase.secondsToSync.map { String(format: ", all within 1 ms %.2f s after it began", $0) } ?? ", never all within 1 ms")
    }

    static func render(_ soak: BenchReport.PlaylistSoak) -> String {
        var lines = [String(format: "playlist soak: %d tiles, %.0f s, a round of %d items every %.2f s", soak.tiles, soak.seconds, soak.itemsPerRound, soak.roundSeconds)]
        for tile in soak.itemChanges.indices {
            lines.append("  tile \(tile + 1): \(soak.itemChanges[tile]) item changes, \(soak.framesRendered[tile]) frames rendered "
                + "(\(soak.framesExpected) expected), \(soak.framesDropped[tile]) dropped")
        }
        lines.append(String(format: "  resident memory %.1f -> %.1f MiB (%@)", soak.residentStartMB, soak.residentEndMB, soak.residentGrowth))
        lines.append("  threads \(soak.threadsStart) -> \(soak.threadsEnd), open files \(soak.descriptorsStart) -> \(soak.descriptorsEnd)"
            + (soak.threadGrowthPerHour.map { String(format: " (%+.1f threads, ", $0) } ?? " (")
            + (soak.descriptorGrowthPerHour.map { String(format: "%+.1f files an hour)", $0) } ?? "too short to tell)"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The corpus run as a Markdown table (BENCHMARKS.md keeps it).
    static func render(_ corpus: BenchReport.Corpus) -> String {
        var lines = ["| file | container | video codec | s | bare playbin | alone | dropped | overload | in a wall of 4 | dropped | overload | error |",
                     "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for file in corpus.files {
            let cells: [String] = [file.name, file.container ?? "-", file.videoCodec ?? "-",
                                   file.durationSeconds.map { String(format: "%.1f", $0) } ?? "-",
                                   "\(file.bareFrames)" + (file.bareError.map { " (error: \($0))" } ?? ""),
                                   "\(file.aloneFrames)", "\(file.aloneDropped)", file.aloneOverload ? "yes" : "no",
                                   "\(file.wallFrames)", "\(file.wallDropped)", file.wallOverload ? "yes" : "no",
                                   file.error ?? ""]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "/") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Launch to picture and steady cost, a line per peer: the median and every run.
    static func render(_ firstPicture: BenchReport.FirstPicture) -> String {
        func seconds(_ values: [Double], digits: Int = 2) -> String {
            guard !values.isEmpty else { return "-" }
            let median = values.sorted()[(values.count - 1) / 2]
            return String(format: "%.\(digits)f (", median) + values.map { String(format: "%.\(digits)f", $0) }.joined(separator: ", ") + ")"
        }
        var lines = ["\(firstPicture.clips); \(firstPicture.runs) runs each, alternating; cost over \(Int(firstPicture.steadySeconds)) s of steady play",
                     "| peer | launch to every tile on screen, s: median (runs) | videowall's own figure, s | CPU, s/s | X server CPU, s/s |",
                     "|---|---|---|---|---|"]
        for peer in firstPicture.peers {
            lines.append("| \(peer.name) | \(seconds(peer.firstPictureSeconds)) | \(seconds(peer.insideLaunchSeconds)) | \(seconds(peer.cpuPerSecond)) | \(seconds(peer.xServerPerSecond, digits: 3)) |")
        }
        return (lines + firstPicture.notes.map { "note: " + $0 }).joined(separator: "\n") + "\n"
    }

    /// The capacity table, a line per run.
    static func render(_ capacity: BenchReport.Capacity) -> String {
        var lines = ["\(capacity.cores) cores; each run plays \(Int(capacity.playingSeconds)) s headless",
                     "| tiles | size | --hwdec | frames shown / due | dropped | CPU per tile, cores | start-up and stop, s | decoder | exit |",
                     "|---|---|---|---|---|---|---|---|---|"]
        for run in capacity.runs {
            lines.append(String(format: "| %d | %@ | %@ | %d / %d | %d | %.2f | %.1f | %@ | %d |", run.tiles, run.size, run.hwdec,
                                run.framesShown, run.framesDue, run.framesDropped, run.cpuPerTile, run.secondsBeyondPlaying,
                                run.decoders.joined(separator: ", "), run.exitStatus))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The fault run, one line per fault and the figures of the tile never at fault.
    static func render(_ faults: BenchReport.Faults) -> String {
        var lines = ["faults: a network tile (loopback HTTP, 8 MB/s) beside a local tile, group loop, --retry inf, watchdog on"]
        for recovery in faults.recoveries {
            lines.append(String(format: "  %@: noticed after %.1f s, back %.1f s after the server answered, tiles %.1f ms apart after",
                                recovery.cause, recovery.noticedAfter, recovery.backAfter, recovery.spreadAfterMilliseconds))
        }
        lines.append(String(format: "  flood: %d requests not read; the slowest answer to a polite client %.0f ms; local tile dropped %d frames meanwhile",
                            faults.flood.linesSent, faults.flood.slowestReplyMilliseconds, faults.flood.localTileFramesDropped))
        lines.append("  local tile (never at fault): \(faults.localTileFramesRendered) frames rendered, \(faults.localTileFramesDropped) dropped")
        return lines.joined(separator: "\n") + "\n"
    }
}
