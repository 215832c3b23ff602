import XCTest
@testable import VideoWallCore

final class GStreamerTextTests: XCTestCase {
    /// What a 404 segment of an HLS stream gave: two lines and the element path inside playbin.
    func testASegmentFetchErrorBecomesOneLineWithoutTheElementPath() {
        let raw = "File not found: ../ext/soup/gstsouphttpsrc.c(1683): gst_soup_http_src_parse_status (): "
            + "/GstPlayBin:tile0/GstURIDecodeBin:uridecodebin0/GstDecodeBin:decodebin0/GstHLSDemux:hlsdemux1/GstBin:srcbin-src_0/GstSoupHTTPSrc:souphttpsrc1:\n"
            + "File not found (404), URL: http://127.0.0.1:8766/segment00001.ts, Redirect to: (NULL)\n"
        XCTAssertEqual(GStreamerText.readable(raw), "File not found (404), URL: http://127.0.0.1:8766/segment00001.ts")
    }

    func testPlainMessagesAreKept() {
        XCTAssertEqual(GStreamerText.readable("Could not open resource for reading."), "Could not open resource for reading.")
        XCTAssertEqual(GStreamerText.readable("Internal data stream error.\nstreaming stopped, reason not-linked (-1)"),
                       "Internal data stream error.: streaming stopped, reason not-linked (-1)")
    }
}
