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

    /// A skipped segment is announced when its fetch fails, before the frames ahead of it are
    /// shown, and a seek may come in between: the next long gap is the hole, not frames lost;
    /// a short gap (a frame or two a busy machine lost) is still counted meanwhile.
    func testAnAnnouncedGapIsNotFramesLost() {
        var counter = FrameGapCounter()
        counter.frameArrived(at: at(0), duration: frame)
        counter.gapAnnounced()
        XCTAssertTrue(counter.awaitsAnnouncedGap)
        XCTAssertEqual(counter.frameArrived(at: at(3), duration: frame), 2, "two frames lost are not the hole")
        counter.segmentStarted()  // a seek before the hole: still ahead
        counter.frameArrived(at: at(10), duration: frame)
        XCTAssertEqual(counter.frameArrived(at: at(41), duration: frame), 0, "a second of media that does not exist")
        XCTAssertFalse(counter.awaitsAnnouncedGap)
        XCTAssertEqual(counter.lastAnnouncedGapEnd, at(41))
        XCTAssertEqual(counter.frameArrived(at: at(72), duration: frame), 30, "an unannounced gap is counted")
        XCTAssertEqual(counter.skipped, 32)
    }
}
