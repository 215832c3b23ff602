import VideoWallCore
import XCTest

/// Key frames only while overloaded, with a trial of every frame now and then.
final class OverloadResponseTests: XCTestCase {
    private func at(_ seconds: Int64) -> MediaTime { .milliseconds(seconds * 1000) }

    func testAMachineThatKeepsUpDecodesEveryFrame() {
        var response = OverloadResponse()
        for second in 0..<30 { XCTAssertEqual(response.update(overloaded: false, at: at(Int64(second))), .none) }
        XCTAssertFalse(response.keyFramesOnly)
    }

    func testOverloadGivesKeyFramesOnlyThenATrialThatCanFail() {
        var response = OverloadResponse(trialAfter: at(10), trialLength: at(3))
        XCTAssertEqual(response.update(overloaded: false, at: at(0)), .none)
        XCTAssertEqual(response.update(overloaded: true, at: at(2)), .keyFramesOnly)
        // Key frames only, the meter still says overloaded (it counts the frames left out).
        for second in 3..<12 { XCTAssertEqual(response.update(overloaded: true, at: at(Int64(second))), .none) }
        XCTAssertEqual(response.update(overloaded: true, at: at(12)), .everyFrame(trial: true))
        XCTAssertEqual(response.update(overloaded: true, at: at(13)), .none, "a trial waits for its own window")
        XCTAssertEqual(response.update(overloaded: true, at: at(14)), .none)
        XCTAssertEqual(response.update(overloaded: true, at: at(15)), .keyFramesOnly, "still too slow: back to key frames")
        XCTAssertTrue(response.keyFramesOnly)
    }

    func testATrialThatKeepsUpEndsTheOverload() {
        var response = OverloadResponse(trialAfter: at(10), trialLength: at(3))
        XCTAssertEqual(response.update(overloaded: true, at: at(0)), .keyFramesOnly)
        XCTAssertEqual(response.update(overloaded: true, at: at(10)), .everyFrame(trial: true))
        XCTAssertEqual(response.update(overloaded: false, at: at(13)), .none)
        XCTAssertFalse(response.keyFramesOnly)
        XCTAssertEqual(response.update(overloaded: false, at: at(30)), .none)
    }

    func testAPauseOrSeekGoesBackToEveryFrameAtOnce() {
        var response = OverloadResponse()
        XCTAssertEqual(response.reset(), .none)
        XCTAssertEqual(response.update(overloaded: true, at: at(0)), .keyFramesOnly)
        XCTAssertEqual(response.reset(), .everyFrame(trial: false))
        XCTAssertFalse(response.keyFramesOnly)
        XCTAssertEqual(response.update(overloaded: true, at: at(1)), .keyFramesOnly, "still overloaded after it: key frames again")
    }
}
