import XCTest
@testable import VideoWallCore

final class TileOffsetTests: XCTestCase {
    func testSecondsAndFramesAreRead() {
        XCTAssertEqual(TileOffset(parsing: "0.5"), .time(.milliseconds(500)))
        XCTAssertEqual(TileOffset(parsing: "-0.04"), .time(.milliseconds(-40)))
        XCTAssertEqual(TileOffset(parsing: "+2"), .time(.seconds(2)))
        XCTAssertEqual(TileOffset(parsing: "12f"), .frames(12))
        XCTAssertEqual(TileOffset(parsing: "-3f"), .frames(-3))
    }

    func testAnythingElseIsRefused() {
        for text in ["", "f", "1.5f", "inf", "nan", "1e3", "0x10", "3601", "-3601", "360001f", "١٢", "1 ", "--1", String(repeating: "1", count: 40)] {
            XCTAssertNil(TileOffset(parsing: text), text)
        }
        XCTAssertNotNil(TileOffset(parsing: "3600"))
        XCTAssertNotNil(TileOffset(parsing: "-360000f"))
    }

    func testFramesCountAtTheTilesFrameRate() {
        XCTAssertEqual(TileOffset.frames(10).resolved(frameDuration: .milliseconds(40)), .milliseconds(400))
        XCTAssertEqual(TileOffset.frames(-2).resolved(frameDuration: .nanoseconds(33_366_667)), .nanoseconds(-66_733_334))
        XCTAssertEqual(TileOffset.time(.milliseconds(7)).resolved(frameDuration: nil), .milliseconds(7))
    }

    func testAnAssignmentNamesATileFromOne() {
        XCTAssertEqual(TileOffsetAssignment(parsing: "2=12f"), TileOffsetAssignment(tile: 2, offset: .frames(12)))
        XCTAssertEqual(TileOffsetAssignment(parsing: "1=-0.5")?.offset, .time(.milliseconds(-500)))
        for text in ["0=1", "65=1", "2", "=1", "a=1", "2=", "2=x", "2==1", "-1=1"] {
            XCTAssertNil(TileOffsetAssignment(parsing: text), text)
        }
    }

    func testTheDescriptionSaysTheSign() {
        XCTAssertEqual(TileOffset.time(.milliseconds(-40)).description, "-0.040 s")
        XCTAssertEqual(TileOffset.time(.seconds(2)).description, "+2.000 s")
        XCTAssertEqual(TileOffset.frames(12).description, "12f")
    }
}
