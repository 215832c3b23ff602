import VideoWallCore
import VideoWallProtocol
import XCTest

/// The remote control's pure parts: line framing, property names, observations.
final class IPCPartsTests: XCTestCase {
    func testLinesAreSplitAcrossReadsAndCarriageReturnsDropped() {
        var framer = LineFramer(maximumLength: 100)
        XCTAssertEqual(framer.append(Array("{\"a\":".utf8)), [])
        XCTAssertEqual(framer.append(Array("1}\r\nnext\npart".utf8)), [.line("{\"a\":1}"), .line("next")])
        XCTAssertEqual(framer.append(Array("ial\n".utf8)), [.line("partial")])
    }

    func testALineLongerThanTheBoundEndsTheStream() {
        var framer = LineFramer(maximumLength: 10)
        XCTAssertEqual(framer.append(Array("short\n".utf8)), [.line("short")])
        XCTAssertEqual(framer.append(Array(repeating: UInt8(ascii: "x"), count: 11)), [.tooLong])
        XCTAssertEqual(framer.append(Array("ok\n".utf8)), [], "nothing more is read after an overlong line")
    }

    func testPropertyNames() {
        XCTAssertEqual(WallProperty(name: "time-pos"), .timePosition)
        XCTAssertEqual(WallProperty(name: "playback-time"), .timePosition)
        XCTAssertEqual(WallProperty(name: "loop-file"), .loop)
        XCTAssertEqual(WallProperty(name: "tile/1/state"), .tile(1, .state), "numbered from 1, as messages and keys number tiles")
        XCTAssertEqual(WallProperty(name: "tile/64/frames-dropped"), .tile(64, .framesDropped))
        XCTAssertEqual(WallProperty(name: "overlay/1/text"), .overlayText(1))
        XCTAssertEqual(WallProperty(name: "overlay/16/text"), .overlayText(16))
        XCTAssertTrue(WallProperty.overlayText(1).isWritable)
        for bad in ["", "tile/", "tile/-1/state", "tile/0/state", "tile/65/state", "tile/1/nope", "tile/01x/state", "tile/1/state/x", "tile/999999999999999999999/state", "PAUSE",
                    "overlay/0/text", "overlay/17/text", "overlay/1/size", "overlay/1", "overlay/999999999999999999999/text"] {
            XCTAssertNil(WallProperty(name: bad), bad)
        }
        XCTAssertTrue(WallProperty.pause.isWritable)
        XCTAssertFalse(WallProperty.tile(1, .state).isWritable)
    }

    func testAnObservationIsToldOnceAndThenOnlyOfChanges() {
        var observations = PropertyObservations()
        XCTAssertTrue(observations.observe(client: 1, id: 5, name: "pause"))
        var pause: JSONValue? = .bool(false)
        XCTAssertEqual(observations.changes { _ in pause }.map(\.value), [.bool(false)], "the first value at once")
        XCTAssertEqual(observations.changes { _ in pause }, [], "no change, no event")
        pause = .bool(true)
        XCTAssertEqual(observations.changes { _ in pause }.map(\.id), [5])
        pause = nil
        let gone = observations.changes { _ in pause }
        XCTAssertEqual(gone.count, 1)
        XCTAssertNil(gone.first?.value, "unavailable is a change too")
        XCTAssertTrue(observations.unobserve(client: 1, id: 5))
        XCTAssertFalse(observations.unobserve(client: 1, id: 5))
        pause = .bool(false)
        XCTAssertEqual(observations.changes { _ in pause }, [])
    }

    func testEachClientIsToldSeparatelyAndForgottenWhenItLeaves() {
        var observations = PropertyObservations()
        _ = observations.observe(client: 2, id: 1, name: "speed")
        _ = observations.observe(client: 1, id: 1, name: "speed")
        XCTAssertEqual(observations.changes { _ in .number(1) }.map(\.client), [1, 2])
        observations.forget(client: 1)
        XCTAssertEqual(observations.changes { _ in .number(2) }.map(\.client), [2])
        XCTAssertEqual(observations.observedNames, ["speed"])
    }

    func testAClientCannotObserveWithoutBound() {
        var observations = PropertyObservations()
        for id in 0..<PropertyObservations.maximumPerClient { XCTAssertTrue(observations.observe(client: 1, id: id, name: "pause")) }
        XCTAssertFalse(observations.observe(client: 1, id: 999, name: "pause"))
        XCTAssertTrue(observations.observe(client: 1, id: 0, name: "speed"), "replacing one is not one more")
    }
}
