import Foundation
import XCTest
@testable import VideoWallCore
import VideoWallProtocol

/// The layout a leader shares with its followers (`wall-layout`): read back as sent, every
/// number range-checked, the text parsed as a layout file is, a tile's region checked against it.
final class SharedLayoutTests: XCTestCase {
    private let text = """
        canvas: {width: 2000, height: 500}
        screens:
          - {name: a, x: 0, y: 0, width: 1000, height: 500, pixels: 1920x1080}
          - {name: b, x: 1000, y: 0, width: 1000, height: 500, pixels: 1920x1080}
        regions:
          - {x: 0, y: 0, width: 0.5, height: 1, loop: true}
          - {x: 0.5, y: 0, width: 0.5, height: 1}
        """

    func testReadBackAsSentAndParsedAsAFile() throws {
        let shared = SharedLayout(text: text, regions: [1, 0])
        let received = try XCTUnwrap(SharedLayout(json: shared.json))
        XCTAssertEqual(received, shared)
        let layout = try received.layout(sourceName: "the leader's layout")
        XCTAssertEqual(layout.canvas?.screens.map(\.name), ["a", "b"])
        XCTAssertEqual(layout.regions[0].loop, true)
    }

    func testWhatIsMissingOrOutOfRangeIsRefused() {
        let refused: [JSONValue] = [
            .null,
            .object(["regions": .array([.number(0)])]),
            .object(["text": .string(text)]),
            .object(["text": .string(text), "regions": .array([])]),
            .object(["text": .string(text), "regions": .array([.number(-1)])]),
            .object(["text": .string(text), "regions": .array([.number(0.5)])]),
            .object(["text": .string(text), "regions": .array([.number(16)])]),
            .object(["text": .string(text), "regions": .array([.number(.nan)])]),
            .object(["text": .string(text), "regions": .array([.number(1e300)])]),
            .object(["text": .string(text), "regions": .array(Array(repeating: .number(0), count: 17))]),
            .object(["text": .string(String(repeating: "#", count: LayoutLimits.maximumFileSize + 1)), "regions": .array([.number(0)])]),
        ]
        for json in refused { XCTAssertNil(SharedLayout(json: json), "\(json)") }
    }

    func testARegionTheLayoutDoesNotHaveAndABrokenTextAreErrors() {
        XCTAssertThrowsError(try SharedLayout(text: text, regions: [2]).layout(sourceName: "the leader's layout")) { error in
            XCTAssertEqual((error as? LayoutError)?.description.contains("region 3, but the layout has 2"), true, "\(error)")
        }
        XCTAssertThrowsError(try SharedLayout(text: "regions: [", regions: [0]).layout(sourceName: "the leader's layout")) { error in
            XCTAssertEqual((error as? LayoutError)?.description.hasPrefix("the leader's layout"), true, "\(error)")
        }
    }
}
