import Foundation
import VideoWallEngine

// Shared by every test target: clips made with real encoders, and main-loop helpers.

/// Clips the tests make themselves with real encoders, once per test process.
@MainActor
package enum TestClips {
    nonisolated package static let directory: String = {
        let dir = NSTemporaryDirectory() + "videowall-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    package static func clip(_ spec: ClipSpec) async throws -> String {
        try await ClipGenerator.cached(spec, in: directory)
    }

    /// 2 s, 30 fps, 320x180 H.264 in MP4, a key frame every second.
    package static var landscape: ClipSpec { ClipSpec(width: 320, height: 180, frameRate: 30, frames: 60) }
    package static var portrait: ClipSpec { ClipSpec(width: 180, height: 320, frameRate: 30, frames: 60, pattern: "ball") }
    /// PAL-style non-square pixels: 360x288 stored, 16:15 pixels, shown 384x288.
    package static var anamorphic: ClipSpec { ClipSpec(width: 360, height: 288, frameRate: 30, frames: 60, pixelAspect: (16, 15), pattern: "colors") }

    /// A 3 s, 320x180, 30 fps HLS stream (H.264 in MPEG-TS, 1 s segments, a finished
    /// playlist) written by `hlssink2` into its own folder; returns the folder.
    package static func hlsStream() async throws -> String {
        let folder = (directory as NSString).appendingPathComponent("hls")
        let playlist = (folder as NSString).appendingPathComponent("playlist.m3u8")
        if FileManager.default.fileExists(atPath: playlist) { return folder }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await ClipGenerator.run("""
            videotestsrc num-buffers=90 pattern=ball ! video/x-raw,width=320,height=180,framerate=30/1 \
            ! x264enc tune=zerolatency speed-preset=ultrafast key-int-max=30 ! h264parse \
            ! hlssink2 target-duration=1 playlist-length=0 max-files=0 \
              location=\(folder)/segment%05d.ts playlist-location=\(playlist)
            """, timeout: 60)
        return folder
    }

    /// A frame-coded clip repackaged as HLS (the same H.264 frames in MPEG-TS, 1 s segments, a
    /// finished playlist), so an HLS tile and the local file can be compared frame by frame.
    /// `spec` needs a key frame at every second. Returns the local file and the folder with
    /// `playlist.m3u8`.
    package static func frameCodedHLS(_ spec: FrameCodedClipSpec) async throws -> (local: String, folder: String) {
        let local = try await FrameCodedClipGenerator.cached(spec, in: directory)
        let folder = (directory as NSString).appendingPathComponent("hls-" + (spec.cacheKey as NSString).deletingPathExtension)
        let playlist = (folder as NSString).appendingPathComponent("playlist.m3u8")
        if FileManager.default.fileExists(atPath: playlist) { return (local, folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await ClipGenerator.run(
            "filesrc location=\(local) ! qtdemux ! h264parse ! hlssink2 target-duration=1 playlist-length=0 max-files=0 "
                + "location=\(folder)/segment%05d.ts playlist-location=\(playlist)", timeout: 60)
        return (local, folder)
    }

    /// A clip whose every frame tells each pixel's place: red rises from 0 at the left edge to
    /// 255 at the right, green from 0 at the top to 255 at the bottom (blue 0). 640x360, 30 fps,
    /// `seconds` long, H.264 in MP4. A capture of any part of it says which part it is.
    package static func positionRamp(seconds: Int) async throws -> String {
        let path = directory + "/position-ramp-\(seconds)s.mp4"
        if FileManager.default.fileExists(atPath: path) { return path }
        let width = 640, height = 360
        var picture = Data("P6\n\(width) \(height)\n255\n".utf8)
        picture.reserveCapacity(picture.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                picture.append(contentsOf: [UInt8((x * 255 + (width - 1) / 2) / (width - 1)), UInt8((y * 255 + (height - 1) / 2) / (height - 1)), 0])
            }
        }
        let still = file(named: "position-ramp.ppm", contents: picture)
        try await ClipGenerator.run("multifilesrc location=\(still) loop=true num-buffers=\(seconds * 30) caps=image/x-portable-pixmap,framerate=30/1 "
            + "! pnmdec ! videoconvert ! video/x-raw,format=I420 ! x264enc speed-preset=ultrafast key-int-max=30 bframes=0 ! h264parse "
            + "! mp4mux ! filesink location=\(path)", timeout: 60)
        return path
    }

    /// Writes a file with arbitrary bytes (bad-input cases).
    /// One H.264 byte stream whose picture changes size after one second: 30 frames at 320x180,
    /// then 30 at 180x320 (videotestsrc `pattern`). Returns its path.
    package static func sizeSwitchingStream(named name: String, pattern: String) async throws -> String {
        var joined = Data()
        for (part, width, height) in [("a", 320, 180), ("b", 180, 320)] {
            let path = directory + "/\(name)-\(part).h264"
            try await ClipGenerator.run("videotestsrc num-buffers=30 pattern=\(pattern) ! video/x-raw,width=\(width),height=\(height),framerate=30/1 "
                + "! x264enc speed-preset=ultrafast key-int-max=30 bframes=0 ! video/x-h264,stream-format=byte-stream ! filesink location=\(path)",
                timeout: 30)
            joined.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return file(named: name + ".h264", contents: joined)
    }

    nonisolated package static func file(named name: String, contents: Data) -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        FileManager.default.createFile(atPath: path, contents: contents)
        return path
    }
}
