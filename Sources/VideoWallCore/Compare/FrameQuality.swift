import Foundation

/// One picture's brightness: 8-bit luma, `width` x `height`, rows `stride` bytes apart.
package struct LumaPicture: Sendable {
    package let width: Int
    package let height: Int
    package let stride: Int
    package let pixels: [UInt8]

    /// Nil when `pixels` is too short for the size and stride given.
    package init?(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, stride >= width, pixels.count >= stride * (height - 1) + width else { return nil }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }
}

/// How alike two pictures of one size are, by the two measures encoders are judged by: PSNR
/// and SSIM, both on luma (as ffmpeg's `psnr` and `ssim` filters give their Y figures).
package struct FrameQuality: Sendable, Equatable {
    /// Peak signal-to-noise ratio in dB; nil for identical pictures (infinite).
    package var psnr: Double?
    /// Structural similarity, 1 for identical pictures: the mean over 8x8 windows every 4
    /// pixels (the layout of libvpx's and ffmpeg's SSIM), with the usual constants
    /// (K1 0.01, K2 0.03, L 255).
    package var ssim: Double

    /// Nil when the pictures differ in size.
    package static func measure(_ a: LumaPicture, _ b: LumaPicture) -> FrameQuality? {
        guard a.width == b.width, a.height == b.height else { return nil }
        return FrameQuality(psnr: psnr(a, b), ssim: ssim(a, b))
    }

    /// The line a user reads: `PSNR 38.21 dB, SSIM 0.9876` (`PSNR inf`: identical).
    package var summary: String {
        let decibels = psnr.map { String(format: "%.2f dB", $0) } ?? "inf"
        return "PSNR \(decibels), SSIM " + String(format: "%.4f", ssim)
    }

    static func psnr(_ a: LumaPicture, _ b: LumaPicture) -> Double? {
        var squares: UInt64 = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0..<a.height {
                    let rowA = y * a.stride, rowB = y * b.stride
                    var row: UInt64 = 0
                    for x in 0..<a.width {
                        let d = Int(pa[rowA + x]) - Int(pb[rowB + x])
                        row &+= UInt64(d * d)
                    }
                    squares &+= row
                }
            }
        }
        guard squares > 0 else { return nil }
        let mse = Double(squares) / Double(a.width * a.height)
        return 10 * log10(255 * 255 / mse)
    }

    static let window = 8
    static let step = 4

    static func ssim(_ a: LumaPicture, _ b: LumaPicture) -> Double {
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        // A picture smaller than one window is one window of its own size.
        let windowWidth = min(window, a.width), windowHeight = min(window, a.height)
        let count = Double(windowWidth * windowHeight)
        var total = 0.0, windows = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                var top = 0
                while top + windowHeight <= a.height {
                    var left = 0
                    while left + windowWidth <= a.width {
                        var sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0
                        for y in top..<(top + windowHeight) {
                            let rowA = y * a.stride, rowB = y * b.stride
                            for x in left..<(left + windowWidth) {
                                let va = Int(pa[rowA + x]), vb = Int(pb[rowB + x])
                                sa += va; sb += vb; saa += va * va; sbb += vb * vb; sab += va * vb
                            }
                        }
                        let ma = Double(sa) / count, mb = Double(sb) / count
                        let va = Double(saa) / count - ma * ma, vb = Double(sbb) / count - mb * mb
                        let cov = Double(sab) / count - ma * mb
                        total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                        windows += 1
                        left += step
                    }
                    top += step
                }
            }
        }
        return windows > 0 ? total / Double(windows) : 1
    }
}
