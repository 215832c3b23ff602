import GStreamerKit
import XCTest

/// The registry's video decoders as `--hwdec` sees them, and the pick a rank change makes.
final class DecoderFactoryTests: XCTestCase {
    func testListsTheVideoDecodersAndWhichAreHardware() throws {
        let decoders = DecoderFactories.video()
        let h264 = try XCTUnwrap(decoders.first { $0.name == "avdec_h264" }, "libav's decoder is in the set-up's packages")
        XCTAssertFalse(h264.isHardware)
        XCTAssertGreaterThan(h264.rank, 0)
        XCTAssertNil(decoders.first { $0.name == "avdec_h264" && $0.isHardware })
        XCTAssertFalse(decoders.contains { $0.name == "x264enc" }, "decoders only")
    }

    func testTheBestDecoderFollowsTheRanks() throws {
        let caps = try Caps("video/x-h264, stream-format=(string)avc, alignment=(string)au, profile=(string)high")
        XCTAssertEqual(DecoderFactories.best(for: caps), "avdec_h264")
        let old = try XCTUnwrap(GStreamer.setRank(0, ofFeature: "avdec_h264"))
        defer { GStreamer.setRank(old, ofFeature: "avdec_h264") }
        let next = DecoderFactories.best(for: caps)
        XCTAssertNotEqual(next, "avdec_h264", "a decoder put out of reach is not picked")
        XCTAssertNil(try DecoderFactories.best(for: Caps("video/x-unheard-of")))
    }
}
