import XCTest
@testable import VideoWallCore

/// A wall's timeline as a leader sends it: positions and instants map both ways at its rate.
final class WallTimelineTests: XCTestCase {
    func testPlayingMapsPositionsAndInstantsAtItsRate() {
        let timeline = WallTimeline(isPlaying: true, position: .seconds(10), instant: .seconds(1000), rate: 2)
        XCTAssertEqual(timeline.position(at: .seconds(1003)), .seconds(16))
        XCTAssertEqual(timeline.position(at: .seconds(999)), .seconds(8), "before the instant too")
        XCTAssertEqual(timeline.instant(showing: .seconds(16)), .seconds(1003))
        XCTAssertEqual(timeline.instant(showing: .milliseconds(9_500)), .milliseconds(999_750))
    }

    func testPausedStandsStill() {
        let timeline = WallTimeline(isPlaying: false, position: .seconds(4), instant: .seconds(50))
        XCTAssertEqual(timeline.position(at: .seconds(80)), .seconds(4))
        XCTAssertNil(timeline.instant(showing: .seconds(5)))
    }
}
