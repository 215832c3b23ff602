/// A packed 8-bit RGB picture (a captured window, a decoded frame) for reading frame codes.
package struct RGBImage: Sendable, Equatable {
    package var width: Int
    package var height: Int
    /// RGB triplets, row after row, no padding.
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3, "pixels must hold width * height RGB triplets")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniform image.
    package init(width: Int, height: Int, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0) {
        self.width = width
        self.height = height
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
            for i in 0..<(width * height) {
                buffer[3 * i] = red; buffer[3 * i + 1] = green; buffer[3 * i + 2] = blue
            }
            count = width * height * 3
        }
    }

    /// Repacks rows that carry padding: GStreamer pads each RGB row to a multiple of 4 bytes
    /// (a 213-pixel row is 640 bytes), so a sample's bytes are not `width * 3` per row.
    package init(width: Int, height: Int, rowStride: Int, bytes: [UInt8]) {
        precondition(rowStride >= width * 3 && bytes.count >= rowStride * (height - 1) + width * 3, "bytes too short for the stride")
        var packed = [UInt8]()
        packed.reserveCapacity(width * height * 3)
        for row in 0..<height {
            packed.append(contentsOf: bytes[(row * rowStride)..<(row * rowStride + width * 3)])
        }
        self.init(width: width, height: height, pixels: packed)
    }

    /// Rec. 601 luma (0...255) of one pixel.
    package func luma(x: Int, y: Int) -> Int {
        let i = (y * width + x) * 3
        return (299 * Int(pixels[i]) + 587 * Int(pixels[i + 1]) + 114 * Int(pixels[i + 2]) + 500) / 1000
    }
}
