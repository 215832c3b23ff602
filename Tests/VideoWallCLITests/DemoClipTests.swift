import Foundation
import GStreamerKit
@testable import videowall
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The demo's clips must look like the product: every tile a picture, not an empty box.
final class DemoClipTests: XCTestCase {
    func testEveryDemoClipIsMostlyPicture() throws {
        for clip in DemoCommand.clips {
            let frames = try lumaFrames(of: clip.spec, every: 10, count: 6)
            XCTAssertEqual(frames.count, 6, "\(clip.label): frames decoded")
            for (index, frame) in frames.enumerated() {
                let dark = Double(frame.filter { $0 < 40 }.count) / Double(frame.count)
                XCTAssertLessThan(dark, 0.5, "\(clip.label): frame \(index * 10) is \(Int(dark * 100)) % black")
            }
        }
    }

    /// The tall tile used to be a black box with a small ball in it, which looked like a
    /// failed tile; its picture must visibly move.
    func testTheTallDemoClipMovesAllOver() throws {
        let tall = try XCTUnwrap(DemoCommand.clips.first { $0.spec.height > $0.spec.width })
        let frames = try lumaFrames(of: tall.spec, every: 10, count: 6)
        // The burnt-in time code alone changes about 1 % of the picture.
        let moved = zip(frames, frames.dropFirst()).map { a, b in
            Double(zip(a, b).filter { abs(Int($0) - Int($1)) > 24 }.count) / Double(a.count)
        }
        XCTAssertEqual(moved.count, 5)
        XCTAssertGreaterThan(moved.min() ?? 0, 0.1, "share of the picture that changes every 10 frames: \(moved)")
    }

    /// Every `step`-th frame of the clip `spec` describes, as 8-bit luma rows without padding.
    private func lumaFrames(of spec: ClipSpec, every step: Int, count: Int) throws -> [[UInt8]] {
        let path = try onMainLoop(timeout: 120) { try await TestClips.clip(spec) }
        let pipeline = try Pipeline.parse("filesrc location=\"\(path)\" ! decodebin ! videoconvert ! video/x-raw,format=GRAY8 ! appsink name=sink sync=false")
        let sink = try AppSink(XCTUnwrap(pipeline.child(named: "sink")))
        pipeline.setState(.playing)
        defer { pipeline.setState(.null) }
        var frames: [[UInt8]] = []
        var index = 0
        while frames.count < count, let sample = sink.pullSample(timeout: .seconds(10)) {
            defer { index += 1 }
            guard index % step == 0 else { continue }
            let rows = sample.withMappedVideoFrame { frame in
                (0..<frame.height).flatMap { y in frame.bytes[(y * frame.stride)..<(y * frame.stride + frame.width)] }
            }
            frames.append(try XCTUnwrap(rows))
        }
        return frames
    }
}
