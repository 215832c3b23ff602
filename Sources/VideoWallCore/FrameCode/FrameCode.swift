/// A frame index drawn into the picture as a row of large black and white cells, so a
/// capture of the screen (scaled down, compressed, in any tile) tells which frame was shown.
///
/// Layout: a band across the full frame width at the top, 1/8 of the frame high, cut into
/// `bits + 2` cells of equal width (boundaries at `i * width / cellCount`, so every cell is
/// as wide as the frame allows and the band scales with the frame). Cell 0 is always black
/// and the last cell always white: the reader takes its threshold from these two guards, so
/// brightness, contrast and colour-range changes along the way do not matter. The cells in
/// between hold the index's Gray code, most significant bit first, white for 1: consecutive
/// indices differ in one cell, so reading a frame one off shows as a single changed bit.
package enum FrameCode {
    /// Bits of index: frames 0...65535 (36 min at 30 fps).
    package static let bits = 16
    /// Data cells plus the black guard (first) and the white guard (last).
    package static let cellCount = bits + 2
    package static let indexRange = 0...((1 << bits) - 1)

    /// The luma of black and white cells: video range, which decoders map to RGB 0 and 255.
    static let blackLuma: UInt8 = 16
    static let whiteLuma: UInt8 = 235

    /// Where the code band sits in a frame of this size.
    package static func codeRect(frameWidth: Int, frameHeight: Int) -> PixelRect {
        PixelRect(x: 0, y: 0, width: frameWidth, height: max(1, frameHeight / 8))
    }

    /// Where one cell of the band sits (0 = black guard, 1...bits = data, last = white guard).
    package static func cellRect(_ cell: Int, frameWidth: Int, frameHeight: Int) -> PixelRect {
        precondition((0..<cellCount).contains(cell), "no cell \(cell)")
        let band = codeRect(frameWidth: frameWidth, frameHeight: frameHeight)
        let left = cell * frameWidth / cellCount
        let right = (cell + 1) * frameWidth / cellCount
        return PixelRect(x: left, y: band.y, width: right - left, height: band.height)
    }

    /// `index ^ (index >> 1)`.
    package static func grayCode(of index: Int) -> Int { index ^ (index >> 1) }

    /// The inverse of `grayCode(of:)`.
    package static func index(fromGrayCode code: Int) -> Int {
        var index = code
        var shift = 1
        while shift < bits {
            index ^= index >> shift
            shift <<= 1
        }
        return index
    }

    /// Draws the code for `index` into an I420 frame laid out as GStreamer lays it out
    /// (see `I420Layout`). Only the band's luma changes; chroma is expected to be neutral.
    ///
    /// `copies` side by side (each as wide as the frame over `copies`) put a whole code in each
    /// part of a picture that several monitors show, so each monitor's part can be read alone.
    package static func paint(index: Int, intoI420 buffer: inout [UInt8], width: Int, height: Int, copies: Int = 1) {
        precondition(indexRange.contains(index), "frame index \(index) does not fit in \(bits) bits")
        precondition(copies >= 1 && width / copies >= cellCount, "a frame narrower than \(cellCount) pixels a copy cannot hold the code")
        let layout = I420Layout(width: width, height: height)
        precondition(buffer.count >= layout.size, "buffer smaller than one \(width)x\(height) I420 frame")
        let code = grayCode(of: index)
        for cell in 0..<cellCount {
            let white: Bool
            switch cell {
            case 0: white = false
            case cellCount - 1: white = true
            default: white = (code >> (bits - cell)) & 1 == 1
            }
            for copy in 0..<copies {
                let left = copy * width / copies, copyWidth = (copy + 1) * width / copies - left
                var rect = cellRect(cell, frameWidth: copyWidth, frameHeight: height)
                rect.x += left
                layout.fillLuma(rect, with: white ? whiteLuma : blackLuma, in: &buffer)
            }
        }
    }

    /// How far apart the guards must be (in luma, 0...255) for a frame to count as coded,
    /// and how dark and how light each must be: a dim or washed-out area is not a code.
    static let minimumContrast = 100
    static let darkestWhite = 160
    static let lightestBlack = 96
    /// A data cell closer to the threshold than this fraction of the guard contrast is
    /// ambiguous: a cell half-updated (a torn frame) or smeared (too small to read).
    static let ambiguousFraction = 0.25

    /// Reads the index of the frame shown scaled into `rect` of `image` (a tile of a
    /// captured window, a decoded frame). Samples the centre of each cell, a few pixels
    /// averaged, and thresholds half-way between the guard cells. Returns nil when the guards
    /// are not clearly black and white (no coded frame there) or a cell is neither (a frame
    /// torn mid-update).
    package static func read(from image: RGBImage, in rect: PixelRect) -> Int? {
        guard !rect.isEmpty, rect.x >= 0, rect.y >= 0, rect.maxX <= image.width, rect.maxY <= image.height else { return nil }
        let cellWidth = Double(rect.width) / Double(cellCount)
        let bandHeight = Double(rect.height) / 8
        // Stay well inside the cell: compression rings at edges and scaling blurs them.
        let halfWidth = Int(cellWidth * 0.2)
        let halfHeight = Int(bandHeight * 0.2)
        let centreY = rect.y + Int(bandHeight / 2)

        func level(ofCell cell: Int) -> Double {
            let centreX = rect.x + Int((Double(cell) + 0.5) * cellWidth)
            var sum = 0, count = 0
            for y in max(rect.y, centreY - halfHeight)...min(rect.maxY - 1, centreY + halfHeight) {
                for x in max(rect.x, centreX - halfWidth)...min(rect.maxX - 1, centreX + halfWidth) {
                    sum += image.luma(x: x, y: y)
                    count += 1
                }
            }
            return Double(sum) / Double(count)
        }

        let black = level(ofCell: 0)
        let white = level(ofCell: cellCount - 1)
        guard white - black >= Double(minimumContrast), black <= Double(lightestBlack), white >= Double(darkestWhite) else { return nil }
        let threshold = (black + white) / 2
        let margin = (white - black) * ambiguousFraction
        var code = 0
        for cell in 1...bits {
            let value = level(ofCell: cell)
            if value >= threshold + margin {
                code = code << 1 | 1
            } else if value <= threshold - margin {
                code = code << 1
            } else {
                return nil
            }
        }
        return index(fromGrayCode: code)
    }
}
