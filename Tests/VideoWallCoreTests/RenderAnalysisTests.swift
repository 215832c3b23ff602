import VideoWallCore
import XCTest

final class RenderAnalysisTests: XCTestCase {
    let frame = MediaTime(nanoseconds: 33_333_333)

    private func renders(offsetFrames: Int, count: Int, jitter: [Int64] = []) -> [(key: Int, time: MediaTime)] {
        (0..<count).map { k in
            let jitterNs = jitter.isEmpty ? 0 : jitter[k % jitter.count]
            return (k, MediaTime(nanoseconds: Int64(k + offsetFrames) * frame.nanoseconds + jitterNs))
        }
    }

    func testTilesInStepHaveZeroSpread() {
        let spreads = RenderAnalysis.spreads([renders(offsetFrames: 0, count: 90), renders(offsetFrames: 0, count: 90)])
        XCTAssertEqual(spreads.count, 90)
        XCTAssertEqual(spreads.max(), 0)
    }

    func testOneFrameOffsetShowsAsOneFramePeriod() {
        let spreads = RenderAnalysis.spreads([renders(offsetFrames: 0, count: 90), renders(offsetFrames: 1, count: 90)])
        let p = Percentiles.of(spreads)!
        XCTAssertEqual(p.p50, 33_333.333, accuracy: 1)
        XCTAssertEqual(p.max / (Double(frame.nanoseconds) / 1000), 1, accuracy: 0.001, "reported as one frame")
    }

    func testJitterIsMeasuredInMicroseconds() {
        let spreads = RenderAnalysis.spreads([renders(offsetFrames: 0, count: 10),
                                              renders(offsetFrames: 0, count: 10, jitter: [250_000, 0, 750_000])])
        XCTAssertEqual(spreads.max(), 750)
        XCTAssertEqual(spreads.min(), 0)
    }

    func testFramesOnlySomeTilesRenderedAreLeftOut() {
        let a = renders(offsetFrames: 0, count: 10)
        let b = Array(renders(offsetFrames: 0, count: 10).dropFirst(3))
        XCTAssertEqual(RenderAnalysis.spreads([a, b]).count, 7)
    }

    func testFrameKeysCountLoops() {
        let times = [28, 29, 0, 1, 29, 0].map { MediaTime(nanoseconds: Int64($0) * frame.nanoseconds) }
        XCTAssertEqual(RenderAnalysis.frameKeys(presentationTimes: times, frameDuration: frame, framesPerLoop: 30),
                       [28, 29, 30, 31, 59, 60])
    }

    func testContinuityFindsLostAndRepeatedFramesAcrossAWrap() {
        XCTAssertTrue(RenderAnalysis.continuity(indices: [27, 28, 29, 0, 1, 2], framesPerLoop: 30) == (0, 0))
        XCTAssertTrue(RenderAnalysis.continuity(indices: [27, 28, 0, 1], framesPerLoop: 30) == (1, 0), "frame 29 lost")
        XCTAssertTrue(RenderAnalysis.continuity(indices: [28, 29, 29, 0], framesPerLoop: 30) == (0, 1), "frame 29 twice")
    }

    func testLongestInterval() {
        let times = [0, 33, 66, 110, 143].map { MediaTime.milliseconds($0) }
        XCTAssertEqual(RenderAnalysis.longestInterval(times), .milliseconds(44))
        XCTAssertNil(RenderAnalysis.longestInterval([.zero]))
        let gap = RenderAnalysis.longestGap(in: times + [.milliseconds(187)])
        XCTAssertEqual(gap?.interval, .milliseconds(44))
        XCTAssertEqual(gap?.endingAt, 3, "the first of the two 44 ms intervals, ending at the fourth render")
    }

    func testScreenCoherenceCountsSameFramesAndLargestDifference() {
        let coherence = ScreenCoherence.of([[10, 10, 10], [11, 11, 12], [nil, 12, 12], [14, 14, 14]])
        XCTAssertEqual(coherence.samples, 3)
        XCTAssertEqual(coherence.unreadable, 1)
        XCTAssertEqual(coherence.allSame, 2)
        XCTAssertEqual(coherence.largestDifference, 1)
        XCTAssertEqual(coherence.shareAllSame, 2.0 / 3, accuracy: 1e-9)
    }
}
