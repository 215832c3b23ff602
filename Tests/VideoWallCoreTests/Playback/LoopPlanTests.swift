import XCTest
@testable import VideoWallCore

final class LoopPlanTests: XCTestCase {
    func testMethods() {
        let frame25 = MediaTime.milliseconds(40), frame60 = MediaTime(nanoseconds: 16_666_667)
        let cases: [(String, [MediaTime?], [MediaTime?], MediaTime?, [LoopMethod])] = [
            ("within a frame is gapless, shorter re-arms, live is not looped",
             [.seconds(10), .milliseconds(10_020), .seconds(5), nil], [frame25, frame25, frame25, nil],
             .milliseconds(10_020), [.gapless, .gapless, .rearmAtWrap, .none]),
            ("a 60 fps tile 20 ms short is more than a frame short",
             [.seconds(10), .milliseconds(9_980)], [frame60, frame60], .seconds(10), [.gapless, .rearmAtWrap]),
            ("unknown frame rate uses the default tolerance",
             [.seconds(10), .milliseconds(9_960), .milliseconds(9_900)], [nil, nil, nil], .seconds(10),
             [.gapless, .gapless, .rearmAtWrap]),
            ("missing frame durations count as unknown", [.seconds(3), .seconds(1)], [], .seconds(3), [.gapless, .rearmAtWrap]),
            ("nothing known", [nil, nil], [nil, nil], nil, [.none, .none]),
            ("zero duration is not loopable", [.zero, .seconds(2)], [frame25, frame25], .seconds(2), [.none, .gapless]),
        ]
        for (label, durations, frames, group, methods) in cases {
            let plan = LoopPlan.make(durations: durations, frameDurations: frames)
            XCTAssertEqual(plan.groupDuration, group, label)
            XCTAssertEqual(durations.indices.map(plan.method(forTile:)), methods, label)
            XCTAssertEqual(plan.method(forTile: durations.count), LoopMethod.none, "out of range: \(label)")
            XCTAssertEqual(plan.method(forTile: -1), LoopMethod.none, "negative: \(label)")
        }
    }

    func testATileThatCanHoldLoopsGaplesslyUpToHalfASecondShortAndEveryPassLastsAsLongAsTheGroups() {
        let frame30 = MediaTime(nanoseconds: 33_333_333)
        // A phone clip 44 ms short (more than a frame): no time to re-arm it before the wrap.
        let plan = LoopPlan.make(durations: [.milliseconds(8_100), .milliseconds(8_056), .milliseconds(8_056), .seconds(7)],
                                 frameDurations: [frame30, frame30, frame30, frame30], holdsToWrap: [true, true, false, true])
        XCTAssertEqual((0..<4).map(plan.method(forTile:)), [.gapless, .gapless, .rearmAtWrap, .rearmAtWrap])
        XCTAssertEqual((0..<4).map(plan.heldPassLength(forTile:)), [.milliseconds(8_100), .milliseconds(8_100), nil, nil],
                       "a network tile cannot hold; a tile 1.1 s short is re-armed")
    }

    func testWrapRunningTimes() {
        let plan = LoopPlan.make(durations: [.milliseconds(10_020), .seconds(4)], frameDurations: [nil, nil])
        let cases: [(Int, MediaTime?)] = [(0, .zero), (1, .milliseconds(10_020)), (3, .milliseconds(30_060)), (-1, nil)]
        for (loop, expected) in cases {
            XCTAssertEqual(plan.wrapRunningTime(loop: loop), expected, "loop \(loop)")
        }
        XCTAssertNil(LoopPlan.make(durations: [nil], frameDurations: [nil]).wrapRunningTime(loop: 1))
    }
}
