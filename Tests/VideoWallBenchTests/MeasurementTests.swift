import Foundation
import GStreamerKit
@testable import VideoWallBench
import VideoWallCore
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The measuring must be right: a deliberate one-frame offset between two real pipelines is
/// reported as one frame, and tiles on one base time as (nearly) none.
final class MeasurementTests: XCTestCase {
    @MainActor
    private static func spreadsOfTwoPlaybins(offsetFrames: Int64) async throws -> Percentiles {
        let frame = MediaTime(nanoseconds: 33_333_333)
        let clip = try await FrameCodedClipGenerator.cached(FrameCodedClipSpec(width: 160, height: 96, frames: 45), in: TestClips.directory)
        let bare = try BarePlaybins(clips: [clip, clip])
        defer { bare.shutDown() }
        let clock = try Clock.system()
        for pipeline in bare.pipelines {
            pipeline.useClock(clock)
            pipeline.setStartTime(nil)
        }
        let prerolled = await bare.preroll(timeout: 10)
        XCTAssertTrue(prerolled)
        let base = MediaTime(clock.time) + .milliseconds(50)
        bare.pipelines[0].setBaseTime(base.clockTime)
        bare.pipelines[1].setBaseTime((base + MediaTime(nanoseconds: frame.nanoseconds * offsetFrames)).clockTime)
        bare.play()
        _ = await VideoWallBench.wait(timeout: 5) { bare.recorders.allSatisfy { $0.rendered.count >= 30 } }
        let keyed = bare.recorders.map { recorder in
            let renders = recorder.rendered
            let keys = RenderAnalysis.frameKeys(presentationTimes: renders.map(\.presentationTime), frameDuration: frame, framesPerLoop: 45)
            return zip(keys, renders).map { (key: $0, time: $1.releaseTime) }
        }
        return try XCTUnwrap(Percentiles.of(RenderAnalysis.spreads(keyed)))
    }

    func testOneFrameOffsetBetweenTwoTilesIsReportedAsOneFrame() throws {
        let spread = try onMainLoop(timeout: 30) { try await Self.spreadsOfTwoPlaybins(offsetFrames: 1) }
        XCTAssertEqual(spread.p50 / 33_333, 1, accuracy: 0.06, "median spread \(spread.p50) µs is one frame")
    }

    func testTilesOnOneBaseTimeAreReportedInStep() throws {
        let spread = try onMainLoop(timeout: 30) { try await Self.spreadsOfTwoPlaybins(offsetFrames: 0) }
        XCTAssertLessThan(spread.p50, 2_000, "median spread \(spread.p50) µs")
    }

    private static let frame: UInt64 = 33_333_333
    private static let pixels = [UInt8](repeating: 128, count: 16 * 16)

    /// A pipeline on the system clock: an `appsrc` of 16x16 grey frames at 30 fps into a recorder.
    private static func appSourceIntoRecorder(named name: String) throws -> (Pipeline, AppSource, RenderRecorder) {
        let clock = try Clock.system()
        let pipeline = try Pipeline()
        pipeline.useClock(clock)
        let source = try AppSource(caps: Caps("video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1"))
        let recorder = try RenderRecorder(name: name, clock: clock)
        try pipeline.add(source)
        try pipeline.add(recorder.sink.element)
        try source.link(to: recorder.sink.element)
        return (pipeline, source, recorder)
    }

