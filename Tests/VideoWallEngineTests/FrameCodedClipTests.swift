import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Frame-coded clips through real encoders and decoders: every decoded frame, scaled to a
/// third and a sixth of its size, must read as its own position in the stream.
final class FrameCodedClipTests: XCTestCase {
    func testH264ClipCarriesEveryFrameIndex() throws {
        try checkEveryFrame(of: FrameCodedClipSpec(width: 640, height: 360, frameRate: 30, frames: 90, codec: .h264, keyFrameInterval: 30),
                            magic: Array("ftyp".utf8), at: 4)
    }

    func testVP9ClipCarriesEveryFrameIndex() throws {
        try checkEveryFrame(of: FrameCodedClipSpec(width: 640, height: 360, frameRate: 30, frames: 90, codec: .vp9, keyFrameInterval: 30),
                            magic: [0x1A, 0x45, 0xDF, 0xA3], at: 0)  // EBML header: WebM
    }

    func testUnwritableDestinationThrowsInsteadOfHanging() throws {
        let spec = FrameCodedClipSpec(width: 160, height: 90, frames: 10, codec: .h264)
        let failure = try onMainLoop(timeout: 30) { () async -> String? in
            do {
                try await FrameCodedClipGenerator.generate(spec, to: "/nonexistent-directory/clip.mp4")
                return nil
            } catch {
                return "\(error)"
            }
        }
        XCTAssertNotNil(failure, "writing into a missing directory must fail")
    }

    private func checkEveryFrame(of spec: FrameCodedClipSpec, magic: [UInt8], at offset: Int,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try onMainLoop(timeout: 120) {
            try await FrameCodedClipGenerator.cached(spec, in: TestClips.directory)
        }
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(offset + magic.count))
        XCTAssertEqual(Array(header.dropFirst(offset)), magic, "container of \(spec.codec)", file: file, line: line)

        for (width, height) in [(213, 120), (107, 60)] {
            let decoded = try Self.decode(path, width: width, height: height)
            XCTAssertEqual(decoded.count, spec.frames, "\(spec.codec) at \(width)x\(height): decoded frames", file: file, line: line)
            let wrong = decoded.enumerated().filter { $0.element.index != $0.offset }
            XCTAssertTrue(wrong.isEmpty, "\(spec.codec) at \(width)x\(height): \(wrong.count) frames misread, first: "
                          + wrong.prefix(5).map { "#\($0.offset) read \($0.element.index.map(String.init) ?? "nil")" }.joined(separator: ", "),
                          file: file, line: line)
            let late = decoded.enumerated().filter { position, frame in
                frame.time.map { $0.nanoseconds.distance(to: spec.presentationTime(of: position).nanoseconds).magnitude > 1_000_000 } ?? true
            }
            XCTAssertTrue(late.isEmpty, "\(spec.codec): \(late.count) frames not at their time stamp", file: file, line: line)
        }
    }

    /// A `reverse: true` item's copy: every frame of the original, last first, on forward time
    /// stamps one period apart (H.264 with key frames every 7 frames, and VP9 in WebM).
    func testAReversedCopyHoldsEveryFrameLastFirst() throws {
        for spec in [FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 40, codec: .h264, keyFrameInterval: 7),
                     FrameCodedClipSpec(width: 256, height: 144, frameRate: 25, frames: 30, codec: .vp9, keyFrameInterval: 11)] {
            let path = try onMainLoop(timeout: 120) { try await FrameCodedClipGenerator.cached(spec, in: TestClips.directory) }
            let made = try ReversedClip.make(video: path)
            let decoded = try Self.decode(made.path, width: spec.width / 2, height: spec.height / 2)
            XCTAssertEqual(decoded.map(\.index), (0..<spec.frames).reversed().map { Optional($0) }, "\(spec.codec): indices downwards")
            XCTAssertEqual(decoded.map { $0.time.map { Int(($0.seconds * Double(spec.frameRate)).rounded()) } }, (0..<spec.frames).map { Optional($0) },
                           "\(spec.codec): forward time stamps")
            XCTAssertEqual(made.length.seconds, Double(spec.frames) / Double(spec.frameRate), accuracy: 0.002)
            XCTAssertEqual(try ReversedClip.make(video: path).path, made.path, "made once, then taken from the cache")
        }
    }

    struct DecodedFrame { var index: Int?; var time: ClockTime? }

    /// Decodes to RGB at `width` x `height` through `appsink`, reading each frame's code.
    /// Runs on the test thread with no main loop: only the pipeline's own threads are busy.
    static func decode(_ path: String, width: Int, height: Int) throws -> [DecodedFrame] {
        let pipeline = try Pipeline.parse("filesrc location=\"\(path)\" ! decodebin ! videoconvert ! videoscale ! "
            + "video/x-raw,format=RGB,width=\(width),height=\(height),pixel-aspect-ratio=1/1 ! appsink name=frames sync=false")
        defer { pipeline.setState(.null) }
        let sink = try AppSink(XCTUnwrap(pipeline.child(named: "frames")))
        XCTAssertNotEqual(pipeline.setState(.playing), .failure)
        var frames: [DecodedFrame] = []
        while let sample = sink.pullSample(timeout: .seconds(20)) {
            let format = try XCTUnwrap(sample.caps?.videoFormat)
            let bytes = sample.bytes()
            let image = RGBImage(width: format.width, height: format.height, rowStride: bytes.count / format.height, bytes: bytes)
            frames.append(DecodedFrame(index: FrameCode.read(from: image, in: PixelRect(x: 0, y: 0, width: format.width, height: format.height)),
                                       time: sample.presentationTime))
        }
        if let message = pipeline.bus.pop(timeout: .zero, endOfStream: false), case .error(let error) = message.kind {
            XCTFail("decoding \(path): \(error)")
        }
        XCTAssertTrue(sink.isEndOfStream, "decoding stopped before the end of \(path)")
        return frames
    }
}
