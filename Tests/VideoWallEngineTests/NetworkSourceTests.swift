import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// A tile played over HTTP from a server on the loopback address, beside a local tile.
final class NetworkSourceTests: XCTestCase {
    /// `python3 -m http.server` on 127.0.0.1 with a free port, serving `directory`.
    private func startServer(serving directory: String) throws -> (Process, Int) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        var line = ""
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let character = byte.first, character != UInt8(ascii: "\n") {
            line.append(Character(UnicodeScalar(character)))
        }
        // "Serving HTTP on 127.0.0.1 port 40213 (http://127.0.0.1:40213/) ..."
        guard let port = line.split(separator: " ").drop(while: { $0 != "port" }).dropFirst().first.flatMap({ Int($0) }) else {
            server.terminate()
            throw XCTSkip("no HTTP server: \(line)")
        }
        return (server, port)
    }

    func testHTTPTilePlaysInSyncWithALocalTile() throws {
        let (server, port) = try startServer(serving: TestClips.directory)
        defer { server.terminate() }
        try onMainLoop(timeout: 60) {
            let local = try await TestClips.clip(TestClips.landscape)
            let remote = "http://127.0.0.1:\(port)/" + (local as NSString).lastPathComponent
            let asset = try await AssetLoader.load(remote)
            XCTAssertTrue(asset.isNetwork)
            XCTAssertEqual(asset.video?.width, 320)

            let wall = try Coordinator()
            defer { wall.shutDown() }
            await wall.load([TileSpec(source: remote), TileSpec(source: local)])
            XCTAssertEqual(wall.players.filter { $0.state == .ready }.count, 2, "\(wall.slots.map { $0.failure?.description ?? "ok" })")
            wall.play()
            await pause(seconds: 0.8)
            let positions = wall.players.compactMap { $0.position?.nanoseconds }
            XCTAssertEqual(positions.count, 2)
            XCTAssertLessThanOrEqual(abs(positions[0] - positions[1]), 1_000_000, "positions \(positions)")
            XCTAssertGreaterThan(Double(positions[0]) / 1e9, 0.5, "the network tile plays")
        }
    }
}
