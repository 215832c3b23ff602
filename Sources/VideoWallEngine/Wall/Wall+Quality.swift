import Foundation
internal import GStreamerKit
import VideoWallCore

/// PSNR and SSIM of tile 2 against tile 1 at one instant, on their source frames.
package struct QualityReading: Sendable, Equatable {
    package var quality: FrameQuality
    /// The size both were measured at: tile 1's source size.
    package var width: Int
    package var height: Int
    /// Tile 2's source size when it was not tile 1's (it was scaled to it first).
    package var scaledFrom: (width: Int, height: Int)?

    package static func == (a: QualityReading, b: QualityReading) -> Bool {
        a.quality == b.quality && a.width == b.width && a.height == b.height
            && a.scaledFrom?.width == b.scaledFrom?.width && a.scaledFrom?.height == b.scaledFrom?.height
    }

    /// `tile 2 against tile 1: PSNR 38.21 dB, SSIM 0.9876 (luma, 1920x1080)`.
    package var summary: String {
        let scaled = scaledFrom.map { ", tile 2 scaled from \($0.width)x\($0.height)" } ?? ""
        return "tile 2 against tile 1: \(quality.summary) (luma, \(width)x\(height)\(scaled))"
    }
}

extension Wall {
    /// Measures tile 2 against tile 1 for the frames they show now (offsets counted), on their
    /// source frames at full resolution, decoded again by pipelines of their own as the tile
    /// snapshots are (`FrameGrabber`), on a worker thread: the wall plays on. Tile 2 is scaled to
    /// tile 1's size when they differ.
    package func measureQuality(timeout: Duration = .seconds(10)) async -> Result<QualityReading, SnapshotError> {
        let instants = await snapshotInstants().filter { $0.tile < 2 }.sorted { $0.tile < $1.tile }
        guard instants.count == 2 else {
            return .failure(SnapshotError(description: "tile 1 and tile 2 must both show a frame"))
        }
        let seconds = timeout.inSeconds
        let first = instants[0], second = instants[1]
        let reading = await BlockingCalls.run("measuring tile 2 against tile 1", timeout: 2 * seconds + 1) {
            Self.measure(first: (first.uri, first.streamTime), second: (second.uri, second.streamTime), timeout: seconds)
        }
        return reading ?? .failure(SnapshotError(description: "no frames within \(Int(2 * seconds)) s"))
    }

    private nonisolated static func measure(first: (uri: String, time: MediaTime), second: (uri: String, time: MediaTime),
                                            timeout: Double) -> Result<QualityReading, SnapshotError> {
        func decoded(_ tile: (uri: String, time: MediaTime), _ number: Int) -> Result<Sample, SnapshotError> {
            sourceFrame(uri: tile.uri, at: tile.time, timeout: timeout).mapError { SnapshotError(description: "tile \(number): " + $0.description) }
        }
        func grey(_ sample: Sample, _ number: Int, size: (width: Int, height: Int)? = nil) -> Result<GreyFrame, SnapshotError> {
            FrameGrabber.grey(sample, width: size?.width, height: size?.height)
                .mapError { SnapshotError(description: "tile \(number): " + $0.message) }
        }
        func luma(_ frame: GreyFrame) -> LumaPicture? {
            LumaPicture(width: frame.width, height: frame.height, stride: frame.stride, pixels: frame.pixels)
        }
        do {
            let reference = try grey(try decoded(first, 1).get(), 1).get()
            let sample = try decoded(second, 2).get()
            let native = try grey(sample, 2).get()
            let sameSize = native.width == reference.width && native.height == reference.height
            let compared = sameSize ? native : try grey(sample, 2, size: (reference.width, reference.height)).get()
            guard let a = luma(reference), let b = luma(compared), let quality = FrameQuality.measure(a, b) else {
                return .failure(SnapshotError(description: "the frames could not be compared"))
            }
            return .success(QualityReading(quality: quality, width: reference.width, height: reference.height,
                                           scaledFrom: sameSize ? nil : (native.width, native.height)))
        } catch {
            return .failure(error)
        }
    }
}