    /// Frames that wait for the clock are released at their due time; a frame that reaches
    /// its sink after it was due is released at its arrival, so a stall upstream (a decoder
    /// late at a loop wrap) shows as a long interval.
    func testAFrameThatArrivesLateIsReleasedAtItsArrival() throws {
        try onMainLoop(timeout: 30) {
            let (pipeline, source, recorder) = try Self.appSourceIntoRecorder(named: "late")
            defer { _ = pipeline.setState(.null) }
            let frame = Self.frame
            for n in 0..<5 {
                try source.push(Self.pixels, presentationTime: ClockTime(nanoseconds: frame * UInt64(n)), duration: ClockTime(nanoseconds: frame))
            }
            _ = pipeline.setState(.playing)
            // Frame 5 is due 167 ms after the start; it is pushed about 250 ms after that.
            await pause(seconds: 0.4)
            try source.push(Self.pixels, presentationTime: ClockTime(nanoseconds: frame * 5), duration: ClockTime(nanoseconds: frame))
            _ = await waitUntil(timeout: 5) { recorder.rendered.count >= 6 }

            let renders = recorder.rendered
            XCTAssertEqual(renders.count, 6)
            let due = renders.compactMap(\.dueTime)
            XCTAssertEqual(due.count, renders.count, "every render has a due time")
            for (a, b) in zip(due, due.dropFirst()) {
                XCTAssertEqual(Double((b - a).nanoseconds), Double(frame), accuracy: 1_000, "due times are one frame apart")
            }
            for render in renders.prefix(5) {
                XCTAssertEqual(render.releaseTime, render.dueTime, "a frame that waited for the clock is released when due")
            }
            let stall = renders[5].releaseTime - renders[4].releaseTime
            XCTAssertGreaterThan(stall.seconds, 0.15, "the late frame counts from its arrival")
            XCTAssertEqual(renders[5].releaseTime, renders[5].arrivalTime)
        }
    }

    /// The sink's thread held up 80 ms inside one frame (as an operating system waking it late
    /// does) takes the frames already queued behind it late as well; they were ready in time,
    /// so they are released when due and no interval is longer than a frame.
    func testASinkThreadWokenLateDoesNotMakeTheNextFramesLate() throws {
        try onMainLoop(timeout: 30) {
            let (pipeline, source, recorder) = try Self.appSourceIntoRecorder(named: "woken-late")
            defer { _ = pipeline.setState(.null) }
            let frame = Self.frame
            // After the recorder's own probe, so frame 3 has arrived before the thread stalls.
            let stall = try XCTUnwrap(recorder.sink.element.staticPad("sink")).onBuffer { buffer in
                if buffer.presentationTime?.nanoseconds == frame * 3 { usleep(80_000) }
            }
            defer { stall.remove() }
            for n in 0..<10 {
                try source.push(Self.pixels, presentationTime: ClockTime(nanoseconds: frame * UInt64(n)), duration: ClockTime(nanoseconds: frame))
            }
            _ = pipeline.setState(.playing)
            _ = await waitUntil(timeout: 5) { recorder.rendered.count >= 10 }

            let renders = recorder.rendered
            XCTAssertEqual(renders.count, 10)
            guard renders.count == 10 else { return }
            XCTAssertGreaterThan((renders[3].observedTime - (renders[3].dueTime ?? .zero)).seconds, 0.04, "frame 3 was shown late")
            XCTAssertGreaterThan((renders[4].arrivalTime ?? .zero) - (renders[4].dueTime ?? .zero), .zero, "frame 4 reached the sink after it was due")
            for render in renders {
                XCTAssertEqual(render.releaseTime, render.dueTime, "frame \(render.presentationTime.nanoseconds / Int64(frame)) was ready when due")
            }
        }
    }

    func testDroppedFramesAreReadFromGstLaunchQoSMessages() {
        let output = """
        Got message #12 from element "vsink" (qos): GstMessageQOS, live=(boolean)false, processed=(guint64)40, dropped=(guint64)2;
        Got message #30 from element "asink" (qos): GstMessageQOS, live=(boolean)false, processed=(guint64)9, dropped=(guint64)7;
        Got message #31 from element "vsink" (qos): GstMessageQOS, live=(boolean)false, processed=(guint64)80, dropped=(guint64)5;
        """
        XCTAssertEqual(CostBench.droppedFrames(inGstLaunchOutput: output), 5)
        XCTAssertEqual(CostBench.droppedFrames(inGstLaunchOutput: "Got EOS"), 0)
    }
}
