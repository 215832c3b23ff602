import VideoWallCore
import XCTest

/// Which buffers reach a decoder as the wall enters and leaves key-frames-only decoding.
final class KeyFrameFilterTests: XCTestCase {
    /// Feeds `count` buffers with a key frame every `interval`, returns which passed.
    private func feed(_ filter: inout KeyFrameFilter, from start: Int, count: Int, interval: Int = 10) -> [Int] {
        (start..<(start + count)).filter { filter.admits(isKeyFrame: $0 % interval == 0) }
    }

    func testEverythingPassesUntilAskedOtherwise() {
        var filter = KeyFrameFilter()
        XCTAssertEqual(feed(&filter, from: 0, count: 25), Array(0..<25))
        XCTAssertEqual(filter.skipped, 0)
    }

    func testKeyFramesOnlyThenBackFromTheNextKeyFrame() {
        var filter = KeyFrameFilter()
        XCTAssertEqual(feed(&filter, from: 0, count: 5), [0, 1, 2, 3, 4])
        filter.setKeyFramesOnly(true)
        XCTAssertEqual(feed(&filter, from: 5, count: 20), [10, 20])
        filter.setKeyFramesOnly(false)
        // Frame 25 refers to frames that were never decoded: wait for 30.
        XCTAssertEqual(feed(&filter, from: 25, count: 10), [30, 31, 32, 33, 34])
        XCTAssertEqual(filter.skipped, 18 + 5)
    }

    func testLeavingRightAfterAKeyFrameStillWaitsForTheNext() {
        var filter = KeyFrameFilter()
        filter.setKeyFramesOnly(true)
        XCTAssertEqual(feed(&filter, from: 0, count: 1), [0])
        filter.setKeyFramesOnly(false)
        // The skip could have begun before the key frame's group was fed: the next group is safe.
        XCTAssertEqual(feed(&filter, from: 1, count: 12), [10, 11, 12])
        filter.setKeyFramesOnly(false)
        XCTAssertEqual(feed(&filter, from: 13, count: 3), [13, 14, 15], "asking again for what is on changes nothing")
    }
}
