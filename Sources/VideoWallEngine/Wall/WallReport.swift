import Foundation
import VideoWallCore

/// The report `--report` writes at exit: one entry per tile.
public struct WallReport: Codable, Sendable {
    public struct Tile: Codable, Sendable {
        public var index: Int
        public var source: String
        public var state: String
        public var framesRendered: UInt64?
        public var framesDropped: UInt64?
        /// Seconds, nil when the tile never played; a failed tile's is where it stopped.
        public var position: Double?
        public var loops: Int
        public var error: String?
        /// Warnings about the tile (a stream that ended early, GStreamer's own); nil when none.
        public var warnings: [String]?
    }

    /// The machine could not show every frame that was due.
    public struct Overload: Codable, Sendable, Equatable {
        /// The worst the slowest tile did, over two seconds of play.
        public var framesShownPerSecond: Double
        public var framesDuePerSecond: Double
        /// How long the wall played overloaded.
        public var seconds: Double
    }

    public var tiles: [Tile]
    public var transport: String
    /// Nil when the machine kept up the whole run.
    public var overload: Overload?
    /// Seconds the process stood still while the wall played (SIGSTOP, a paused machine,
    /// heavy swapping); the wall went on from where it was each time. Nil when it never did.
    public var suspendedSeconds: Double?

    public var failedTiles: Int { tiles.filter { $0.error != nil }.count }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension Coordinator {
    /// A snapshot of every tile for the report (tile numbers from 1, as users count them).
    public func report() -> WallReport {
        WallReport(tiles: slots.map { slot in
            let player = slot.player
            let stats = player?.statistics
            return WallReport.Tile(index: slot.index + 1, source: slot.source,
                                   state: player?.state.rawValue ?? PlayerState.failed.rawValue,
                                   framesRendered: stats?.rendered, framesDropped: stats?.dropped,
                                   position: player?.position?.seconds,
                                   loops: player?.loopCount ?? 0,
                                   error: slot.failure?.reasonText ?? player?.notReadyReason,
                                   warnings: (player?.warnings).flatMap { $0.isEmpty ? nil : $0 })
        }, transport: transport.rawValue, overload: overloadSummary,
           suspendedSeconds: suspendedTime > .zero ? (suspendedTime.seconds * 10).rounded() / 10 : nil)
    }
}
