import XCTest
@testable import VideoWallCore

final class FrameMathTests: XCTestCase {
    private let frame25 = MediaTime.milliseconds(40)

    func testFrameIndexRoundsToNearest() {
        let cases: [(MediaTime, Int64)] = [
            (.zero, 0), (MediaTime(nanoseconds: 19_999_999), 0), (.milliseconds(20), 1), (.milliseconds(39), 1),
            (.seconds(1), 25), (MediaTime(nanoseconds: 999_999_000), 25), (.milliseconds(-10), 0),
            (.milliseconds(-30), -1),
        ]
        for (time, expected) in cases {
            XCTAssertEqual(FrameMath.frameIndex(of: time, frameDuration: frame25), expected, "\(time)")
        }
        XCTAssertEqual(FrameMath.frameIndex(of: .seconds(3), frameDuration: .zero), 0)
    }

    func testRoundTripAtNTSCRate() {
        let ntsc = MediaTime(nanoseconds: 33_366_667) // 1001/30000 s
        for frame in Int64(0)..<2000 {
            XCTAssertEqual(FrameMath.frameIndex(of: FrameMath.time(ofFrame: frame, frameDuration: ntsc), frameDuration: ntsc), frame)
        }
    }

    func testSteppedTarget() {
        let cases: [(MediaTime, Int, MediaTime?, MediaTime)] = [
            (.seconds(1), 1, .seconds(10), .milliseconds(1040)),
            (.seconds(1), -1, .seconds(10), .milliseconds(960)),
            (.milliseconds(999), 1, nil, .milliseconds(1040)),
            (.milliseconds(1013), 0, nil, .seconds(1)),
            (.zero, -1, .seconds(10), .zero),
            (.milliseconds(9_980), 5, .seconds(10), .milliseconds(9_960)),
            (.milliseconds(9_990), 1, .milliseconds(10_010), .seconds(10)),
            (.seconds(100), 1, nil, .milliseconds(100_040)),
            (.seconds(1), -100, nil, .zero),
        ]
        for (position, frames, duration, expected) in cases {
            XCTAssertEqual(FrameMath.steppedTarget(from: position, frames: frames, frameDuration: frame25, duration: duration),
                           expected, "\(position) \(frames > 0 ? "+" : "")\(frames)")
        }
        XCTAssertEqual(FrameMath.steppedTarget(from: .seconds(2), frames: 1, frameDuration: .zero, duration: nil), .seconds(2))
    }

    func testPlaybackRateSteps() {
        let faster: [(Double, Double)] = [(1, 1.25), (0.25, 0.5), (2, 4), (4, 4), (8, 4), (1.1, 1.25), (0.1, 0.25)]
        for (rate, expected) in faster {
            XCTAssertEqual(PlaybackRate.faster(than: rate), expected, "faster than \(rate)")
        }
        let slower: [(Double, Double)] = [(1, 0.75), (0.5, 0.25), (0.25, 0.25), (0.1, 0.25), (1.1, 1), (10, 4), (4, 2)]
        for (rate, expected) in slower {
            XCTAssertEqual(PlaybackRate.slower(than: rate), expected, "slower than \(rate)")
        }
    }
}
