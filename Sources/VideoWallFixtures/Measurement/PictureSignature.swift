import VideoWallCore

/// A picture reduced to the mean colour of each cell of a coarse grid. One frame rendered two
/// ways (decoded and scaled by bare GStreamer, or scaled into a tile and read back from the
/// screen) has nearly the same signature; frames that differ in what they show do not. How an
/// on-screen test reads real files, which carry no frame code: by which of bare playbin's
/// frames a capture looks like.
package struct PictureSignature: Sendable, Equatable {
    package static let columns = 16
    package static let rows = 12

    /// Mean red, green and blue of each cell, row after row.
    package private(set) var cells: [Float]

    /// The signature of `area` of `image` (clipped to the image). An empty area gives black.
    package init(of image: RGBImage, in area: PixelRect) {
        let left = max(0, area.x), top = max(0, area.y)
        let right = min(image.width, area.x + area.width), bottom = min(image.height, area.y + area.height)
        var sums = [Float](repeating: 0, count: Self.columns * Self.rows * 3)
        var counts = [Float](repeating: 0, count: Self.columns * Self.rows)
        let width = right - left, height = bottom - top
        if width > 0, height > 0 {
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in top..<bottom {
                    let row = (y - top) * Self.rows / height
                    for x in left..<right {
                        let cell = row * Self.columns + (x - left) * Self.columns / width
                        let i = (y * image.width + x) * 3
                        sums[cell * 3] += Float(pixels[i])
                        sums[cell * 3 + 1] += Float(pixels[i + 1])
                        sums[cell * 3 + 2] += Float(pixels[i + 2])
                        counts[cell] += 1
                    }
                }
            }
        }
        cells = sums.indices.map { counts[$0 / 3] > 0 ? sums[$0] / counts[$0 / 3] : 0 }
    }

    /// The mean difference of the two, in colour levels (0-255) per cell and channel.
    package func distance(to other: PictureSignature) -> Float {
        zip(cells, other.cells).reduce(0) { $0 + abs($1.0 - $1.1) } / Float(cells.count)
    }
}
