import VideoWallCore
import XCTest

/// Frame codes painted into I420 frames as GStreamer lays them out, converted to RGB the way
/// a decoder would, and read back at full size, scaled down and placed inside larger images.
final class FrameCodeTests: XCTestCase {
    static let width = 640, height = 360
    static let sample = [0, 1, 2, 3, 255, 256, 1000, 1001, 4095, 4096, 21845, 32767, 32768, 43690, 65534, 65535]
        + Array(stride(from: 7, to: 65535, by: 4099))

    func testReadsBackEveryIndexOfASample() {
        var frame = Self.greyFrame(width: Self.width, height: Self.height)
        for index in Self.sample {
            FrameCode.paint(index: index, intoI420: &frame, width: Self.width, height: Self.height)
            let image = Self.rgb(fromI420: frame, width: Self.width, height: Self.height)
            XCTAssertEqual(FrameCode.read(from: image, in: Self.whole(image)), index)
        }
    }

    /// Strides, plane offsets and sizes as `gst_video_info_set_format` gave them for I420 in
    /// GStreamer 1.22 (printed from C): a mismatch makes GStreamer reject or shear our frames.
    func testI420LayoutMatchesGStreamer() {
        let measured: [(width: Int, height: Int, lumaStride: Int, chromaStride: Int, u: Int, v: Int, size: Int)] = [
            (640, 360, 640, 320, 230_400, 288_000, 345_600),
            (641, 361, 644, 324, 233_128, 291_772, 350_416),
            (213, 120, 216, 108, 25_920, 32_400, 38_880),
            (215, 121, 216, 108, 26_352, 32_940, 39_528),
            (7, 5, 8, 4, 48, 60, 72),
        ]
        for m in measured {
            let layout = I420Layout(width: m.width, height: m.height)
            let name = "\(m.width)x\(m.height)"
            XCTAssertEqual(layout.lumaStride, m.lumaStride, name)
            XCTAssertEqual(layout.chromaStride, m.chromaStride, name)
            XCTAssertEqual(layout.uOffset, m.u, name)
            XCTAssertEqual(layout.vOffset, m.v, name)
            XCTAssertEqual(layout.size, m.size, name)
            XCTAssertEqual(layout.blankFrame().count, m.size, name)
        }
    }

    /// Odd sizes: rows padded to 4 bytes, chroma planes of (n + 1) / 2, the U plane after an
    /// even number of luma rows. A stride mistake would shear the band.
    func testOddFrameSizes() {
        for (width, height) in [(641, 361), (213, 121), (97, 55)] {
            var frame = Self.greyFrame(width: width, height: height)
            for index in [0, 12345, 65535] {
                FrameCode.paint(index: index, intoI420: &frame, width: width, height: height)
                let image = Self.rgb(fromI420: frame, width: width, height: height)
                XCTAssertEqual(FrameCode.read(from: image, in: Self.whole(image)), index, "\(width)x\(height)")
            }
        }
    }

    func testReadsScaledDownCopies() {
        var frame = Self.greyFrame(width: Self.width, height: Self.height)
        for index in Self.sample {
            FrameCode.paint(index: index, intoI420: &frame, width: Self.width, height: Self.height)
            let image = Self.rgb(fromI420: frame, width: Self.width, height: Self.height)
            for factor in [3, 6] {
                let small = Self.boxDownscaled(image, by: factor)
                XCTAssertEqual(FrameCode.read(from: small, in: Self.whole(small)), index, "1/\(factor) of index \(index)")
            }
        }
    }

    /// A tile inside a captured window: the frame scaled down and placed at an offset.
    func testReadsACopyPlacedInsideALargerImage() {
        var frame = Self.greyFrame(width: Self.width, height: Self.height)
        for index in [0, 1, 31337, 65535] {
            FrameCode.paint(index: index, intoI420: &frame, width: Self.width, height: Self.height)
            let tile = Self.boxDownscaled(Self.rgb(fromI420: frame, width: Self.width, height: Self.height), by: 3)
            // A dark blue window, so the surroundings are neither the code's black nor white.
            var window = RGBImage(width: 500, height: 400, red: 20, green: 30, blue: 90)
            Self.place(tile, into: &window, x: 101, y: 57)
            let rect = PixelRect(x: 101, y: 57, width: tile.width, height: tile.height)
            XCTAssertEqual(FrameCode.read(from: window, in: rect), index)
            XCTAssertNil(FrameCode.read(from: window, in: PixelRect(x: 0, y: 0, width: tile.width, height: tile.height)),
                         "the window's corner holds no code")
        }
    }

