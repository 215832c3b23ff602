import Foundation
import VideoWallEngine

// Shared by every test target: clips made with real encoders, and main-loop helpers.

/// Clips the tests make themselves with real encoders, once per test process.
@MainActor
public enum TestClips {
    nonisolated public static let directory: String = {
        let dir = NSTemporaryDirectory() + "videowall-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    public static func clip(_ spec: ClipSpec) async throws -> String {
        try await ClipGenerator.cached(spec, in: directory)
    }

    /// 2 s, 30 fps, 320x180 H.264 in MP4, a key frame every second.
    public static var landscape: ClipSpec { ClipSpec(width: 320, height: 180, frameRate: 30, frames: 60) }
    public static var portrait: ClipSpec { ClipSpec(width: 180, height: 320, frameRate: 30, frames: 60, pattern: "ball") }
    /// PAL-style non-square pixels: 360x288 stored, 16:15 pixels, shown 384x288.
    public static var anamorphic: ClipSpec { ClipSpec(width: 360, height: 288, frameRate: 30, frames: 60, pixelAspect: (16, 15), pattern: "colors") }

    /// Writes a file with arbitrary bytes (bad-input cases).
    nonisolated public static func file(named name: String, contents: Data) -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        FileManager.default.createFile(atPath: path, contents: contents)
        return path
    }
}
