import VideoWallCore
import VideoWallFixtures
import XCTest

/// How an on-screen test reads a real file's tile: the capture's signature against bare
/// playbin's frames, and whether the tiles' times meet at one instant.
final class PictureMatchTests: XCTestCase {
    private func image(width: Int, height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let c = colour(x, y); pixels += [c.0, c.1, c.2] } }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    func testAPictureScaledAndPlacedElsewhereKeepsItsSignatureAndAnotherPictureDoesNot() {
        // A left half red, right half blue at 128x96 ...
        let small = image(width: 128, height: 96) { x, _ in x < 64 ? (200, 0, 0) : (0, 0, 200) }
        // ... and the same picture at 480x360, inside a capture 20 px from its corner.
        let capture = image(width: 520, height: 400) { x, y in
            guard x >= 20, x < 500, y >= 20, y < 380 else { return (0, 0, 0) }
            return x - 20 < 240 ? (200, 0, 0) : (0, 0, 200)
        }
        let reference = PictureSignature(of: small, in: PixelRect(x: 0, y: 0, width: 128, height: 96))
        let seen = PictureSignature(of: capture, in: PixelRect(x: 20, y: 20, width: 480, height: 360))
        XCTAssertLessThan(seen.distance(to: reference), 0.5)
        let elsewhere = PictureSignature(of: capture, in: PixelRect(x: 260, y: 20, width: 480, height: 360))
        XCTAssertGreaterThan(elsewhere.distance(to: reference), 50, "half a picture further right: another picture")
    }

    func testEveryFrameAsCloseAsTheBestCountsWithTheTimeItIsShown() {
        let grey = { (level: UInt8) in PictureSignature(of: self.image(width: 16, height: 12) { _, _ in (level, level, level) },
                                                         in: PixelRect(x: 0, y: 0, width: 16, height: 12)) }
        // Frames at 0, 0.1, ... 0.5: a still stretch (levels 100, 100, 101) then new pictures.
        let levels: [UInt8] = [10, 100, 100, 101, 180, 250]
        let reference = ReferenceFrames(frames: levels.enumerated().map { .init(time: Double($0.offset) / 10, signature: grey($0.element)) })
        let still = reference.times(lookingLike: grey(100), tolerance: 2)
        XCTAssertEqual(still.intervals, [0.1...0.4], "the three still frames, each until the next one")
        XCTAssertEqual(reference.times(lookingLike: grey(250), tolerance: 2).intervals, [0.5...Double.infinity], "the last frame is held")
        XCTAssertEqual(reference.times(lookingLike: grey(12), tolerance: 1).intervals, [0.0...0.1])
    }

    func testTilesMeetAtOneInstantOnlyWhenTheirTimesOverlap() {
        let a = TimeSet(intervals: [1.0...1.04, 3.0...3.04])
        let b = TimeSet(intervals: [1.03...1.07])
        XCTAssertEqual(TimeSet.common([a, b]).intervals, [1.03...1.04])
        let late = TimeSet(intervals: [1.2...1.24])
        XCTAssertTrue(TimeSet.common([a, b, late]).isEmpty, "a tile 160 ms behind fits no instant")
        XCTAssertFalse(TimeSet.common([a, b.widened(by: 0.0), late.widened(by: 0.2)]).isEmpty)
        XCTAssertEqual(a.shifted(by: 1).intervals, [2.0...2.04, 4.0...4.04])
        XCTAssertEqual(TimeSet(intervals: [0...1, 0.5...2, 3...4]).length, 3)
    }

    func testOnAWallThatGoesRoundTheLastFrameMeetsTheFirstAcrossTheWrap() {
        // 8.1 s passes: one tile has just begun its next pass, another still shows its last
        // frame (7.96 s on, held until the wrap).
        let begun = TimeSet(intervals: [0.0...0.08]).repeating(every: 8.1)
        let ending = TimeSet(intervals: [7.96...Double.infinity]).repeating(every: 8.1)
        XCTAssertTrue(TimeSet.common([begun.widened(by: 0.045), ending.widened(by: 0.045)]).isEmpty == false)
        XCTAssertTrue(TimeSet.common([TimeSet(intervals: [0.0...0.08]), TimeSet(intervals: [7.96...Double.infinity])]).isEmpty,
                      "without the wrap they fit no instant")
        let middle = TimeSet(intervals: [4.0...4.04]).repeating(every: 8.1)
        XCTAssertTrue(TimeSet.common([begun, middle]).isEmpty, "half a pass apart is still apart")
        XCTAssertEqual(ending.length, 3 * 0.14, accuracy: 1e-9, "held until the wrap, not for good")
    }
}
