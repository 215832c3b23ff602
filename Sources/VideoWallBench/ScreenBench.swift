import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallWindow

/// On-screen coherence: the real window, captured many times at moments that are not frame
/// boundaries on purpose, every tile's frame code read from what the display shows.
@MainActor
struct ScreenBench {
    let clips: [String]
    let samples: Int

    func measure() async throws -> ScreenCoherence {
        guard GtkRuntime.start() else { throw BenchError("GTK could not open the display") }
        let layout = Self.grid(count: clips.count)
        var options = WallWindow.Options()
        options.width = 1280
        options.height = 720
        let window = try WallWindow(layout: layout, assignments: clips.enumerated().map { ($0.offset, $0.element) }, options: options)
        let wall = try Wall()
        try window.show(following: wall)
        window.perform(.toggleNames)
        defer { wall.shutDown(); window.close() }
        await wall.load(clips.enumerated().map { TileSpec(source: $0.element, output: window.videoOutput(forTile: $0.offset), muted: true) })
        if let failure = wall.slots.compactMap(\.failure).first { throw BenchError(failure.description) }
        wall.play()
        _ = await wait(timeout: 10) { clips.indices.allSatisfy { window.videoFrame(ofRegion: $0) != nil } }
        await sleep(seconds: 1)
        var reads: [[Int?]] = []
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<samples {
            await sleep(seconds: Double.random(in: 0.013...0.071, using: &generator))
            guard let capture = window.capture() else { continue }
            let image = RGBImage(width: capture.width, height: capture.height, pixels: capture.pixels)
            reads.append(clips.indices.map { region in
                window.videoFrame(ofRegion: region).flatMap { FrameCode.read(from: image, in: $0) }
            })
        }
        return ScreenCoherence.of(reads)
    }

    /// One region, two side by side, or a 2x2 grid; black, no gap.
    static func grid(count: Int) -> Layout {
        let frames: [Rect]
        switch count {
        case 1: frames = [Rect(x: 0, y: 0, width: 1, height: 1)]
        case 2: frames = [Rect(x: 0, y: 0, width: 0.5, height: 1), Rect(x: 0.5, y: 0, width: 0.5, height: 1)]
        default: frames = [Rect(x: 0, y: 0, width: 0.5, height: 0.5), Rect(x: 0.5, y: 0, width: 0.5, height: 0.5),
                           Rect(x: 0, y: 0.5, width: 0.5, height: 0.5), Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)]
        }
        return Layout(name: "bench", background: .black, gap: 0, regions: frames.prefix(count).map { LayoutRegion(frame: $0) })
    }
}
