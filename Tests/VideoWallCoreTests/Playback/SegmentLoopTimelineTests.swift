import VideoWallCore
import XCTest

/// The base each pass of a segment loop gets, fed the way a demuxer's pads carry it.
final class SegmentLoopTimelineTests: XCTestCase {
    private let video: UInt = 1, audio: UInt = 2
    private let frame = MediaTime(nanoseconds: 33_333_333)

    /// Feeds one pass of a 60-frame clip with sound: frames of `frame`, audio 10 ms longer.
    private func playPass(_ timeline: inout SegmentLoopTimeline, audioEnd: MediaTime) {
        for i in 0..<60 {
            timeline.buffer(stream: video, presentationTime: MediaTime(nanoseconds: Int64(i) * frame.nanoseconds), duration: frame)
        }
        timeline.buffer(stream: audio, presentationTime: audioEnd - .milliseconds(20), duration: .milliseconds(20))
    }

    func testEveryStreamOfAPassGetsTheBaseWhereTheLongestStreamOfTheLastPassEnded() {
        var timeline = SegmentLoopTimeline()
        XCTAssertNil(timeline.segment(stream: video, start: .zero, base: .zero, rate: 1), "the first pass keeps its base")
        XCTAssertNil(timeline.segment(stream: audio, start: .zero, base: .zero, rate: 1))
        let audioEnd = MediaTime(nanoseconds: 60 * frame.nanoseconds) + .milliseconds(10)
        playPass(&timeline, audioEnd: audioEnd)
        // GStreamer's own base is the start of the last buffer; each stream has a different one.
        XCTAssertEqual(timeline.segment(stream: video, start: .zero, base: MediaTime(nanoseconds: 59 * frame.nanoseconds), rate: 1), audioEnd)
        XCTAssertEqual(timeline.segment(stream: audio, start: .zero, base: audioEnd - .milliseconds(20), rate: 1), audioEnd)
        playPass(&timeline, audioEnd: audioEnd)
        XCTAssertEqual(timeline.segment(stream: video, start: .zero, base: .seconds(3.9), rate: 1), audioEnd + audioEnd, "passes add up")
    }

    func testAPassEndingBeforeTheEarliestEndIsHeldToItFromWhereverItBegan() {
        var timeline = SegmentLoopTimeline()
        timeline.earliestPassEnd = .seconds(2.1)
        // The first pass began where a seek put it, 0.5 s in: it lasts until 2.1 s, 1.6 s.
        XCTAssertNil(timeline.segment(stream: video, start: .seconds(0.5), base: .zero, rate: 1))
        XCTAssertNil(timeline.segment(stream: audio, start: .seconds(0.5), base: .zero, rate: 1))
        playPass(&timeline, audioEnd: .seconds(2.01))
        XCTAssertEqual(timeline.segment(stream: video, start: .zero, base: .seconds(1.9), rate: 1), .seconds(1.6), "held to the group's wrap")
        XCTAssertEqual(timeline.segment(stream: audio, start: .zero, base: .seconds(1.99), rate: 1), .seconds(1.6))
        playPass(&timeline, audioEnd: .seconds(2.01))
        XCTAssertEqual(timeline.segment(stream: video, start: .zero, base: .seconds(3), rate: 1), .seconds(3.7), "a whole pass: 2.1 s")
        timeline.earliestPassEnd = .seconds(1)
        playPass(&timeline, audioEnd: .seconds(2.01))
        XCTAssertEqual(timeline.segment(stream: video, start: .zero, base: .seconds(5), rate: 1), .seconds(3.7) + MediaTime(nanoseconds: 60 * frame.nanoseconds),
                       "its own length (the sound has not begun this pass)")
    }

    func testAPassThatStartedMidwayAtDoubleSpeedLastsHalfItsRemainingLength() {
        var timeline = SegmentLoopTimeline()
        XCTAssertNil(timeline.segment(stream: video, start: .seconds(1), base: .seconds(5), rate: 2))
        timeline.buffer(stream: video, presentationTime: .seconds(2.9), duration: .milliseconds(100))
        XCTAssertEqual(timeline.segment(stream: video, start: .zero, base: .seconds(5.9), rate: 2), .seconds(6))
    }

    func testAFlushStartsANewRunAndAPassWithNoBuffersKeepsGStreamersBase() {
        var timeline = SegmentLoopTimeline()
        _ = timeline.segment(stream: video, start: .zero, base: .zero, rate: 1)
        timeline.buffer(stream: video, presentationTime: .seconds(1), duration: .seconds(1))
        timeline.flushed()
        XCTAssertNil(timeline.segment(stream: video, start: .seconds(3), base: .zero, rate: 1), "after a flush the seek's segment is kept")
        XCTAssertNil(timeline.segment(stream: video, start: .zero, base: .seconds(1), rate: 1), "no buffer ended the pass: nothing to go by")
    }
}
