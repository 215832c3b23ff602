import GStreamerKit
import XCTest

final class AppSinkTests: XCTestCase {
    /// A pulled sample the program still holds (the frame on screen) keeps its own caps, and
    /// the samples after a caps change carry the new ones.
    func testHeldSampleDoesNotFreezeTheCapsOfLaterSamples() throws {
        let pipeline = try Pipeline.parse("appsrc name=src ! appsink name=sink sync=false")
        let source = try AppSource(XCTUnwrap(pipeline.child(named: "src")), caps: Caps("video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1"))
        let sink = try AppSink(XCTUnwrap(pipeline.child(named: "sink")))
        pipeline.setState(.playing)
        defer { pipeline.setState(.null) }

        try source.push([UInt8](repeating: 0, count: 16 * 16), presentationTime: .zero)
        let first = try XCTUnwrap(sink.pullSample(timeout: .seconds(5)))
        try source.set("caps", caps: Caps("video/x-raw,format=GRAY8,width=32,height=32,framerate=30/1"))
        try source.push([UInt8](repeating: 0, count: 32 * 32), presentationTime: ClockTime(nanoseconds: 33_333_333))
        let second = try XCTUnwrap(sink.pullSample(timeout: .seconds(5)))

        XCTAssertEqual(first.caps?.videoFormat?.width, 16, "the held sample keeps its caps")
        XCTAssertEqual(second.caps?.videoFormat?.width, 32, "the next sample has the new caps")
        XCTAssertEqual(second.bytes().count, 32 * 32)
    }

    /// A paused pipeline hands its first buffer to the sink as a preroll, not as a sample.
    func testPausedPipelineDeliversItsFrameAsAPreroll() throws {
        let pipeline = try Pipeline.parse("appsrc name=src ! appsink name=sink")
        let source = try AppSource(XCTUnwrap(pipeline.child(named: "src")), caps: Caps("video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1"))
        let sink = try AppSink(XCTUnwrap(pipeline.child(named: "sink")))
        let prerolled = expectation(description: "new-preroll")
        let preroll = try sink.onNewPreroll { sample in
            XCTAssertEqual(sample.presentationTime, ClockTime(nanoseconds: 100_000_000))
            prerolled.fulfill()
        }
        defer { preroll.disconnect() }
        pipeline.setState(.paused)
        defer { pipeline.setState(.null) }

        try source.push([UInt8](repeating: 0, count: 16 * 16), presentationTime: ClockTime(nanoseconds: 100_000_000))
        wait(for: [prerolled], timeout: 5)
        XCTAssertNil(sink.pullSample(timeout: .zero), "paused, the frame is no sample yet")
    }
}
