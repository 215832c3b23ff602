import Foundation
import VideoWallCore
import VideoWallWindow
#if canImport(Glibc)
import Glibc
#endif

/// Launch to every tile on screen, VideoWall against the players people compare it with, read
/// from outside every one of them: the bench captures the X server's screen (not a window of
/// its own) until all four quadrants show a frame code, timed from just before the process is
/// spawned. Then, in steady play, the CPU the players use and the CPU the X server spends
/// putting their pictures on screen. Runs alternate peer by peer, so a machine that slows
/// down over the run slows every peer alike.
@MainActor
struct FirstPictureBench {
    /// How a peer is started: the processes of one run.
    enum Peer: String, CaseIterable, Sendable {
        case videowall
        /// One mpv, the four clips side by side through `--lavfi-complex` xstack.
        case mpvXstack = "mpv xstack"
        /// Four mpv, each window placed on its quadrant (`--geometry`).
        case fourMpv = "four mpv"
        /// Four `gst-launch-1.0 playbin`: their windows cannot be placed, so they overlap and
        /// only their cost is measured.
        case fourGstLaunch = "four gst-launch"

        var readsOnScreen: Bool { self != .fourGstLaunch }
    }

    let executable: String
    /// Four clips of one size, frame-coded.
    let clips: [String]
    /// The screen area the peers share, split in four quadrants.
    let width: Int
    let height: Int
    let runs: Int
    let steadySeconds: Double
    let log: (String) -> Void

    func measure(display: String, xServer: pid_t?) async throws -> BenchReport.FirstPicture {
        let peers = Peer.allCases.filter { $0 == .videowall || $0 == .fourGstLaunch || Self.hasMpv }
        var results: [Peer: BenchReport.FirstPicture.Peer] = [:]
        for peer in peers { results[peer] = .init(name: peer.rawValue) }
        for run in 1...runs {
            for peer in peers {
                let outcome = try await measureOnce(peer, display: display, xServer: xServer)
                log(String(format: "first picture, run %d, %@: %@ on screen, %.2f s/s CPU, X server %@", run, peer.rawValue,
                           outcome.firstPicture.map { String(format: "%.3f s", $0) } ?? "not read", outcome.cpuPerSecond,
                           outcome.xServerPerSecond.map { String(format: "%.3f s/s", $0) } ?? "not read"))
                results[peer]!.add(outcome)
            }
        }
        return BenchReport.FirstPicture(clips: "\(clips.count) frame-coded clips, each in a \(width / 2)x\(height / 2) quadrant", runs: runs,
                                        steadySeconds: steadySeconds, peers: peers.map { results[$0]! },
                                        notes: Self.hasMpv ? [] : ["mpv is not installed (scripts/setup.sh installs it): no mpv peers"])
    }

    static var hasMpv: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/mpv") }

    struct Outcome {
        var firstPicture: Double?
        var insideLaunch: Double?
        var cpuPerSecond: Double
        var xServerPerSecond: Double?
    }

    private func measureOnce(_ peer: Peer, display: String, xServer: pid_t?) async throws -> Outcome {
        // The screen must not show four codes already (a previous run's window still there).
        _ = await wait(timeout: 3) { !fourCodesOnScreen() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let report = NSTemporaryDirectory() + "videowall-bench-first-picture-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let start = ContinuousClock.now
        let children = try commands(for: peer, report: report).map { try ChildProcess($0, environment: environment) }
        var firstPicture: Double?
        if peer.readsOnScreen, await wait(timeout: 15, until: { fourCodesOnScreen() }) {
            firstPicture = (ContinuousClock.now - start).inSeconds
        }
        if firstPicture == nil { await sleep(seconds: 2) }
        await sleep(seconds: 1)
        let cpuBefore = children.compactMap(\.cpuSecondsSoFar).reduce(0, +)
        let xBefore = xServer.flatMap { ChildProcess.cpuSeconds(pid: $0) }
        let steadyStart = ContinuousClock.now
        await sleep(seconds: steadySeconds)
        let cpuAfter = children.compactMap(\.cpuSecondsSoFar).reduce(0, +)
        let xAfter = xServer.flatMap { ChildProcess.cpuSeconds(pid: $0) }
        let elapsed = (ContinuousClock.now - steadyStart).inSeconds
        for child in children { child.interrupt() }
        var outputs: [String] = []
        for child in children { outputs.append(await child.finished().output) }
        if peer.readsOnScreen, firstPicture == nil {
            throw BenchError("\(peer.rawValue): four frame codes never came on screen within 15 s: \(outputs.joined().suffix(400))")
        }
        let inside = peer == .videowall ? FileManager.default.contents(atPath: report)
            .flatMap { try? JSONDecoder().decode(ChildReport.self, from: $0) }?.launchToPictureSeconds : nil
        return Outcome(firstPicture: firstPicture, insideLaunch: inside, cpuPerSecond: (cpuAfter - cpuBefore) / elapsed,
                       xServerPerSecond: xBefore.flatMap { before in xAfter.map { ($0 - before) / elapsed } })
    }

    /// The processes of one run: every peer plays the same four clips, without sound, each
    /// clip in its quadrant of the `width` x `height` area at the screen's top left.
    func commands(for peer: Peer, report: String) -> [[String]] {
        let mpv = ["mpv", "--no-config", "--no-audio", "--hwdec=no", "--no-border", "--no-osc", "--really-quiet", "--loop-file=inf"]
        switch peer {
        case .videowall:
            // Fullscreen on the bench's screen of width x height, without file names over
            // the pictures (what a signage wall shows).
            return [[executable, "play", "--kiosk", "--no-audio", "--no-mpris", "--report", report] + clips]
        case .mpvXstack:
            return [mpv + ["--geometry=\(width)x\(height)+0+0",
                           "--lavfi-complex=[vid1][vid2][vid3][vid4]xstack=inputs=4:layout=0_0|w0_0|0_h0|w0_h0[vo]",
                           clips[0]] + clips.dropFirst().map { "--external-file=" + $0 }]
        case .fourMpv:
            return clips.enumerated().map { index, clip in
                mpv + ["--geometry=\(width / 2)x\(height / 2)+\(index % 2 * width / 2)+\(index / 2 * height / 2)", clip]
            }
        case .fourGstLaunch:
            return clips.map { ["gst-launch-1.0", "-q", "playbin", "uri=" + URL(fileURLWithPath: $0).absoluteString, "audio-sink=fakesink"] }
        }
    }

    /// Whether every quadrant of the area shows a readable frame code now.
    func fourCodesOnScreen() -> Bool {
        guard let capture = CapturedImage.screen(width: width, height: height) else { return false }
        let image = RGBImage(width: capture.width, height: capture.height, pixels: capture.pixels)
        let (w, h) = (width / 2, height / 2)
        return (0..<4).allSatisfy { FrameCode.read(from: image, in: PixelRect(x: $0 % 2 * w, y: $0 / 2 * h, width: w, height: h)) != nil }
    }
}

extension BenchReport.FirstPicture.Peer {
    mutating func add(_ outcome: FirstPictureBench.Outcome) {
        if let seconds = outcome.firstPicture { firstPictureSeconds.append(seconds) }
        if let seconds = outcome.insideLaunch { insideLaunchSeconds.append(seconds) }
        cpuPerSecond.append(outcome.cpuPerSecond)
        if let seconds = outcome.xServerPerSecond { xServerPerSecond.append(seconds) }
    }
}

