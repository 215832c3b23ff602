import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures

/// Every file of the real-media corpus (realmedia/CORPUS.md) against bare `playbin`: each
/// file whole in bare playbin and, at the same time, alone as a wall of one; then in walls of four (the files in
/// corpus order, four at a time, played together to the end of the longest), all headless on
/// synced sinks. Per file: frames playbin rendered, frames the wall rendered alone and in a
/// wall, frames dropped, whether overload was said, and any error.
@MainActor
struct CorpusBench {
    let directory: String
    let log: (String) -> Void

    func measure() async throws -> BenchReport.Corpus {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.first?.isNumber == true && !$0.hasSuffix(".tsv") }.sorted()
        guard !names.isEmpty else { throw CorpusMissing(directory: directory) }
        let files = names.map { (directory as NSString).appendingPathComponent($0) }
        let assets = await AssetLoader.loadAll(files)
        var rows: [BenchReport.CorpusFile] = []
        for (index, file) in files.enumerated() {
            let name = names[index]
            var row = BenchReport.CorpusFile(name: name)
            if case .success(let asset) = assets[index] {
                row.container = asset.container
                row.videoCodec = asset.video?.codec
                row.durationSeconds = asset.duration?.seconds
            }
            let timeout = (row.durationSeconds ?? 30) + 30
            log("corpus: \(name): bare playbin and alone in a wall, side by side")
            // At the same time: the files are small, and the two cores mostly idle.
            async let yardstick = BarePlaybinRun.play(file, timeout: timeout)
            let alone = try await play([file], timeout: timeout)
            let bare = try await yardstick
            row.bareFrames = bare.rendered
            row.bareError = bare.error.map { GStreamerText.readable($0) }
            row.aloneFrames = alone.tiles[0].rendered
            row.aloneDropped = alone.tiles[0].dropped
            row.aloneOverload = alone.overload
            row.error = alone.tiles[0].error
            rows.append(row)
        }
        for start in stride(from: 0, to: files.count, by: 4) {
            let group = Array(start..<min(files.count, start + 4))
            log("corpus: a wall of " + group.map { names[$0] }.joined(separator: ", "))
            let longest = group.compactMap { rows[$0].durationSeconds }.max() ?? 30
            let wall = try await play(group.map { files[$0] }, timeout: longest + 30)
            for (tile, index) in group.enumerated() {
                rows[index].wallFrames = wall.tiles[tile].rendered
                rows[index].wallDropped = wall.tiles[tile].dropped
                rows[index].wallOverload = wall.overload
            }
        }
        return BenchReport.Corpus(directory: directory, files: rows)
    }

    private struct Played {
        var tiles: [(rendered: Int, dropped: Int, error: String?)]
        var overload: Bool
    }

    /// Plays `files` as one headless wall to the end of the longest (or a failure of all).
    private func play(_ files: [String], timeout: Double) async throws -> Played {
        var configuration = WallConfiguration()
        configuration.maximumTiles = max(4, files.count)
        let wall = try Wall(configuration: configuration)
        await wall.load(files.map { TileSpec(source: $0) })
        wall.play()
        let deadline = Date().addingTimeInterval(timeout)
        while !wall.tiles.allSatisfy({ [.ended, .failed].contains($0.state) }), Date() < deadline {
            await MainLoop.sleep(seconds: 0.05)
        }
        let played = Played(tiles: wall.tiles.map { tile in
            (Int(tile.statistics?.framesRendered ?? 0), Int(tile.statistics?.framesDropped ?? 0), tile.failure?.reasonText)
        }, overload: wall.overloadSummary != nil)
        await wall.close()
        return played
    }
}

struct CorpusMissing: Error, CustomStringConvertible {
    var directory: String
    var description: String { "no corpus files in \(directory): run scripts/realmedia.sh" }
}
