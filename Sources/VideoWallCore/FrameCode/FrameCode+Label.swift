extension FrameCode {
    /// Digits the label shows (five): enough for the largest index, zero-padded so it never
    /// changes width (which would move blocks the encoder has to re-code).
    static let labelDigits = String(indexRange.upperBound).count

    /// Where the readable index sits: a dark box under the code band, centred, about a
    /// quarter of the frame high.
    public static func labelRect(frameWidth: Int, frameHeight: Int) -> PixelRect {
        labelLayout(frameWidth: frameWidth, frameHeight: frameHeight).box
    }

    static func labelLayout(frameWidth: Int, frameHeight: Int) -> (digits: LabelLayout, box: PixelRect) {
        var digits = LabelLayout(digitHeight: max(5, frameHeight / 4))
        // Narrow frames: shrink the digits until the label fits across.
        while digits.boxWidth(count: labelDigits) > frameWidth && digits.digitHeight > 5 {
            digits = LabelLayout(digitHeight: digits.digitHeight - 1)
        }
        let width = digits.boxWidth(count: labelDigits)
        let top = codeRect(frameWidth: frameWidth, frameHeight: frameHeight).maxY + max(1, frameHeight / 16)
        return (digits, PixelRect(x: (frameWidth - width) / 2, y: top, width: width, height: digits.boxHeight))
    }

    /// Draws `index` as seven-segment digits (white blocks on black) into an I420 frame, so
    /// a person looking at the wall reads the same number the code carries. Blocks, not a
    /// font: they survive the same scaling and compression the code does.
    public static func paintLabel(index: Int, intoI420 buffer: inout [UInt8], width: Int, height: Int) {
        precondition(indexRange.contains(index), "frame index \(index) does not fit in \(bits) bits")
        let layout = I420Layout(width: width, height: height)
        let (label, box) = labelLayout(frameWidth: width, frameHeight: height)
        layout.fillLuma(box, with: blackLuma, in: &buffer)
        let text = String(index)
        let digits = String(repeating: "0", count: labelDigits - text.count) + text
        for (position, character) in digits.enumerated() {
            let origin = (x: box.x + label.padding + position * (label.digitWidth + label.gap), y: box.y + label.padding)
            for segment in SevenSegment.segments(of: character.wholeNumberValue ?? 0) {
                layout.fillLuma(segment.rect(x: origin.x, y: origin.y, width: label.digitWidth, height: label.digitHeight),
                                with: whiteLuma, in: &buffer)
            }
        }
    }
}

/// Proportions of the label: digits 0.55 as wide as high, gaps and padding in proportion.
struct LabelLayout {
    let digitHeight: Int
    var digitWidth: Int { max(3, digitHeight * 11 / 20) }
    var gap: Int { max(1, digitHeight / 6) }
    var padding: Int { max(1, digitHeight / 8) }
    var boxHeight: Int { digitHeight + 2 * padding }
    func boxWidth(count: Int) -> Int { count * digitWidth + (count - 1) * gap + 2 * padding }
}

/// The segments of a seven-segment digit.
enum SevenSegment: CaseIterable {
    case top, upperRight, lowerRight, bottom, lowerLeft, upperLeft, middle

    static func segments(of digit: Int) -> [SevenSegment] {
        switch digit {
        case 0: [.top, .upperRight, .lowerRight, .bottom, .lowerLeft, .upperLeft]
        case 1: [.upperRight, .lowerRight]
        case 2: [.top, .upperRight, .middle, .lowerLeft, .bottom]
        case 3: [.top, .upperRight, .middle, .lowerRight, .bottom]
        case 4: [.upperLeft, .middle, .upperRight, .lowerRight]
        case 5: [.top, .upperLeft, .middle, .lowerRight, .bottom]
        case 6: [.top, .upperLeft, .middle, .lowerLeft, .lowerRight, .bottom]
        case 7: [.top, .upperRight, .lowerRight]
        case 8: allCases
        default: [.top, .upperLeft, .upperRight, .middle, .lowerRight, .bottom]
        }
    }

    func rect(x: Int, y: Int, width: Int, height: Int) -> PixelRect {
        let thickness = max(1, height / 8)
        let half = height / 2
        switch self {
        case .top: return PixelRect(x: x, y: y, width: width, height: thickness)
        case .upperRight: return PixelRect(x: x + width - thickness, y: y, width: thickness, height: half)
        case .lowerRight: return PixelRect(x: x + width - thickness, y: y + half, width: thickness, height: height - half)
        case .bottom: return PixelRect(x: x, y: y + height - thickness, width: width, height: thickness)
        case .lowerLeft: return PixelRect(x: x, y: y + half, width: thickness, height: height - half)
        case .upperLeft: return PixelRect(x: x, y: y, width: thickness, height: half)
        case .middle: return PixelRect(x: x, y: y + half - thickness / 2, width: width, height: thickness)
        }
    }
}
