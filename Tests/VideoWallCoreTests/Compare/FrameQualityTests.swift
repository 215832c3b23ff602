import VideoWallCore
import XCTest

final class FrameQualityTests: XCTestCase {
    /// A 64x48 picture with a pattern, `shift` added to every pixel, rows padded to 80 bytes.
    private func picture(shift: Int = 0, noise: (Int, Int) -> Int = { _, _ in 0 }, stride: Int = 80) -> LumaPicture {
        var pixels = [UInt8](repeating: 0, count: stride * 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let value = 40 + (x * 3 + y * 2) % 150 + shift + noise(x, y)
                pixels[y * stride + x] = UInt8(clamping: value)
            }
        }
        return LumaPicture(width: 64, height: 48, stride: stride, pixels: pixels)!
    }

    func testIdenticalPicturesAreInfinitePSNRAndSSIMOne() throws {
        let quality = try XCTUnwrap(FrameQuality.measure(picture(), picture(stride: 64)))
        XCTAssertNil(quality.psnr)
        XCTAssertEqual(quality.ssim, 1, accuracy: 1e-12)
        XCTAssertEqual(quality.summary, "PSNR inf, SSIM 1.0000")
    }

    func testAUniformErrorGivesThePSNRItsFormulaSays() throws {
        // Every pixel 4 off: MSE 16, PSNR 10 log10(255^2 / 16) = 36.09 dB (36.0896).
        let quality = try XCTUnwrap(FrameQuality.measure(picture(), picture(shift: 4)))
        XCTAssertEqual(try XCTUnwrap(quality.psnr), 36.0896, accuracy: 0.0001)
        XCTAssertGreaterThan(quality.ssim, 0.99, "a small brightness shift keeps the structure")
        XCTAssertEqual(quality.summary, "PSNR 36.09 dB, SSIM " + String(format: "%.4f", quality.ssim))
    }

    func testMoreNoiseIsLowerOnBothMeasures() throws {
        let light = try XCTUnwrap(FrameQuality.measure(picture(), picture(noise: { x, y in (x * 7 + y * 13) % 5 - 2 })))
        let heavy = try XCTUnwrap(FrameQuality.measure(picture(), picture(noise: { x, y in (x * 7 + y * 13) % 41 - 20 })))
        XCTAssertGreaterThan(try XCTUnwrap(light.psnr), try XCTUnwrap(heavy.psnr))
        XCTAssertGreaterThan(light.ssim, heavy.ssim)
        XCTAssertLessThan(heavy.ssim, 0.9)
    }

    func testPicturesOfDifferentSizesOrTooFewBytesAreRefused() {
        let small = LumaPicture(width: 32, height: 48, stride: 32, pixels: [UInt8](repeating: 0, count: 32 * 48))!
        XCTAssertNil(FrameQuality.measure(picture(), small))
        XCTAssertNil(LumaPicture(width: 64, height: 48, stride: 64, pixels: [UInt8](repeating: 0, count: 100)))
        XCTAssertNil(LumaPicture(width: 64, height: 48, stride: 32, pixels: [UInt8](repeating: 0, count: 64 * 48)))
    }
}
