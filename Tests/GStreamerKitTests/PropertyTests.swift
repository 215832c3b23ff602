import GStreamerKit
import XCTest

final class PropertyTests: XCTestCase {
    override func setUpWithError() throws { try GStreamer.initialize() }

    func testTypedPropertiesRoundTrip() throws {
        let sink = try Element(factory: "fakesink", name: "probe")
        try sink.set("sync", true)
        XCTAssertEqual(try sink.get("sync", as: Bool.self), true)
        try sink.set("max-lateness", 20_000_000)
        XCTAssertEqual(try sink.get("max-lateness", as: Int.self), 20_000_000)
        try sink.set("name", "renamed")
        XCTAssertEqual(sink.name, "renamed")
        let volume = try Element(factory: "volume")
        try volume.set("volume", 0.25)
        XCTAssertEqual(try volume.get("volume", as: Double.self), 0.25, accuracy: 1e-9)
    }

    func testMissingPropertyAndWrongTypeFailLoudly() throws {
        let sink = try Element(factory: "fakesink")
        XCTAssertThrowsError(try sink.set("no-such-thing", true)) { error in
            XCTAssertEqual("\(error)", "GstFakeSink: property 'no-such-thing': no such property")
        }
        XCTAssertThrowsError(try sink.set("sync", "yes")) { error in
            XCTAssertTrue("\(error)".contains("cannot store a String in a gboolean"), "\(error)")
        }
        XCTAssertThrowsError(try sink.get("sync", as: Int.self))
    }

    func testCapsPropertyIsSet() throws {
        let filter = try Element(factory: "capsfilter")
        try filter.set("caps", caps: try Caps("video/x-raw,width=320,height=180"))
        let sink = try Element(factory: "fakesink")
        XCTAssertThrowsError(try sink.set("sync", caps: try Caps("video/x-raw")))
        XCTAssertEqual(try filter.capsProperty("caps")?.description, "video/x-raw, width=(int)320, height=(int)180")
    }

    func testEnumPropertyFromNick() throws {
        let source = try Element(factory: "videotestsrc")
        try source.setFromString("pattern", "ball")
        XCTAssertEqual(try source.get("pattern", as: Int.self), 18)
        XCTAssertThrowsError(try source.setFromString("no-such", "x"))
    }

    func testUnknownFactoryNamesTheElement() {
        XCTAssertThrowsError(try Element(factory: "no-such-element")) { error in
            XCTAssertEqual("\(error)", "GStreamer element 'no-such-element' is not installed")
        }
    }
}
