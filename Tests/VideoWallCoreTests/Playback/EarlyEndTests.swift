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

    func testAStreamOfOneFrameASecondEndsASecondAfterItsLastFrame() {
        // An ASF of two frames a second apart whose caps say 25 fps: the last frame's buffer
        // lasts 40 ms, so the stream seemed to end at 1.04 s of 2 s.
        let duration = MediaTime.seconds(2)
        XCTAssertNil(EarlyEnd.missing(endedAt: .milliseconds(1040), announced: duration, frameInterval: .seconds(1)))
        XCTAssertEqual(EarlyEnd.missing(endedAt: .milliseconds(1040), announced: duration, frameInterval: .milliseconds(40)), .milliseconds(960),
                       "a 25 fps stream that stops there was cut short")
    }
}
