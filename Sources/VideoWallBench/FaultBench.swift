import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures
import VideoWallRemote

/// The fault run (`videowall bench --faults`): a wall of a network tile and a local tile with
/// kiosk settings (group loop, retries for ever, the watchdog), whose loopback server is
/// stopped and started again several times, then hangs with its connections open, while a
/// remote-control client floods the wall's socket. It reports how long the network tile took
/// to come back each time, how far apart the tiles were after, and what the local tile, never
/// at fault, lost (target: nothing).
@MainActor
struct FaultBench {
    let options: BenchOptions
    /// Server stops and restarts.
    var cycles = 3
    /// How long the server stays away each time.
    var downSeconds = 2.0

    func measure() async throws -> BenchReport.Faults {
        let spec = ClipSpec(width: 320, height: 180, frameRate: 30, frames: 30 * 40, pattern: "snow", keyFrameInterval: 30,
                            audio: true, bitrate: 8000)
        let clip = try await ClipGenerator.cached(spec, in: options.clipDirectory)
        let folder = (clip as NSString).deletingLastPathComponent
        // Eight times the clip's rate: the tile reads ahead as over a fast network, never the whole file.
        var server = try LoopbackHTTPServer(serving: folder, bytesPerSecond: 8_000_000)
        defer { server.terminate() }
        var configuration = WallConfiguration()
        configuration.groupLoop = true
        configuration.recovery = .forever
        configuration.stallWatch = StallWatch()
        let wall = try Wall(configuration: configuration)
        defer { wall.shutDown() }
        let watcher = FaultWatcher(wall)
        await wall.load([TileSpec(source: server.url(for: clip)), TileSpec(source: clip)])
        wall.play()
        await sleep(seconds: 2)
        guard wall.tiles.allSatisfy({ $0.state == .playing }) else {
            throw BenchError("the fault run's wall did not start: \(wall.tiles.map { "\($0.state)" })")
        }
        let localDroppedBefore = wall.tiles[1].statistics?.framesDropped ?? 0

        var recoveries: [BenchReport.Faults.Recovery] = []
        for _ in 0..<cycles {
            let port = server.port
            let failuresBefore = watcher.failures
            server.terminate()
            let stopped = Date()
            guard await waitUntil(timeout: 30, { watcher.failures > failuresBefore }) else {
                throw BenchError("the network tile did not notice its server was gone")
            }
            let noticed = Date().timeIntervalSince(stopped)
            await sleep(seconds: downSeconds)
            let recoveredBefore = wall.tiles[0].recoveries
            server = try LoopbackHTTPServer(serving: folder, port: port, bytesPerSecond: 8_000_000)
            let restarted = Date()
            guard await waitUntil(timeout: 60, { wall.tiles[0].recoveries > recoveredBefore }) else {
                throw BenchError("the network tile did not come back within 60 s")
            }
            let back = Date().timeIntervalSince(restarted)
            await sleep(seconds: 1)
            recoveries.append(.init(cause: "server stopped for \(Int(downSeconds)) s", noticedAfter: noticed,
                                    backAfter: back, spreadAfterMilliseconds: await spread(wall)))
        }

        // The server hangs, connections open: the watchdog's verdict, then the tile is rebuilt.
        let failuresBefore = watcher.failures, recoveredBefore = wall.tiles[0].recoveries
        server.hang()
        let hung = Date()
        guard await waitUntil(timeout: 60, { watcher.failures > failuresBefore }) else {
            throw BenchError("the watchdog did not notice the hung server")
        }
        let noticed = Date().timeIntervalSince(hung)
        server.answerAgain()
        let answering = Date()
        guard await waitUntil(timeout: 60, { wall.tiles[0].recoveries > recoveredBefore }) else {
            throw BenchError("the hung tile did not come back within 60 s")
        }
        let back = Date().timeIntervalSince(answering)
        await sleep(seconds: 1)
        recoveries.append(.init(cause: "server hung", noticedAfter: noticed, backAfter: back, spreadAfterMilliseconds: await spread(wall)))

        let flood = try await measureFlood(wall)
        let localDropped = (wall.tiles[1].statistics?.framesDropped ?? 0) - localDroppedBefore
        await wall.close()
        return BenchReport.Faults(recoveries: recoveries, flood: flood, localTileFramesDropped: Int(localDropped),
                                  localTileFramesRendered: Int(wall.tiles[1].statistics?.framesRendered ?? 0))
    }

    /// The largest distance between the two tiles' positions over ten reads, in milliseconds.
    private func spread(_ wall: Wall) async -> Double {
        var largest = 0.0
        for _ in 0..<10 {
            let positions = wall.tiles.compactMap { $0.position?.seconds }
            if positions.count == 2 { largest = max(largest, abs(positions[0] - positions[1]) * 1000) }
            await sleep(seconds: 0.05)
        }
        return largest
    }

    /// A client that sends 20,000 requests and reads none of the replies, while a polite one
    /// asks for the position ten times: how long the polite one waited at most.
    private func measureFlood(_ wall: Wall) async throws -> BenchReport.Faults.Flood {
        let path = NSTemporaryDirectory() + "videowall-bench-\(UUID().uuidString.prefix(8)).sock"
        let remote = try await WallRemote.start(at: path, wall: wall)
        defer { remote.stop() }
        let droppedBefore = wall.tiles[1].statistics?.framesDropped ?? 0
        let flooding = Task.detached { IPCFlooder.flood(path, lines: 20_000) }
        var slowest = 0.0
        for _ in 0..<10 {
            let started = Date()
            let reply = await Task.detached { try? IPCClient.request([.string("get_property"), .string("time-pos")], at: path) }.value
            guard reply?.succeeded == true else { throw BenchError("the polite client got no answer during the flood") }
            slowest = max(slowest, Date().timeIntervalSince(started) * 1000)
            await sleep(seconds: 0.2)
        }
        let sent = await flooding.value
        return .init(linesSent: sent, slowestReplyMilliseconds: slowest,
                     localTileFramesDropped: Int((wall.tiles[1].statistics?.framesDropped ?? 0) - droppedBefore))
    }

    private func waitUntil(timeout: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            await sleep(seconds: 0.05)
        }
        return true
    }
}

/// Counts the wall's tile failures as they are published.
@MainActor
private final class FaultWatcher {
    private(set) var failures = 0
    private var task: Task<Void, Never>?

    init(_ wall: Wall) {
        let events = wall.events()
        task = Task { [weak self] in
            for await event in events {
                if case .tile(0, .failed) = event { self?.failures += 1 }
            }
        }
    }

    deinit { task?.cancel() }
}
