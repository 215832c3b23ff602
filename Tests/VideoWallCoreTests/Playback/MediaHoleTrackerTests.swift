import VideoWallCore
import XCTest

/// A hole in the media (a segment the source does not have) told apart from ordinary streams,
/// whose frames are often not evenly spaced.
final class MediaHoleTrackerTests: XCTestCase {
    private let frame = MediaTime(nanoseconds: 16_666_667)

    private func at(_ index: Int) -> MediaTime { MediaTime(nanoseconds: Int64(index) * frame.nanoseconds) }

    /// Sparse streams (AVI null frames, a screencast's still stretches, a phone's variable frame
    /// rate) jump in their timestamps: with no hole announced, no jump is one.
    func testJumpsInAStreamAreNotHolesUnlessAnnounced() {
        var tracker = MediaHoleTracker()
        for i in [0, 1, 11, 17, 24, 90, 91] { XCTAssertFalse(tracker.frameArrived(at: at(i), duration: frame)) }
        XCTAssertFalse(tracker.awaitsAnnouncedHole)
        XCTAssertNil(tracker.lastHoleEnd)
    }

    /// A skipped segment is announced when its fetch fails, before the frames ahead of it are
    /// shown, and a seek may come in between: the next long jump is the hole, a short one is not.
    func testAnAnnouncedHoleIsTheNextLongJump() {
        var tracker = MediaHoleTracker()
        tracker.frameArrived(at: at(0), duration: frame)
        tracker.holeAnnounced()
        XCTAssertTrue(tracker.awaitsAnnouncedHole)
        XCTAssertFalse(tracker.frameArrived(at: at(3), duration: frame), "two frames apart is not the hole")
        XCTAssertTrue(tracker.awaitsAnnouncedHole)
        tracker.segmentStarted()  // a seek before the hole: still ahead
        XCTAssertFalse(tracker.frameArrived(at: at(10), duration: frame), "the first frame of a segment has nothing before it")
        XCTAssertTrue(tracker.frameArrived(at: at(41), duration: nil), "a second of media that does not exist")
        XCTAssertFalse(tracker.awaitsAnnouncedHole)
        XCTAssertEqual(tracker.lastHoleEnd, at(41))
        XCTAssertFalse(tracker.frameArrived(at: at(72), duration: frame), "a jump with no hole announced")
        XCTAssertEqual(tracker.lastHoleEnd, at(41))
    }

    func testBackwardsPlayMeasuresTheJumpTheOtherWay() {
        var tracker = MediaHoleTracker()
        tracker.frameArrived(at: at(50), duration: frame)
        tracker.holeAnnounced()
        XCTAssertTrue(tracker.frameArrived(at: at(20), duration: frame))
    }
}