    func testUncodedImagesReadNil() {
        for (r, g, b) in [(0, 0, 0), (255, 255, 255), (128, 128, 128), (20, 30, 90)] {
            let image = RGBImage(width: 320, height: 180, red: UInt8(r), green: UInt8(g), blue: UInt8(b))
            XCTAssertNil(FrameCode.read(from: image, in: Self.whole(image)), "uniform \(r),\(g),\(b)")
        }
        let grey = Self.rgb(fromI420: Self.greyFrame(width: Self.width, height: Self.height), width: Self.width, height: Self.height)
        XCTAssertNil(FrameCode.read(from: grey, in: Self.whole(grey)), "a frame without the band")
        XCTAssertNil(FrameCode.read(from: grey, in: PixelRect(x: 600, y: 300, width: 100, height: 100)), "a rect outside the image")
    }

    /// Flipping one data cell reads as the index whose Gray code differs in that bit: never
    /// the original, and never nil (the guards are intact).
    func testOneCorruptedCellReadsAsAnotherIndex() {
        let index = 12345
        var coded = Self.greyFrame(width: Self.width, height: Self.height)
        FrameCode.paint(index: index, intoI420: &coded, width: Self.width, height: Self.height)
        for cell in 1...FrameCode.bits {
            var frame = coded
            let bit = FrameCode.bits - cell
            let isWhite = (FrameCode.grayCode(of: index) >> bit) & 1 == 1
            Self.fillLuma(FrameCode.cellRect(cell, frameWidth: Self.width, frameHeight: Self.height),
                          with: isWhite ? 16 : 235, in: &frame, width: Self.width)
            let image = Self.rgb(fromI420: frame, width: Self.width, height: Self.height)
            let read = FrameCode.read(from: image, in: Self.whole(image))
            XCTAssertNotEqual(read, index, "cell \(cell)")
            XCTAssertEqual(read, FrameCode.index(fromGrayCode: FrameCode.grayCode(of: index) ^ (1 << bit)), "cell \(cell)")
        }
    }

    func testNeighbouringIndicesDifferInOneCell() {
        for index in Self.sample where index < FrameCode.indexRange.upperBound {
            let changed = FrameCode.grayCode(of: index) ^ FrameCode.grayCode(of: index + 1)
            XCTAssertEqual(changed.nonzeroBitCount, 1, "\(index) -> \(index + 1)")
            XCTAssertEqual(FrameCode.index(fromGrayCode: FrameCode.grayCode(of: index)), index)
        }
    }

    func testBadGuardsOrTornFramesReadNil() {
        var frame = Self.greyFrame(width: Self.width, height: Self.height)
        FrameCode.paint(index: 4242, intoI420: &frame, width: Self.width, height: Self.height)

        var swapped = frame
        Self.fillLuma(FrameCode.cellRect(0, frameWidth: Self.width, frameHeight: Self.height), with: 235, in: &swapped, width: Self.width)
        Self.fillLuma(FrameCode.cellRect(FrameCode.cellCount - 1, frameWidth: Self.width, frameHeight: Self.height), with: 16, in: &swapped, width: Self.width)
        let swappedImage = Self.rgb(fromI420: swapped, width: Self.width, height: Self.height)
        XCTAssertNil(FrameCode.read(from: swappedImage, in: Self.whole(swappedImage)), "guards swapped")

        // Washed out: every luma pulled three quarters of the way to grey (guards 98 and 161 in RGB).
        let faded = frame.enumerated().map { $0.offset < Self.width * Self.height ? UInt8((Int($0.element) + 3 * 128) / 4) : $0.element }
        let fadedImage = Self.rgb(fromI420: faded, width: Self.width, height: Self.height)
        XCTAssertNil(FrameCode.read(from: fadedImage, in: Self.whole(fadedImage)), "low contrast")

        // Torn mid-update across the band: upper rows from one frame, lower rows from the
        // next. The cell that changes averages to grey.
        var torn = Self.greyFrame(width: Self.width, height: Self.height)
        FrameCode.paint(index: 100, intoI420: &torn, width: Self.width, height: Self.height)
        var next = torn
        FrameCode.paint(index: 101, intoI420: &next, width: Self.width, height: Self.height)
        let band = FrameCode.codeRect(frameWidth: Self.width, frameHeight: Self.height)
        let tearRow = band.y + band.height / 2
        torn.replaceSubrange((tearRow * Self.width)..<(band.maxY * Self.width), with: next[(tearRow * Self.width)..<(band.maxY * Self.width)])
        let tornImage = Self.rgb(fromI420: torn, width: Self.width, height: Self.height)
        XCTAssertNil(FrameCode.read(from: tornImage, in: Self.whole(tornImage)), "torn frame")
        let nextImage = Self.rgb(fromI420: next, width: Self.width, height: Self.height)
        XCTAssertEqual(FrameCode.read(from: nextImage, in: Self.whole(nextImage)), 101, "the untorn frame reads")
    }

