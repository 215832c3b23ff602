@testable import VideoWallEngine
import XCTest

/// The rule that decides which errors of a segment fetcher its demuxer never sees.
final class FetchGateTests: XCTestCase {
    func testAMissingSegmentAndTheErrorAfterItAreDroppedAndOtherErrorsPass() {
        let gate = FetchGate(limit: 3)
        XCTAssertEqual(gate.verdict(httpStatus: 404), .skip)
        XCTAssertEqual(gate.verdict(httpStatus: nil), .dropFollowingError, "the source's flow error after the 404")
        XCTAssertEqual(gate.verdict(httpStatus: nil), .forward, "any other error reaches the demuxer")
    }

    func testMoreMissingSegmentsInARowThanTheLimitGoThrough() {
        let gate = FetchGate(limit: 2)
        XCTAssertEqual(gate.verdict(httpStatus: 404), .skip)
        XCTAssertEqual(gate.verdict(httpStatus: nil), .dropFollowingError)
        XCTAssertEqual(gate.verdict(httpStatus: 410), .skip)
        XCTAssertEqual(gate.verdict(httpStatus: nil), .dropFollowingError)
        XCTAssertEqual(gate.verdict(httpStatus: 404), .forward, "a stream that is gone fails")
        XCTAssertEqual(gate.verdict(httpStatus: nil), .forward)
        gate.dataArrived()
        XCTAssertEqual(gate.verdict(httpStatus: 404), .skip, "data between two holes starts the count again")
    }
}
