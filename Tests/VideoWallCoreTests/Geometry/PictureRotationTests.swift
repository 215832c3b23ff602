import VideoWallCore
import XCTest

final class PictureRotationTests: XCTestCase {
    func testTheStreamsOrientationTagIsRead() {
        XCTAssertEqual(VideoOrientation(tag: "rotate-90"), .rotate90)
        XCTAssertEqual(VideoOrientation(tag: "flip-rotate-270")?.quarterTurns, 3)
        XCTAssertNil(VideoOrientation(tag: "rotate-45"))
        XCTAssertNil(VideoOrientation(tag: nil))
        XCTAssertTrue(VideoOrientation.rotate270.swapsAxes)
        XCTAssertFalse(VideoOrientation.flipRotate180.swapsAxes)
    }

    /// mpv's `--video-rotate`: a number adds to the stream's orientation, `no` ignores it.
    func testVideoRotateParsesAsMpvDoes() {
        XCTAssertEqual(PictureRotation(parsing: "auto"), .auto)
        XCTAssertEqual(PictureRotation(parsing: "0"), .auto)
        XCTAssertEqual(PictureRotation(parsing: "no"), PictureRotation(followsStream: false))
        XCTAssertEqual(PictureRotation(parsing: "270")?.quarterTurns, 3)
        for bad in ["45", "360", "-90", "", "ninety", "90 "] { XCTAssertNil(PictureRotation(parsing: bad), bad) }
    }

    func testShownSizeTurnsWithTheStreamAndTheUser() {
        let phone = Size(width: 176, height: 144)
        XCTAssertEqual(PictureRotation.auto.shownSize(of: phone, orientation: .rotate90), Size(width: 144, height: 176))
        XCTAssertEqual(PictureRotation(followsStream: false).shownSize(of: phone, orientation: .rotate90), phone)
        XCTAssertEqual(PictureRotation(degrees: 90).shownSize(of: phone, orientation: .rotate90), phone, "a half turn in all")
        XCTAssertEqual(PictureRotation(degrees: 90).shownSize(of: phone, orientation: nil), Size(width: 144, height: 176))
    }

    /// A region's `rotate:` adds to `--video-rotate`, going round past a full turn.
    func testARegionsTurnAddsToTheWalls() {
        XCTAssertEqual(PictureRotation(degrees: 270).adding(degrees: 180).degrees, 90)
        XCTAssertFalse(PictureRotation(followsStream: false).adding(degrees: 90).followsStream)
    }
}
