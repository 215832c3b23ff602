import VideoWallCore
import XCTest

/// Frames lost before the sink, counted from the timestamps of the frames that arrived.
final class FrameGapCounterTests: XCTestCase {
    private let frame = MediaTime(nanoseconds: 16_666_667)

    private func at(_ index: Int) -> MediaTime { MediaTime(nanoseconds: Int64(index) * frame.nanoseconds) }

    func testEveryFramePresentMeansNoneSkipped() {
        var counter = FrameGapCounter()
        for i in 0..<120 { XCTAssertEqual(counter.frameArrived(at: at(i), duration: frame), 0) }
        XCTAssertEqual(counter.skipped, 0)
    }

    func testGapsCountTheFramesMissingBetweenArrivals() {
        var counter = FrameGapCounter()
        // Frames 0, 1, 4, 5, 9 arrive: 2, 3, 6, 7 and 8 were dropped upstream.
        for i in [0, 1] { counter.frameArrived(at: at(i), duration: frame) }
        XCTAssertEqual(counter.frameArrived(at: at(4), duration: frame), 2)
        counter.frameArrived(at: at(5), duration: frame)
        XCTAssertEqual(counter.frameArrived(at: at(9), duration: nil), 3, "a frame without a duration lasts as long as the one before")
        XCTAssertEqual(counter.skipped, 5)
    }

    func testANewSegmentIsNoGapAndBackwardsPlayCountsTheOtherWay() {
        var counter = FrameGapCounter()
        counter.frameArrived(at: at(100), duration: frame)
        counter.segmentStarted()  // a loop's next pass starts at 0
        XCTAssertEqual(counter.frameArrived(at: at(0), duration: frame), 0)
        counter.segmentStarted()  // reverse play from frame 50
        counter.frameArrived(at: at(50), duration: frame)
        XCTAssertEqual(counter.frameArrived(at: at(47), duration: frame), 2)
        XCTAssertEqual(counter.skipped, 2)
    }

    func testTimestampJitterIsNotAGap() {
        var counter = FrameGapCounter()
        // Timestamps rounded to milliseconds by a container (17, 33, 50, 67 ms...).
        for ms in [0, 17, 33, 50, 67, 83, 100] {
            XCTAssertEqual(counter.frameArrived(at: .milliseconds(Int64(ms)), duration: frame), 0)
        }
    }
}
