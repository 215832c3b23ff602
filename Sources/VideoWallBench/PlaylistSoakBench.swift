import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures

/// Playlists for a long time: `videowall play --headless` with four tiles on one folder of
/// short frame-coded clips (two codecs, three sizes and lengths) and a still image, as a child
/// process, sampled as it runs: resident memory, threads and open file descriptors. Signage
/// players are known to grow until the screen freezes after a day; what matters is the slope.
@MainActor
struct PlaylistSoakBench {
    let options: BenchOptions
    let seconds: Double
    /// A clip with sound in the folder: the tiles then play sound, from copies (`SoundedClip`).
    var withSound = false

    /// One round of the folder: the clips' frames and the still's one frame, and how long it lasts.
    static let clips = [FrameCodedClipSpec(width: 320, height: 180, frameRate: 30, frames: 15, keyFrameInterval: 15),
                        FrameCodedClipSpec(width: 256, height: 144, frameRate: 30, frames: 20, codec: .vp9, keyFrameInterval: 7),
                        FrameCodedClipSpec(width: 352, height: 198, frameRate: 30, frames: 25, keyFrameInterval: 10)]
    static let stillSeconds = 1.0
    static let soundClip = ClipSpec(width: 320, height: 180, frames: 30, keyFrameInterval: 11, audio: true, sound: .aacMono44k)

    func measure() async throws -> BenchReport.PlaylistSoak {
        let folder = options.clipDirectory + (withSound ? "/playlist-soak-sound" : "/playlist-soak")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if withSound {
            let clip = try await ClipGenerator.cached(Self.soundClip, in: options.clipDirectory)
            let link = folder + "/5-sound.mp4"
            if !FileManager.default.fileExists(atPath: link) { try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: clip) }
        }
        for (index, spec) in Self.clips.enumerated() {
            let clip = try await FrameCodedClipGenerator.cached(spec, in: options.clipDirectory)
            let link = folder + "/\(index + 1)-clip.\(spec.container.rawValue)"
            if !FileManager.default.fileExists(atPath: link) { try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: clip) }
        }
        let still = folder + "/4-still.png"
        if !FileManager.default.fileExists(atPath: still) {
            try await ClipGenerator.run("videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,width=320,height=180 ! pngenc ! filesink location=\(still)", timeout: 20)
        }
        let report = NSTemporaryDirectory() + "videowall-playlist-soak-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let tiles = 4
        // --loop: each playlist goes round (a playlist that does not loop plays once).
        let child = try ChildProcess([options.executable, "play", "--headless", "--mute", "--loop", "--image-duration", String(Self.stillSeconds),
                                      "--quit-after", String(seconds * 4), "--report", report]
                                     + Array(repeating: folder, count: tiles), environment: environment)
        let started = Date()
        // Twenty samples; the first (a twentieth of the run in) is left out, while plugins load.
        let interval = seconds / 20
        var times: [Double] = [], resident: [Double] = [], threads: [Int] = [], descriptors: [Int] = []
        for step in 1...20 {
            await sleep(seconds: interval)
            guard step >= 2, let memory = child.residentMemoryMB else { continue }
            times.append(Double(step) * interval)
            resident.append(memory)
            threads.append(child.threadCount ?? 0)
            descriptors.append(child.openDescriptorCount ?? 0)
        }
        child.interrupt()
        let played = Date().timeIntervalSince(started)
        let usage = await child.finished()
        guard usage.status == 130 || usage.status == 0, let data = FileManager.default.contents(atPath: report),
              let decoded = try? JSONDecoder().decode(ChildReport.self, from: data) else {
            throw BenchError("videowall exited \(usage.status) in the playlist soak: \(usage.output.suffix(400))")
        }
        // With sound, a still is ten frames a second (`StillClip`), and the sound clip is one more item.
        let clipFrames = Self.clips.map(\.frames).reduce(0, +) + (withSound ? Self.soundClip.frames : 0)
        let roundFrames = clipFrames + (withSound ? Int(Self.stillSeconds * 10) : 1)
        let roundSeconds = Double(clipFrames) / 30 + Self.stillSeconds
        let growth = MemoryGrowth.measure(times: times, residentMB: resident)
        let hours = (times.last.map { $0 - (times.first ?? 0) } ?? 0) / 3600
        return BenchReport.PlaylistSoak(
            seconds: played, tiles: tiles, itemsPerRound: Self.clips.count + (withSound ? 2 : 1), roundSeconds: roundSeconds,
            itemChanges: decoded.tiles.map { $0.itemChanges ?? 0 },
            framesRendered: decoded.tiles.map { Int($0.framesRendered ?? 0) },
            framesDropped: decoded.tiles.map { Int($0.framesDropped ?? 0) },
            framesExpected: Int(played / roundSeconds * Double(roundFrames)),
            residentStartMB: resident.first ?? 0, residentEndMB: resident.last ?? 0,
            residentGrowthMBPerHour: growth.megabytesPerHour, residentGrowth: growth.summary,
            threadsStart: threads.first ?? 0, threadsEnd: threads.last ?? 0,
            descriptorsStart: descriptors.first ?? 0, descriptorsEnd: descriptors.last ?? 0,
            threadGrowthPerHour: hours > 0 ? Double((threads.last ?? 0) - (threads.first ?? 0)) / hours : nil,
            descriptorGrowthPerHour: hours > 0 ? Double((descriptors.last ?? 0) - (descriptors.first ?? 0)) / hours : nil)
    }
}