    /// The readable label sits under the band, inside the frame, and painting it leaves the
    /// code readable.
    func testLabelSitsBelowTheCodeAndKeepsItReadable() {
        for (width, height) in [(640, 360), (160, 90), (180, 320)] {
            let band = FrameCode.codeRect(frameWidth: width, frameHeight: height)
            let label = FrameCode.labelRect(frameWidth: width, frameHeight: height)
            XCTAssertTrue(PixelRect(x: 0, y: 0, width: width, height: height).contains(label), "\(width)x\(height): \(label)")
            XCTAssertGreaterThan(label.y, band.maxY, "\(width)x\(height)")
            var frame = Self.greyFrame(width: width, height: height)
            FrameCode.paint(index: 54321, intoI420: &frame, width: width, height: height)
            let before = frame
            FrameCode.paintLabel(index: 54321, intoI420: &frame, width: width, height: height)
            let stride = (width + 3) & ~3
            let changed = (0..<(stride * height)).filter { frame[$0] != before[$0] }
            XCTAssertFalse(changed.isEmpty, "\(width)x\(height): the label drew something")
            XCTAssertTrue(changed.allSatisfy { label.contains(x: $0 % stride, y: $0 / stride) }, "\(width)x\(height): drew outside the label")
            let image = Self.rgb(fromI420: frame, width: width, height: height)
            XCTAssertEqual(FrameCode.read(from: image, in: Self.whole(image)), 54321, "\(width)x\(height)")
        }
    }
}

// MARK: - Pictures, built independently of the code under test

extension FrameCodeTests {
    /// GstVideoInfo's I420 layout, written out again so the pictures do not depend on `I420Layout`.
    static func planes(width: Int, height: Int) -> (lumaStride: Int, chromaStride: Int, u: Int, v: Int) {
        let lumaStride = (width + 3) / 4 * 4
        let chromaStride = ((width + 1) / 2 + 3) / 4 * 4
        let evenHeight = (height + 1) / 2 * 2
        let u = lumaStride * evenHeight
        return (lumaStride, chromaStride, u, u + chromaStride * evenHeight / 2)
    }

    /// Mid-grey luma, neutral chroma.
    static func greyFrame(width: Int, height: Int) -> [UInt8] {
        let p = planes(width: width, height: height)
        return [UInt8](repeating: 128, count: p.v + p.chromaStride * (height + 1) / 2).enumerated()
            .map { $0.offset < p.u ? 110 : $0.element }
    }

    static func fillLuma(_ rect: PixelRect, with value: UInt8, in frame: inout [UInt8], width: Int) {
        let stride = (width + 3) / 4 * 4
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { frame[y * stride + x] = value } }
    }

    /// BT.601 limited range to full-range RGB, as `videoconvert` does for SD video.
    static func rgb(fromI420 frame: [UInt8], width: Int, height: Int) -> RGBImage {
        let p = planes(width: width, height: height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }
        for y in 0..<height {
            for x in 0..<width {
                let c = 298 * (Int(frame[y * p.lumaStride + x]) - 16)
                let d = Int(frame[p.u + y / 2 * p.chromaStride + x / 2]) - 128
                let e = Int(frame[p.v + y / 2 * p.chromaStride + x / 2]) - 128
                let i = (y * width + x) * 3
                pixels[i] = clamp((c + 409 * e + 128) >> 8)
                pixels[i + 1] = clamp((c - 100 * d - 208 * e + 128) >> 8)
                pixels[i + 2] = clamp((c + 516 * d + 128) >> 8)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Averages `factor` x `factor` blocks (a box filter); a partial block at the edge is dropped.
    static func boxDownscaled(_ image: RGBImage, by factor: Int) -> RGBImage {
        let width = image.width / factor, height = image.height / factor
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 {
                    var sum = 0
                    for dy in 0..<factor { for dx in 0..<factor {
                        sum += Int(image.pixels[((y * factor + dy) * image.width + x * factor + dx) * 3 + channel])
                    } }
                    pixels[(y * width + x) * 3 + channel] = UInt8(sum / (factor * factor))
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func place(_ tile: RGBImage, into image: inout RGBImage, x: Int, y: Int) {
        for row in 0..<tile.height {
            let from = row * tile.width * 3
            let to = ((y + row) * image.width + x) * 3
            image.pixels.replaceSubrange(to..<(to + tile.width * 3), with: tile.pixels[from..<(from + tile.width * 3)])
        }
    }

    static func whole(_ image: RGBImage) -> PixelRect { PixelRect(x: 0, y: 0, width: image.width, height: image.height) }
}
