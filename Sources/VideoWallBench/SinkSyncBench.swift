import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// Sink sync: for every frame, the clock time at which each tile's sink rendered it, during
/// steady play and after pause/resume, a seek, a speed change and a loop wrap.
@MainActor
struct SinkSyncBench {
    let clips: [String]
    let frameDuration: MediaTime
    let framesPerLoop: Int

    func measure() async throws -> BenchReport.SinkSync {
        let (wall, recorders) = try await Self.openWall(clips: clips, loop: false)
        defer { wall.shutDown() }
        var result = BenchReport.SinkSync()
        wall.play()
        await sleep(seconds: 0.5)
        result.steady = await phase(recorders, seconds: 2)

        wall.pause()
        await sleep(seconds: 0.3)
        recorders.forEach { $0.reset() }
        wall.play()
        result.afterPauseResume = await phase(recorders, seconds: 1, reset: false)

        recorders.forEach { $0.reset() }
        await wall.seek(to: .seconds(Double(framesPerLoop) * frameDuration.seconds / 3))
        if wall.transport != .playing { wall.play() }  // a short clip may have ended first
        result.afterSeek = await phase(recorders, seconds: 1, reset: false)

        recorders.forEach { $0.reset() }
        await wall.setRate(2)
        if wall.transport != .playing { wall.play() }
        result.afterSpeedChange = await phase(recorders, seconds: 1, reset: false)
        return result
    }

    /// Plays a group loop through two wraps: sync across the wrap, and the loop gap.
    func measureLoop() async throws -> (Percentiles?, BenchReport.Loop) {
        let (wall, recorders) = try await Self.openWall(clips: clips, loop: true)
        defer { wall.shutDown() }
        wall.play()
        let clipSeconds = Double(framesPerLoop) * frameDuration.seconds
        _ = await wait(timeout: clipSeconds * 2.5 + 5) { recorders.allSatisfy { $0.rendered.count >= framesPerLoop * 2 + framesPerLoop / 4 } }
        wall.pause()
        let keyed = recorders.map(keys)
        let spreads = RenderAnalysis.spreads(keyed)
        var longest = MediaTime.zero
        var lost = 0, repeated = 0
        for recorder in recorders {
            let renders = recorder.rendered
            longest = max(longest, RenderAnalysis.longestInterval(renders.map(\.clockTime)) ?? .zero)
            let indices = renders.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: frameDuration)) }
            let continuity = RenderAnalysis.continuity(indices: indices, framesPerLoop: framesPerLoop)
            lost += continuity.lost
            repeated += continuity.repeated
        }
        let wraps = (keyed.first?.last?.key ?? 0) / framesPerLoop
        return (Percentiles.of(spreads), BenchReport.Loop(framePeriodMs: frameDuration.seconds * 1000, longestIntervalMs: longest.seconds * 1000,
                                                         wraps: wraps, framesLost: lost, framesRepeated: repeated))
    }

    private func phase(_ recorders: [RenderRecorder], seconds: Double, reset: Bool = true) async -> Percentiles? {
        if reset { recorders.forEach { $0.reset() } }
        await sleep(seconds: seconds)
        return Percentiles.of(RenderAnalysis.spreads(recorders.map(keys)))
    }

    private func keys(_ recorder: RenderRecorder) -> [(key: Int, time: MediaTime)] {
        let renders = recorder.rendered
        let keys = RenderAnalysis.frameKeys(presentationTimes: renders.map(\.presentationTime), frameDuration: frameDuration, framesPerLoop: framesPerLoop)
        return zip(keys, renders).map { ($0, $1.clockTime) }
    }

    static func openWall(clips: [String], loop: Bool) async throws -> (Coordinator, [RenderRecorder]) {
        var configuration = CoordinatorConfiguration()
        configuration.groupLoop = loop
        configuration.maximumTiles = clips.count
        let wall = try Coordinator(configuration: configuration)
        let recorders = try clips.indices.map { try RenderRecorder(name: "bench\($0)", clock: wall.clock) }
        await wall.load(zip(clips, recorders).map { TileSpec(source: $0, videoSink: $1.sink, endOfStream: loop ? .loop : .hold, muted: true) })
        if let failure = wall.slots.compactMap(\.failure).first { throw BenchError(failure.description) }
        return (wall, recorders)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
