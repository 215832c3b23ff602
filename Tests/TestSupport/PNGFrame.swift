import Foundation
import GStreamerKit
import VideoWallCore

/// A PNG read back through GStreamer (`decodebin`, RGB): its size and the frame code in it.
package struct PNGFrame: Sendable {
    package var width: Int
    package var height: Int
    package var frameIndex: Int?
    /// Its pixels.
    package var image: RGBImage

    /// Nil when the file is not a picture GStreamer can decode. Blocks: a test thread.
    package static func read(_ path: String) throws -> PNGFrame? {
        let pipeline = try Pipeline.parse("filesrc location=\"\(path)\" ! decodebin ! videoconvert ! video/x-raw,format=RGB ! appsink name=frame sync=false")
        defer { pipeline.setState(.null) }
        guard let element = pipeline.child(named: "frame") else { return nil }
        let sink = try AppSink(element)
        _ = pipeline.setState(.playing)
        guard let sample = sink.pullSample(timeout: .seconds(10)), let format = sample.caps?.videoFormat else { return nil }
        let bytes = sample.bytes()
        let image = RGBImage(width: format.width, height: format.height, rowStride: bytes.count / format.height, bytes: bytes)
        return PNGFrame(width: format.width, height: format.height,
                        frameIndex: FrameCode.read(from: image, in: PixelRect(x: 0, y: 0, width: format.width, height: format.height)), image: image)
    }
}
