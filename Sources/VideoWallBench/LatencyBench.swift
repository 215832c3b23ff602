import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// Accurate seeks and start-up, for the wall and for bare playbins on the same clips.
@MainActor
struct LatencyBench {
    let clips: [String]
    let frameDuration: MediaTime
    let frames: Int
    let seeks: Int

    /// Seek targets spread over the clip, the same for the wall and the baseline.
    private var targets: [Int] {
        (0..<seeks).map { i in (frames / 8) + (i * 7919) % max(1, frames * 3 / 4) }
    }

    func measureSeek() async throws -> BenchReport.Comparison {
        let (wall, recorders) = try await SinkSyncBench.openWall(clips: clips, loop: false)
        var wallTimes: [Double] = [], wallErrors = 0
        for frame in targets {
            let target = Wall.frameSeekTime(FrameMath.time(ofFrame: Int64(frame), frameDuration: frameDuration), frameDuration: frameDuration)
            let start = Date()
            await wall.seek(to: target, precision: .accurate)
            wallTimes.append(Date().timeIntervalSince(start) * 1000)
            wallErrors += wall.players.filter { player in
                player.lastRenderedTimestamp().map { FrameMath.frameIndex(of: $0, frameDuration: frameDuration) } != Int64(frame)
            }.count
        }
        wall.shutDown()
        withExtendedLifetime(recorders) {}

        let bare = try BarePlaybins(clips: clips)
        defer { bare.shutDown() }
        guard await bare.preroll(timeout: 20) else { throw BenchError("the baseline playbins did not preroll") }
        var bareTimes: [Double] = [], bareErrors = 0
        for frame in targets {
            let target = Wall.frameSeekTime(FrameMath.time(ofFrame: Int64(frame), frameDuration: frameDuration), frameDuration: frameDuration)
            let start = Date()
            _ = await bare.seek(to: target, timeout: 20)
            bareTimes.append(Date().timeIntervalSince(start) * 1000)
            bareErrors += bare.recorders.filter { recorder in
                (try? recorder.sink.renderer.lastSample())??.presentationTime.map { FrameMath.frameIndex(of: MediaTime($0), frameDuration: frameDuration) } != Int64(frame)
            }.count
        }
        return Self.compare(wallTimes, wallErrors, bareTimes, bareErrors)
    }

    /// From the call to load (or PLAYING, for the baseline) to every tile's first rendered frame.
    func measureStart(runs: Int = 3) async throws -> BenchReport.Comparison {
        var wallTimes: [Double] = [], bareTimes: [Double] = []
        for _ in 0..<runs {
            let start = Date()
            let (wall, recorders) = try await SinkSyncBench.openWall(clips: clips, loop: false)
            wall.play()
            _ = await wait(timeout: 20) { recorders.allSatisfy { !$0.rendered.isEmpty } }
            wallTimes.append(Date().timeIntervalSince(start) * 1000)
            wall.shutDown()

            let bareStart = Date()
            let bare = try BarePlaybins(clips: clips)
            bare.play()
            _ = await wait(timeout: 20) { bare.recorders.allSatisfy { !$0.rendered.isEmpty } }
            bareTimes.append(Date().timeIntervalSince(bareStart) * 1000)
            bare.shutDown()
        }
        return Self.compare(wallTimes, 0, bareTimes, 0)
    }

    static func latency(_ times: [Double], errors: Int) -> BenchReport.Latency {
        let p = Percentiles.of(times)
        return BenchReport.Latency(runs: times.count, p50Ms: p?.p50 ?? 0, maxMs: p?.max ?? 0, frameErrors: errors)
    }

    static func compare(_ wall: [Double], _ wallErrors: Int, _ bare: [Double], _ bareErrors: Int) -> BenchReport.Comparison {
        let a = latency(wall, errors: wallErrors), b = latency(bare, errors: bareErrors)
        return BenchReport.Comparison(videowall: a, baseline: b, ratio: b.p50Ms > 0 ? a.p50Ms / b.p50Ms : 0)
    }
}
