import XCTest
@testable import VideoWallCore

final class RGBColorTests: XCTestCase {
    func testColourHex() {
        XCTAssertEqual(RGBColor(hex: "#101010"), RGBColor(red: 16, green: 16, blue: 16))
        XCTAssertEqual(RGBColor(hex: "#aBcDeF"), RGBColor(red: 0xAB, green: 0xCD, blue: 0xEF))
        for bad in ["101010", "#10101", "#1010100", "#10101g", "", "#", "red"] {
            XCTAssertNil(RGBColor(hex: bad), bad)
        }
        XCTAssertEqual(RGBColor(red: 1, green: 0xA0, blue: 255).hex, "#01A0FF")
    }
}
