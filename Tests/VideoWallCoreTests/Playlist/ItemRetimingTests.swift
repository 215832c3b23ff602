import VideoWallCore
import XCTest

/// Items reshaped by their in and out points and speed, each following the last one shown by
/// exactly its last frame's end, whatever GStreamer's own placing of them as whole items.
final class ItemRetimingTests: XCTestCase {
    private let frame = MediaTime.milliseconds(40)

    /// Feeds `count` frames from `from` (25 fps).
    private func play(_ retiming: inout ItemRetiming, from: MediaTime = .zero, count: Int) {
        for i in 0..<count { _ = retiming.frame(at: from + frame * Double(i), duration: frame) }
    }

    private func whole(base: MediaTime, start: MediaTime = .zero, time: MediaTime = .zero) -> ItemRetiming.Segment {
        ItemRetiming.Segment(start: start, time: time, base: base)
    }

    func testWholeItemsAtTheWallsRateAreLeftAsGStreamerPlacedThem() {
        var retiming = ItemRetiming()
        XCTAssertEqual(retiming.itemStarts(whole(base: .zero), shape: .init()), whole(base: .zero))
        play(&retiming, count: 25)
        XCTAssertEqual(retiming.itemStarts(whole(base: .seconds(1)), shape: .init()), whole(base: .seconds(1)))
        XCTAssertEqual(retiming.correction, .zero)
    }

    func testASpeedChangesTheRateAndMovesTheItemsAfterIt() {
        var retiming = ItemRetiming()
        let fast = retiming.itemStarts(whole(base: .seconds(5)), shape: .init(speed: 2))
        XCTAssertEqual(fast.rate, 2)
        XCTAssertEqual(fast.base, .seconds(5), "the first item starts where it was placed")
        play(&retiming, count: 50)  // 2 s of media, shown in 1 s
        let next = retiming.itemStarts(whole(base: .seconds(7)), shape: .init(speed: 0.5))
        XCTAssertEqual(next.base, .seconds(6), "the next follows the fast one's last frame")
        play(&retiming, count: 25)  // 1 s of media, shown in 2 s
        XCTAssertEqual(retiming.itemStarts(whole(base: .seconds(8)), shape: .init()).base, .seconds(8),
                       "after one faster and one slower, even again")
    }

    func testInAndOutPointsCutTheItemAndTheNextFollowsTheLastFrameShown() {
        var retiming = ItemRetiming()
        // A transport stream's item: its segment starts at PTS 10 s for stream time 0.
        let cut = retiming.itemStarts(whole(base: .zero, start: .seconds(10), time: .zero),
                                      shape: .init(inPoint: .seconds(1), outPoint: .seconds(3)))
        XCTAssertEqual(cut.start, .seconds(11))
        XCTAssertEqual(cut.time, .seconds(1))
        XCTAssertEqual(cut.stop, .seconds(13))
        XCTAssertEqual(cut.base, .zero, "the in point's frame is shown at the item's place")
        XCTAssertFalse(retiming.frame(at: .seconds(10.96), duration: frame), "a frame that only overlaps the in point is not shown")
        XCTAssertTrue(retiming.frame(at: .seconds(11), duration: frame))
        XCTAssertFalse(retiming.frame(at: .seconds(13), duration: frame), "nor one at the out point")
        retiming.restart()
        _ = retiming.itemStarts(whole(base: .zero, start: .seconds(10), time: .zero), shape: .init(inPoint: .seconds(1), outPoint: .seconds(3)))
        play(&retiming, from: .seconds(10), count: 125)  // the whole 5 s pass by; 2 s are shown
        let next = retiming.itemStarts(whole(base: .seconds(5)), shape: .init())
        XCTAssertEqual(next.base, .seconds(2), "the next item comes after the out point's frame")
        XCTAssertEqual(retiming.correction, .seconds(3))
    }

    func testARestartForgetsTheItemsBefore() {
        var retiming = ItemRetiming()
        _ = retiming.itemStarts(whole(base: .zero), shape: .init(speed: 4))
        play(&retiming, count: 100)
        retiming.restart()
        XCTAssertEqual(retiming.itemStarts(whole(base: .seconds(2)), shape: .init()).base, .seconds(2))
    }

    func testPointsOutsideTheMediaAreKeptInside() {
        var retiming = ItemRetiming()
        let segment = retiming.itemStarts(whole(base: .zero), shape: .init(inPoint: .seconds(2), outPoint: .seconds(1)))
        XCTAssertEqual(segment.start, .seconds(2))
        XCTAssertEqual(segment.stop, .seconds(2), "an out point before the in point shows nothing rather than going backwards")
    }
}
