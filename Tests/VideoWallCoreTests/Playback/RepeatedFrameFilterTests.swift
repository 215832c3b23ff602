import VideoWallCore
import XCTest

final class RepeatedFrameFilterTests: XCTestCase {
    func testARunOfFramesStampedOneTimeKeepsItsFirst() {
        var filter = RepeatedFrameFilter()
        let times: [Int64?] = [0, 40, 40, 40, 80, nil, nil, 120, 120]
        let admitted = times.map { filter.admits(presentationTime: $0.map(MediaTime.milliseconds)) }
        XCTAssertEqual(admitted, [true, true, false, false, true, true, true, true, false])
        XCTAssertEqual(filter.repeated, 3)
    }

    /// A new segment (a loop's next pass, a seek back) starts over: its first frame may
    /// have the time the last one had.
    func testANewSegmentMayRepeatTheLastTime() {
        var filter = RepeatedFrameFilter()
        XCTAssertTrue(filter.admits(presentationTime: .milliseconds(0)))
        filter.segmentStarted()
        XCTAssertTrue(filter.admits(presentationTime: .milliseconds(0)))
        XCTAssertFalse(filter.admits(presentationTime: .milliseconds(0)))
    }

    func testItKnowsHowFarApartTheLastTwoFramesWere() {
        var filter = RepeatedFrameFilter()
        XCTAssertTrue(filter.admits(presentationTime: .zero))
        XCTAssertNil(filter.lastInterval, "one frame tells no interval")
        _ = filter.admits(presentationTime: .milliseconds(40))
        _ = filter.admits(presentationTime: .milliseconds(40))
        _ = filter.admits(presentationTime: .milliseconds(1040))
        XCTAssertEqual(filter.lastInterval, .seconds(1), "a repeat is not a frame: 40 ms to 1.04 s")
    }
}
