import Foundation
import VideoWallCore
import VideoWallEngine
import VideoWallRemote

/// The report `--report` writes at exit: one entry per tile. Its JSON is the command line's
/// own format, built from the engine's figures (`Wall.tiles`, the overload
/// summary, the time the process stood still).
struct WallReport: Codable, Sendable {
    struct Tile: Codable, Sendable {
        var index: Int
        var source: String
        var state: String
        var framesRendered: UInt64?
        var framesDropped: UInt64?
        /// Seconds, nil when the tile never played; a failed tile's is where it stopped.
        var position: Double?
        var loops: Int
        var error: String?
        /// Warnings about the tile (a stream that ended early, GStreamer's own); nil when none.
        var warnings: [String]?
        /// How many times the tile failed and came back (`--retry`); nil when never.
        var recoveries: Int?
        /// Seconds the tile plays later than the wall (`--offset`); nil when it has no offset.
        var offset: Double?
        /// A playlist tile's item on screen (its URI) and how many times the item changed;
        /// nil for a tile that plays one source.
        var item: String?
        var itemChanges: Int?
        /// The video decoder the tile played with (`avdec_h264`); nil when it made none.
        var decoder: String?
    }

    /// The machine could not show every frame that was due.
    struct Overload: Codable, Sendable, Equatable {
        /// The worst the slowest tile did, over two seconds of play.
        var framesShownPerSecond: Double
        var framesDuePerSecond: Double
        /// How long the wall played overloaded.
        var seconds: Double
    }

    var tiles: [Tile]
    var transport: String
    /// Nil when the machine kept up the whole run.
    var overload: Overload?
    /// Seconds the process stood still while the wall played (SIGSTOP, a paused machine,
    /// heavy swapping); the wall went on from where it was each time. Nil when it never did.
    var suspendedSeconds: Double?
    /// Seconds from the process's start to the first repaint of the window that showed a
    /// frame on every tile (nil headless, or when that never happened).
    var launchToPictureSeconds: Double?
    /// A follower's network clock (`videowall follow`): how well it follows the leader's, as it
    /// last said. Nil on a wall that runs on its own clock.
    var clock: Clock?

    /// A leader's followers connected when it stopped, as each last reported (`wall-report`);
    /// nil on a wall that does not lead.
    var followers: [Follower]?

    struct Follower: Codable, Sendable {
        /// Its connection's name (`ipc-3`), the canvas screen it shows, its machine's name.
        var client: String
        var screen: String?
        var host: String?
        var synchronised: Bool
        var roundTripMilliseconds: Double?
        var clockErrorMilliseconds: Double?
        /// How far its frames were from the leader's at its last read.
        var apartMilliseconds: Double?
        /// While it could not keep up.
        var framesShownPerSecond: Double?
        var framesDuePerSecond: Double?
        var framesRendered: UInt64
        var framesDropped: UInt64
    }

    struct Clock: Codable, Sendable {
        var synchronised: Bool
        /// Milliseconds, to a microsecond.
        var roundTripMilliseconds: Double
        var offsetMilliseconds: Double
        var errorMilliseconds: Double
    }

    var failedTiles: Int { tiles.filter { $0.error != nil }.count }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension WallReport {
    /// A snapshot of every tile (tile numbers from 1, as users count them); figures in seconds
    /// are given to a tenth.
    @MainActor
    init(_ wall: Wall) {
        self.init(tiles: wall.tiles.map(Tile.init), transport: wall.transport.rawValue,
                  overload: wall.overloadSummary.map(Overload.init),
                  suspendedSeconds: wall.suspendedTime > .zero ? Self.tenths(wall.suspendedTime) : nil)
        clock = wall.clockStatistics.map { figures in
            func milliseconds(_ time: MediaTime) -> Double { (Double(time.nanoseconds) / 1000).rounded() / 1000 }
            return Clock(synchronised: figures.synchronised, roundTripMilliseconds: milliseconds(figures.roundTrip),
                         offsetMilliseconds: milliseconds(figures.offset),
                         errorMilliseconds: milliseconds(max(figures.maximumError, .zero - figures.minimumError)))
        }
    }

    static func tenths(_ duration: Duration) -> Double {
        (duration / .milliseconds(100)).rounded() / 10
    }
}

extension WallReport.Tile {
    init(_ tile: TileStatus) {
        self.init(index: tile.index + 1, source: SourceSchemes.redacted(tile.source), state: tile.state.rawValue,
                  framesRendered: tile.statistics?.framesRendered, framesDropped: tile.statistics?.framesDropped,
                  position: tile.position?.seconds, loops: tile.loopCount,
                  error: (tile.failure?.reasonText ?? tile.notReadyReason).map(SourceSchemes.redactedWithin),
                  warnings: tile.warnings.isEmpty ? nil : tile.warnings.map(SourceSchemes.redactedWithin),
                  recoveries: tile.recoveries > 0 ? tile.recoveries : nil,
                  offset: tile.offset == .zero ? nil : (tile.offset.seconds * 1000).rounded() / 1000,
                  item: tile.item, itemChanges: tile.item == nil ? nil : tile.itemChanges, decoder: tile.decoder)
    }
}

extension WallReport.Overload {
    init(_ summary: OverloadSummary) {
        self.init(framesShownPerSecond: (summary.worst.shownPerSecond * 10).rounded() / 10,
                  framesDuePerSecond: (summary.worst.duePerSecond * 10).rounded() / 10,
                  seconds: WallReport.tenths(summary.overloadedTime))
    }
}

extension WallReport.Follower {
    init(_ follower: WallRemote.Follower) {
        let report = follower.report
        self.init(client: follower.client, screen: report.screen, host: report.host, synchronised: report.synchronised,
                  roundTripMilliseconds: report.roundTripMilliseconds, clockErrorMilliseconds: report.clockErrorMilliseconds,
                  apartMilliseconds: report.apartMilliseconds, framesShownPerSecond: report.overload?.shownPerSecond,
                  framesDuePerSecond: report.overload?.duePerSecond, framesRendered: report.framesRendered, framesDropped: report.framesDropped)
    }
}
