/// Where the planes of an I420 frame sit in memory, with the strides GStreamer uses
/// (`gst_video_info_set_format`): rows rounded up to 4 bytes, chroma planes of
/// `(height + 1) / 2` rows, the U plane after `height` rounded up to even luma rows.
/// A buffer laid out otherwise is rejected or shown sheared by GStreamer for odd sizes.
package struct I420Layout: Sendable, Equatable {
    package let width: Int
    package let height: Int

    package init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "an I420 frame needs a positive size")
        self.width = width
        self.height = height
    }

    package var lumaStride: Int { roundUp4(width) }
    package var chromaStride: Int { roundUp4((width + 1) / 2) }
    package var chromaWidth: Int { (width + 1) / 2 }
    package var chromaHeight: Int { (height + 1) / 2 }
    package var uOffset: Int { lumaStride * (height + height % 2) }
    package var vOffset: Int { uOffset + chromaStride * chromaHeight }
    /// Bytes in one frame (`GstVideoInfo.size`).
    package var size: Int { vOffset + chromaStride * chromaHeight }

    /// Sets the luma of every pixel in `rect` (clipped to the frame). Chroma is left alone:
    /// the frame codes are grey on a grey frame, so U and V stay 128 everywhere.
    package func fillLuma(_ rect: PixelRect, with value: UInt8, in buffer: inout [UInt8]) {
        guard let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else { return }
        let stride = lumaStride
        buffer.withUnsafeMutableBufferPointer { bytes in
            for row in area.y..<area.maxY {
                let start = row * stride + area.x
                for i in start..<(start + area.width) { bytes[i] = value }
            }
        }
    }

    /// A frame of uniform grey: luma `luma`, neutral chroma (padding bytes included).
    package func blankFrame(luma: UInt8 = 128) -> [UInt8] {
        var frame = [UInt8](repeating: 128, count: size)
        frame.withUnsafeMutableBufferPointer { bytes in
            for i in 0..<uOffset { bytes[i] = luma }
        }
        return frame
    }

    private func roundUp4(_ n: Int) -> Int { (n + 3) & ~3 }
}
