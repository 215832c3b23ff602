import Foundation
import GStreamerKit
import Synchronization
import VideoWallTestSupport
import XCTest

/// Describing a source opens no decoder the caller keeps out (by default a hardware one: a GPU
/// context per description, seconds each): the stream is described from its parsed caps. A
/// software decoder stands in for the hardware one here (this machine has none); the control
/// run shows the same description otherwise opens it.
final class DiscoveryDecoderTests: XCTestCase {
    func testAStreamWhoseDecoderIsKeptOutIsDescribedWithoutOpeningIt() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 320, height: 240, frameRate: 25, frames: 50, keyFrameInterval: 10)) }
        let uri = URL(fileURLWithPath: clip).absoluteString

        func describe(keepingOut name: String?) throws -> (info: MediaInfo, made: [String]) {
            let made = Mutex<[String]>([])
            let result = try onMainLoop {
                await Discoverer.describe(uri: uri, timeout: 10, keepsEncoded: { factory in factory.name == name },
                                          elementAdded: { element in made.withLock { $0.append(element.factoryName) } })
            }
            return (try result.get(), made.withLock { $0 })
        }

        let opened = try describe(keepingOut: nil)
        XCTAssertTrue(opened.made.contains("avdec_h264"), "described as usual, the stream is decoded: \(opened.made)")

        let kept = try describe(keepingOut: "avdec_h264")
        XCTAssertFalse(kept.made.contains("avdec_h264"), "the decoder kept out is never made: \(kept.made)")
        XCTAssertTrue(kept.made.contains("h264parse"), "the stream is parsed: \(kept.made)")
        let video = try XCTUnwrap(kept.info.videoStreams.first, "the video stream is still described")
        XCTAssertEqual(video.width, 320)
        XCTAssertEqual(video.height, 240)
        XCTAssertEqual(video.frameRate?.numerator, 25)
        XCTAssertEqual(video.frameRate?.denominator, 1)
        XCTAssertEqual(video.decoder, "avdec_h264", "and the decoder a tile would make is still named")
        XCTAssertEqual(Double(kept.info.duration?.nanoseconds ?? 0) / 1e9, 2, accuracy: 0.05)
    }
}
