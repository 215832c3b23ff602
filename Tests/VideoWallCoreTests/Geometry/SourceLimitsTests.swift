import XCTest
@testable import VideoWallCore

final class SourceLimitsTests: XCTestCase {
    func testPicturesUpTo4096x2304AreAcceptedAndLargerOnesRefused() {
        for (width, height) in [(4096, 2304), (2304, 4096), (3840, 2160), (4096, 2160), (1920, 1080), (4096, 16)] {
            XCTAssertNil(SourceLimits.refusal(width: width, height: height), "\(width)x\(height)")
        }
        for (width, height) in [(7680, 4320), (4097, 100), (100, 4098), (3200, 3200), (4096, 2305)] {
            XCTAssertNotNil(SourceLimits.refusal(width: width, height: height), "\(width)x\(height)")
        }
        XCTAssertEqual(SourceLimits.refusal(width: 7680, height: 4320),
                       "the picture is 7680x4320, larger than a tile plays (at most 4096 pixels a side and 4096x2304 = 9437184 pixels)")
    }
}
