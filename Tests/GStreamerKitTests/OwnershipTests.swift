import GStreamerKit
import VideoWallTestSupport
import XCTest

/// One Swift owner per GObject reference: floating references are sunk, borrowed ones
/// retained, and a bin keeps its own reference to what it holds.
final class OwnershipTests: XCTestCase {
    override func setUpWithError() throws { try GStreamer.initialize() }

    func testNewElementIsOwnedOnceAndNotFloating() throws {
        let element = try Element(factory: "fakesink")
        XCTAssertEqual(element.referenceCountForTesting, 1, "the floating reference was sunk, not doubled")
    }

    func testBinTakesItsOwnReference() throws {
        let bin = try Bin.make(name: "holder")
        let child = try Element(factory: "identity", name: "child")
        try bin.add(child)
        XCTAssertEqual(child.referenceCountForTesting, 2, "ours and the bin's")
        let found = try XCTUnwrap(bin.child(named: "child"))
        XCTAssertTrue(found.isSame(as: child))
        XCTAssertEqual(child.referenceCountForTesting, 3, "a looked-up child is a new owner (transfer full)")
    }

    func testPadsAndClockAreOwned() throws {
        let sink = try Element(factory: "fakesink")
        let pad = try XCTUnwrap(sink.staticPad("sink"))
        XCTAssertEqual(pad.referenceCountForTesting, 2, "the element's and ours")
        let clock = try Clock.system()
        let again = try Clock.system()
        XCTAssertTrue(clock.isSame(as: again))
        XCTAssertGreaterThan(again.time, .zero)
    }
}
