@testable import VideoWallCore
import VideoWallEngine
import XCTest

/// What the window and the console say of an overload: the slowest tile and what holds it back.
final class OverloadSentenceTests: XCTestCase {
    func testTheSentenceNamesTheTileAndTheBottleneck() {
        var figure = OverloadMeter.Figure(shownPerSecond: 14, duePerSecond: 30)
        XCTAssertEqual(figure.sentence, "this machine cannot keep up: the slowest tile shows 14 of 30 frames per second")
        figure.tile = 2
        XCTAssertEqual(figure.sentence, "this machine cannot keep up decoding: tile 3 shows 14 of 30 frames per second")
        figure.cause = .link
        XCTAssertEqual(figure.sentence, "the network cannot keep up: tile 3 shows 14 of 30 frames per second (its link is slower than its stream)")
    }
}
