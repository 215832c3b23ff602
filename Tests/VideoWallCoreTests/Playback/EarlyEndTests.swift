import VideoWallCore
import XCTest

final class EarlyEndTests: XCTestCase {
    func testOnlyAnEndWellShortOfTheAnnouncedDurationIsEarly() {
        let duration = MediaTime.milliseconds(3000)
        XCTAssertNil(EarlyEnd.missing(endedAt: .milliseconds(2967), announced: duration), "the last frame starts a frame before the end")
        XCTAssertNil(EarlyEnd.missing(endedAt: .milliseconds(2500), announced: duration), "half a second is within rounding of containers")
        XCTAssertEqual(EarlyEnd.missing(endedAt: .milliseconds(1533), announced: duration), .milliseconds(1467))
        XCTAssertNil(EarlyEnd.missing(endedAt: .milliseconds(3100), announced: duration), "running past the announced end is not early")
        XCTAssertEqual(EarlyEnd.warning(endedAt: .milliseconds(1533), announced: duration),
                       "ended at 00:00:01.533 of 00:00:03.000: the source may be cut short")
    }
}
