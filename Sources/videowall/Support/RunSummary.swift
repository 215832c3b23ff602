import VideoWallCore
import VideoWallEngine

/// What a headless run prints at exit, one line per tile, so a run without `--report` still
/// says what happened: state (and where the tile stood), frames rendered and dropped, loops
/// (a playlist tile's item changes), and the error, if any.
enum RunSummary {
    static func lines(for report: WallReport) -> [String] {
        tileLines(for: report) + (report.overload.map { overload in
            [String(format: "this machine could not keep up for %.1f s: at worst a tile showed %.0f of %.0f frames per second",
                    overload.seconds, overload.framesShownPerSecond, overload.framesDuePerSecond)]
        } ?? []) + (report.clock.map { clock in
            [String(format: "the leader's clock: %@, round trip %.3f ms, offset %.3f ms, error %.3f ms",
                    clock.synchronised ? "synchronised" : "not synchronised", clock.roundTripMilliseconds, clock.offsetMilliseconds, clock.errorMilliseconds)]
        } ?? [])
    }

    private static func tileLines(for report: WallReport) -> [String] {
        report.tiles.map { tile in
            var parts = [tile.state + (tile.position.map { " at " + TimeFormatting.precise(.seconds($0)) } ?? "")]
            // A tile that never had a pipeline has no counts: saying "0 frames" would blur it
            // with a tile that played and showed nothing.
            if let rendered = tile.framesRendered {
                parts.append("\(rendered) frames rendered, \(tile.framesDropped ?? 0) dropped")
                if let changes = tile.itemChanges {
                    parts.append(changes == 1 ? "1 item change" : "\(changes) item changes")
                } else {
                    parts.append(tile.loops == 1 ? "1 loop" : "\(tile.loops) loops")
                }
            }
            // A playlist tile is named after the item it ended on.
            return "tile \(tile.index): \(Console.name(tile.item ?? tile.source)): " + parts.joined(separator: ", ") + (tile.error.map { ": " + $0 } ?? "")
        }
    }
}
