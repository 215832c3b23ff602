import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures

/// Sink sync: for every frame, the clock time at which each tile's sink rendered it, during
/// steady play and after pause/resume, a seek, a speed change and a loop wrap. Each spread is
/// measured twice: by release time (due time, or arrival when late) and by the time the sink's
/// thread was seen running, which adds the kernel's wake-up delay.
@MainActor
struct SinkSyncBench {
    let clips: [String]
    let frameDuration: MediaTime
    let framesPerLoop: Int

    /// Spreads by release time (what the pipeline did) and by observed time (that plus the
    /// operating system's wake-up delay of each sink thread).
    struct Spreads {
        var release = BenchReport.SinkSync()
        var observed = BenchReport.SinkSync()

        mutating func record(_ phase: WritableKeyPath<BenchReport.SinkSync, Percentiles?>, _ recorders: [RenderRecorder], bench: SinkSyncBench) {
            // One snapshot per recorder, so both figures read the same frames.
            let renders = recorders.map(\.rendered)
            release[keyPath: phase] = Percentiles.of(RenderAnalysis.spreads(renders.map { bench.keys($0, \.releaseTime) }))
            observed[keyPath: phase] = Percentiles.of(RenderAnalysis.spreads(renders.map { bench.keys($0, \.observedTime) }))
        }
    }

    func measure() async throws -> Spreads {
        let (wall, recorders) = try await Self.openWall(clips: clips, loop: false)
        defer { wall.shutDown() }
        var result = Spreads()
        wall.play()
        await sleep(seconds: 0.5)
        recorders.forEach { $0.reset() }
        await sleep(seconds: 2)
        result.record(\.steady, recorders, bench: self)

        wall.pause()
        await sleep(seconds: 0.3)
        recorders.forEach { $0.reset() }
        wall.play()
        await sleep(seconds: 1)
        result.record(\.afterPauseResume, recorders, bench: self)

        recorders.forEach { $0.reset() }
        await wall.seek(to: .seconds(Double(framesPerLoop) * frameDuration.seconds / 3))
        if wall.transport != .playing { wall.play() }  // a short clip may have ended first
        await sleep(seconds: 1)
        result.record(\.afterSeek, recorders, bench: self)

        recorders.forEach { $0.reset() }
        await wall.setRate(2)
        if wall.transport != .playing { wall.play() }
        await sleep(seconds: 1)
        result.record(\.afterSpeedChange, recorders, bench: self)
        return result
    }

    /// Plays a group loop through two wraps: sync across the wrap, and the loop gap.
    func measureLoop(into spreads: inout Spreads) async throws -> BenchReport.Loop {
        let (wall, recorders) = try await Self.openWall(clips: clips, loop: true)
        defer { wall.shutDown() }
        wall.play()
        let clipSeconds = Double(framesPerLoop) * frameDuration.seconds
        _ = await wait(timeout: clipSeconds * 2.5 + 5) { recorders.allSatisfy { $0.rendered.count >= framesPerLoop * 2 + framesPerLoop / 4 } }
        wall.pause()
        spreads.record(\.afterLoopWrap, recorders, bench: self)
        var longest = MediaTime.zero, longestObserved = MediaTime.zero
        var lost = 0, repeated = 0
        for recorder in recorders {
            let renders = recorder.rendered
            longest = max(longest, RenderAnalysis.longestInterval(renders.map(\.releaseTime)) ?? .zero)
            longestObserved = max(longestObserved, RenderAnalysis.longestInterval(renders.map(\.observedTime)) ?? .zero)
            let indices = renders.map { Int(FrameMath.frameIndex(of: $0.presentationTime, frameDuration: frameDuration)) }
            let continuity = RenderAnalysis.continuity(indices: indices, framesPerLoop: framesPerLoop)
            lost += continuity.lost
            repeated += continuity.repeated
        }
        let keyed = keys(recorders.first?.rendered ?? [], \.releaseTime)
        let wraps = (keyed.last?.key ?? 0) / framesPerLoop
        return BenchReport.Loop(framePeriodMs: frameDuration.seconds * 1000, longestIntervalMs: longest.seconds * 1000,
                                longestObservedIntervalMs: longestObserved.seconds * 1000,
                                wraps: wraps, framesLost: lost, framesRepeated: repeated)
    }

    /// Each rendered frame as (frame number counted across loops, the chosen clock time).
    nonisolated func keys(_ renders: [RenderRecorder.Render], _ time: KeyPath<RenderRecorder.Render, MediaTime>) -> [(key: Int, time: MediaTime)] {
        let keys = RenderAnalysis.frameKeys(presentationTimes: renders.map(\.presentationTime), frameDuration: frameDuration, framesPerLoop: framesPerLoop)
        return zip(keys, renders).map { ($0, $1[keyPath: time]) }
    }

    static func openWall(clips: [String], loop: Bool) async throws -> (Wall, [RenderRecorder]) {
        var configuration = WallConfiguration()
        configuration.groupLoop = loop
        configuration.maximumTiles = clips.count
        let wall = try Wall(configuration: configuration)
        let recorders = try clips.indices.map { try RenderRecorder(name: "bench\($0)", clock: wall.clock) }
        await wall.load(zip(clips, recorders).map { TileSpec(source: $0, output: $1.sink, muted: true) })
        if let failure = wall.slots.compactMap(\.failure).first { throw BenchError(failure.description) }
        return (wall, recorders)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
