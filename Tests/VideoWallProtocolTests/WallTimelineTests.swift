import XCTest
@testable import VideoWallCore
import VideoWallProtocol

/// A wall's timeline as a leader sends it: positions and instants map both ways at its rate.
final class WallTimelineTests: XCTestCase {
    func testPlayingMapsPositionsAndInstantsAtItsRate() {
        let timeline = WallTimeline(isPlaying: true, position: .seconds(10), instant: .seconds(1000), rate: 2)
        XCTAssertEqual(timeline.position(at: .seconds(1003)), .seconds(16))
        XCTAssertEqual(timeline.position(at: .seconds(999)), .seconds(8), "before the instant too")
        XCTAssertEqual(timeline.instant(showing: .seconds(16)), .seconds(1003))
        XCTAssertEqual(timeline.instant(showing: .milliseconds(9_500)), .milliseconds(999_750))
    }

    func testPausedStandsStill() {
        let timeline = WallTimeline(isPlaying: false, position: .seconds(4), instant: .seconds(50))
        XCTAssertEqual(timeline.position(at: .seconds(80)), .seconds(4))
        XCTAssertNil(timeline.instant(showing: .seconds(5)))
    }

    func testItsWireFormReadsBackWithTheClocksNameAndRefusesWhatIsOutOfRange() {
        let named = WallTimeline(isPlaying: true, position: .seconds(3), instant: .seconds(90), rate: 0.5, clock: "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        XCTAssertEqual(WallTimeline(json: named.json), named)
        let unnamed = WallTimeline(isPlaying: false, position: .seconds(1), instant: .seconds(2))
        XCTAssertEqual(WallTimeline(json: unnamed.json), unnamed)
        guard case .object(let fields) = named.json else { return XCTFail("an object") }
        for (key, value) in [("clock", JSONValue.string("")), ("clock", .string(String(repeating: "a", count: 65))), ("clock", .string("a b")),
                             ("clock", .string("\u{1b}[2J")), ("clock", .number(1)), ("rate", .number(0)), ("rate", .number(.infinity)),
                             ("position", .number(-1)), ("instant", .number(1e300)), ("playing", .string("yes"))] {
            var broken = fields
            broken[key] = value
            XCTAssertNil(WallTimeline(json: .object(broken)), "\(key): \(value)")
        }
    }

    /// Each tile's playlist item (null for a tile without a playlist) reads back; places that
    /// are not whole numbers in range, and lists longer than a wall has tiles, are refused.
    func testItsWireFormCarriesEachTilesItem() {
        let listed = WallTimeline(isPlaying: true, position: .seconds(1), instant: .seconds(5), items: [2, nil, 0])
        XCTAssertEqual(WallTimeline(json: listed.json), listed)
        guard case .object(let fields) = listed.json else { return XCTFail("an object") }
        XCTAssertEqual(fields["items"], .array([.number(2), .null, .number(0)]))
        for value in [JSONValue.number(-1), .number(1.5), .number(2e6), .number(.nan), .string("1"), .bool(true)] {
            var broken = fields
            broken["items"] = .array([value])
            XCTAssertNil(WallTimeline(json: .object(broken)), "items: \(value)")
        }
        var broken = fields
        broken["items"] = .number(1)
        XCTAssertNil(WallTimeline(json: .object(broken)), "items must be a list")
        broken["items"] = .array(Array(repeating: .number(0), count: 65))
        XCTAssertNil(WallTimeline(json: .object(broken)), "at most 64 tiles")
        guard case .object(let plain) = WallTimeline(isPlaying: false, position: .zero, instant: .zero).json else { return XCTFail("an object") }
        XCTAssertNil(plain["items"], "no items when no tile plays a playlist")
    }

    /// A scheduled pause's instant reads back; a paused timeline has none; out-of-range
    /// instants are refused.
    func testItsWireFormCarriesAScheduledPause() {
        let pausing = WallTimeline(isPlaying: true, position: .seconds(1), instant: .seconds(5), pauseAt: .nanoseconds(5_512_345_678))
        XCTAssertEqual(WallTimeline(json: pausing.json), pausing)
        guard case .object(let fields) = pausing.json else { return XCTFail("an object") }
        XCTAssertEqual(fields["pause-at"], .number(5_512_345_678))
        for value in [JSONValue.number(-1), .number(1e300), .number(.nan), .string("5"), .null] {
            var broken = fields
            broken["pause-at"] = value
            XCTAssertNil(WallTimeline(json: .object(broken)), "pause-at: \(value)")
        }
        XCTAssertNil(WallTimeline(isPlaying: false, position: .zero, instant: .zero, pauseAt: .seconds(1)).pauseAt, "a paused wall pauses at no instant")
    }

    /// Each playlist tile's item start (an instant in nanoseconds, null for a tile without one)
    /// reads back; negative, fractional, far-off or non-numeric instants are refused.
    func testItsWireFormCarriesEachItemsStart() {
        let listed = WallTimeline(isPlaying: true, position: .seconds(1), instant: .seconds(5), items: [2, nil],
                                  itemStarts: [.nanoseconds(4_123_456_789), nil])
        XCTAssertEqual(WallTimeline(json: listed.json), listed)
        guard case .object(let fields) = listed.json else { return XCTFail("an object") }
        XCTAssertEqual(fields["item-starts"], .array([.number(4_123_456_789), .null]))
        for value in [JSONValue.number(-1), .number(0.5), .number(1e300), .number(.infinity), .string("1"), .array([])] {
            var broken = fields
            broken["item-starts"] = .array([value])
            XCTAssertNil(WallTimeline(json: .object(broken)), "item-starts: \(value)")
        }
        var broken = fields
        broken["item-starts"] = .array(Array(repeating: .null, count: 65))
        XCTAssertNil(WallTimeline(json: .object(broken)), "at most 64 tiles")
        guard case .object(let plain) = WallTimeline(isPlaying: true, position: .zero, instant: .zero).json else { return XCTFail("an object") }
        XCTAssertNil(plain["item-starts"], "no item starts when no tile plays a playlist")
    }

    func testALoopingTimelineWrapsPositionsPastItsEnd() {
        let looping = WallTimeline(isPlaying: true, position: .seconds(9), instant: .seconds(100), isLooping: true)
        XCTAssertEqual(looping.wrapped(.milliseconds(10_500), length: .seconds(10)), .milliseconds(500))
        XCTAssertEqual(looping.wrapped(.seconds(25), length: .seconds(10)), .seconds(5))
        XCTAssertEqual(looping.wrapped(.seconds(4), length: .seconds(10)), .seconds(4))
        XCTAssertEqual(looping.wrapped(.seconds(12), length: nil), .seconds(12), "no length known: as it is")
        let once = WallTimeline(isPlaying: true, position: .seconds(9), instant: .seconds(100))
        XCTAssertEqual(once.wrapped(.seconds(12), length: .seconds(10)), .seconds(12), "not looping: past the end")
        XCTAssertEqual(WallTimeline(json: looping.json), looping)
        // The leader's own pass length wins over the one the follower knows.
        let measured = WallTimeline(isPlaying: true, position: .seconds(1), instant: .seconds(100), isLooping: true, loopLength: .seconds(2))
        XCTAssertEqual(measured.wrapped(.milliseconds(2_500), length: .milliseconds(2_043)), .milliseconds(500))
        XCTAssertEqual(WallTimeline(json: measured.json), measured)
        XCTAssertNil(WallTimeline(isPlaying: true, position: .zero, instant: .zero, loopLength: .seconds(2)).loopLength, "no loop, no length")
        guard case .object(var fields) = looping.json else { return XCTFail("an object") }
        fields["loop"] = .string("inf")
        XCTAssertNil(WallTimeline(json: .object(fields)))
        for length in [JSONValue.number(0), .number(-1), .number(.nan), .number(1e300), .string("2")] {
            guard case .object(var withLength) = measured.json else { return XCTFail("an object") }
            withLength["loop-length"] = length
            XCTAssertNil(WallTimeline(json: .object(withLength)), "loop-length \(length)")
        }
    }
}
