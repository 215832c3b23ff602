import VideoWallCore
import XCTest

final class RecoveryPolicyTests: XCTestCase {
    func testDelaysDoubleUpToTheLongest() {
        let policy = RecoveryPolicy.forever
        XCTAssertEqual((1...8).map { policy.delay(beforeAttempt: $0) },
                       [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
        XCTAssertEqual(policy.delay(beforeAttempt: 1_000_000), .seconds(30), "for ever means for ever, without overflow")
        XCTAssertNil(policy.delay(beforeAttempt: 0))
    }

    func testACountStopsTheAttempts() {
        let three = RecoveryPolicy(attempts: 3)
        XCTAssertNotNil(three.delay(beforeAttempt: 3))
        XCTAssertNil(three.delay(beforeAttempt: 4))
        XCTAssertNil(RecoveryPolicy.never.delay(beforeAttempt: 1))
    }

    func testTheOptionsSpelling() {
        XCTAssertEqual(RecoveryPolicy(parsing: "no"), .never)
        XCTAssertEqual(RecoveryPolicy(parsing: "inf"), .forever)
        XCTAssertEqual(RecoveryPolicy(parsing: "5")?.attempts, 5)
        for bad in ["", "-1", "1001", "1e3", "five", "99999999999999999999", "５"] {
            XCTAssertNil(RecoveryPolicy(parsing: bad), bad)
        }
    }
}
