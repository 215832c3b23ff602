@testable import videowall
import VideoWallProtocol
import XCTest

/// How a follower showing several screens on its monitors names them to its leader.
final class ScreenListTests: XCTestCase {
    func testTheScreensAreListedWithinTheLongestNameALeaderTakes() {
        XCTAssertEqual(PlayCommand.screenList(["left", "right"]), "left, right")
        XCTAssertEqual(PlayCommand.screenList(["portrait"]), "portrait")
        // Six names of 64 letters: three fit in 253 bytes with ", ..." after them.
        let long = (0..<6).map { String(repeating: String(UnicodeScalar(UInt8(97 + $0))), count: 64) }
        let list = PlayCommand.screenList(long)
        XCTAssertLessThanOrEqual(list.utf8.count, FollowerReport.longestName)
        XCTAssertEqual(list.components(separatedBy: ", "), Array(long.prefix(3)) + ["..."])
    }
}
