@testable import VideoWallCore
import XCTest

/// `--hwdec`: which decoders' ranks change for each choice.
final class HardwareDecodingTests: XCTestCase {
    typealias Decoder = HardwareDecoding.Decoder

    /// As GStreamer 1.22 registers them on a machine with an NVIDIA GPU, a VA device and the
    /// usual software decoders.
    private let registry = [
        Decoder(name: "avdec_h264", rank: 256, isHardware: false),
        Decoder(name: "openh264dec", rank: 257, isHardware: false),
        Decoder(name: "nvh264dec", rank: 256, isHardware: true),
        Decoder(name: "nvh265dec", rank: 256, isHardware: true),
        Decoder(name: "vah264dec", rank: 0, isHardware: true),
        Decoder(name: "vaapih264dec", rank: 64, isHardware: true),
        Decoder(name: "v4l2slh264dec", rank: 0, isHardware: true),
        Decoder(name: "msdkh264dec", rank: 0, isHardware: true),
    ]

    func testFamiliesByName() {
        XCTAssertEqual(HardwareDecoding.family(ofDecoder: "nvh265sldec"), .nvdec)
        XCTAssertEqual(HardwareDecoding.family(ofDecoder: "vah264dec"), .vaapi)
        XCTAssertEqual(HardwareDecoding.family(ofDecoder: "vaapih264dec"), .vaapi)
        XCTAssertEqual(HardwareDecoding.family(ofDecoder: "v4l2slvp9dec"), .v4l2)
        XCTAssertNil(HardwareDecoding.family(ofDecoder: "avdec_h264"))
    }

    func testAutoRaisesOnlyTheVADecodersAndOnlyWhenADeviceOpens() {
        XCTAssertEqual(HardwareDecoding.auto.rankChanges(for: registry, vaDeviceOpens: true), ["vah264dec": 257])
        XCTAssertEqual(HardwareDecoding.auto.rankChanges(for: registry, vaDeviceOpens: false), [:], "as GStreamer ranks them")
    }

    func testNoPutsEveryHardwareDecoderOutOfReach() {
        XCTAssertEqual(HardwareDecoding.no.rankChanges(for: registry, vaDeviceOpens: true), ["nvh264dec": 0, "nvh265dec": 0, "vaapih264dec": 0],
                       "the software decoders are untouched, and those of no rank stay so")
    }

    func testAFamilyComesFirstAndTheOthersAreOutOfReach() {
        XCTAssertEqual(HardwareDecoding.nvdec.rankChanges(for: registry, vaDeviceOpens: true),
                       ["nvh264dec": 257, "nvh265dec": 257, "vaapih264dec": 0])
        XCTAssertEqual(HardwareDecoding.vaapi.rankChanges(for: registry, vaDeviceOpens: true),
                       ["nvh264dec": 0, "nvh265dec": 0, "vah264dec": 257, "vaapih264dec": 257])
        XCTAssertEqual(HardwareDecoding.v4l2.rankChanges(for: registry, vaDeviceOpens: false),
                       ["nvh264dec": 0, "nvh265dec": 0, "vaapih264dec": 0, "v4l2slh264dec": 257])
        XCTAssertEqual(HardwareDecoding.nvdec.rankChanges(for: registry.filter { !$0.isHardware }, vaDeviceOpens: false), [:],
                       "a machine without the family plays in software")
    }
}
