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
            return zip(keys, renders).map { (key: $0, time: $1.clockTime) }
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
