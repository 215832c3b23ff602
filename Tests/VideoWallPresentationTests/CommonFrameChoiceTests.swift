import VideoWallCore
import VideoWallPresentation
import XCTest

/// Which frame each tile paints so the wall shows one instant.
final class CommonFrameChoiceTests: XCTestCase {
    private let period = MediaTime(nanoseconds: 16_666_667)

    /// Frames with the given indices of a 60 fps stream.
    private func frames(_ indices: [Int], period: MediaTime? = nil) -> [CommonFrameChoice.Frame] {
        let period = period ?? self.period
        return indices.map { CommonFrameChoice.Frame(due: MediaTime(nanoseconds: Int64($0) * period.nanoseconds), duration: period) }
    }

    func testTilesThatKeepUpShowTheNewestFrame() throws {
        let choice = try XCTUnwrap(CommonFrameChoice.choose([frames([7]), frames([6, 7]), frames([7])]))
        XCTAssertEqual(choice.frames, [0, 1, 0])
        XCTAssertEqual(choice.instant, frames([7])[0].due)
    }

    func testATileWhoseFrameHasNotArrivedHoldsTheOthersBack() throws {
        // Tile 2's thread has not delivered frame 8 yet: all show 7 on this repaint.
        let choice = try XCTUnwrap(CommonFrameChoice.choose([frames([7, 8]), frames([7, 8]), frames([7])]))
        XCTAssertEqual(choice.frames, [0, 0, 0])
    }

    func testTimestampsRoundedApartDoNotPairAFrameWithTheNextOne() throws {
        // Tile 1's container rounds its times 11 µs earlier (90 kHz against milliseconds);
        // its frame 8 has arrived, tile 0's has not: both show 7, not 7 beside 8.
        let early = frames([7, 8]).map { CommonFrameChoice.Frame(due: $0.due - MediaTime(nanoseconds: 11_000), duration: $0.duration) }
        let choice = try XCTUnwrap(CommonFrameChoice.choose([frames([7]), early]))
        XCTAssertEqual(choice.frames, [0, 0])
        // Once tile 0's frame 8 is there too, both show 8.
        XCTAssertEqual(try XCTUnwrap(CommonFrameChoice.choose([frames([7, 8]), early])).frames, [1, 1])
    }

    func testAFrameOneTileDroppedIsSkippedEverywhere() throws {
        // Tile 1 dropped frames 11 and 12: the newest frame all three have is 10.
        let choice = try XCTUnwrap(CommonFrameChoice.choose([frames([10, 11, 12, 13]), frames([10, 13]), frames([9, 10, 11, 12])]))
        XCTAssertEqual(choice.frames, [0, 0, 1])
        XCTAssertEqual(choice.instant, frames([10])[0].due)
    }

    func testDifferentFrameRatesMeetWhereTheirFramesOverlap() throws {
        // A 30 fps tile's frame 5 covers 60 fps frames 10 and 11.
        let slow = frames([4, 5], period: MediaTime(nanoseconds: 33_333_333))
        let choice = try XCTUnwrap(CommonFrameChoice.choose([frames([9, 10, 11, 12]), slow]))
        XCTAssertEqual(choice.frames, [2, 1], "the 60 fps tile shows frame 11, the newest the 30 fps frame 5 covers")
    }

    func testWithNoCommonInstantEachShowsItsFrameBeforeTheSlowestOne() throws {
        // Far apart with gaps: no instant covered by both.
        let choice = try XCTUnwrap(CommonFrameChoice.choose([frames([20, 40]), frames([30])]))
        XCTAssertEqual(choice.frames, [0, 0])
        XCTAssertNil(CommonFrameChoice.choose([]))
        XCTAssertNil(CommonFrameChoice.choose([frames([1]), []]))
    }
}
