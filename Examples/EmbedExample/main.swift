// Embeds a wall in a program with an async main and no GLib main loop of its own: loads the
// paths given, plays 2 s, seeks accurately to 1 s, plays 1 s at double speed, prints every
// event it saw and where each tile stands, closes the wall and exits 0.
import Foundation
import VideoWall

@main
struct EmbedExample {
    static func main() async throws {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: videowall-embed-example MEDIA...\n".utf8))
            exit(64)
        }
        let wall = try Coordinator()                        // one clock, one base time
        let events = wall.events()                          // before loading: no event is missed
        let printer = Task { @MainActor in
            for await event in events { print("event: \(describe(event))") }
        }
        await wall.load(paths.map { TileSpec(source: $0) })  // output: .headless by default
        wall.play()
        try await Task.sleep(for: .seconds(2))
        await wall.seek(to: .seconds(1), precision: .accurate)
        await wall.setRate(2)
        try await Task.sleep(for: .seconds(1))
        for tile in wall.tiles {                            // one per path, in order
            let position = tile.position.map { String(format: "%.3f s", $0.seconds) } ?? "none"
            let frames = tile.statistics.map { ", \($0.framesRendered) frames shown, \($0.framesDropped) dropped" } ?? ""
            print("tile \(tile.index + 1): \(position) \(tile.state)\(frames)" + (tile.failure.map { " (\($0.reasonText))" } ?? ""))
        }
        await wall.close()                                  // ends the event streams too
        await printer.value
    }

    static func describe(_ event: WallEvent) -> String {
        switch event {
        case .transport(let state): return "wall \(state)"
        case .seekBegan(let movesPlace): return movesPlace ? "seek began" : "tiles lined up"
        case .seekEnded(let movedPlace): return movedPlace ? "seek ended" : "tiles lined up: done"
        case .overload(let figure): return figure.map { "overload: \($0.sentence)" } ?? "overload over"
        case .warning(let text): return "warning: \(text)"
        case .tileRecovery(let index, let recovery): return "tile \(index + 1) recovery: \(recovery)"
        case .tile(let index, let tileEvent):
            let tile = "tile \(index + 1)"
            switch tileEvent {
            case .stateChanged(let state): return "\(tile) \(state)"
            case .mediaFormat(let format): return "\(tile) media size \(format.width)x\(format.height)"
            case .buffering(let percent): return "\(tile) buffering \(percent) %"
            case .tags(let tags): return "\(tile) tags \(tags.keys.sorted().joined(separator: ", "))"
            case .warning(let text): return "\(tile) warning: \(text)"
            case .failed(let error): return "\(tile) failed: \(error.reasonText)"
            case .endOfStream: return "\(tile) end of stream"
            case .looped(let count): return "\(tile) loop \(count)"
            case .itemChanged(let item, _): return "\(tile) playlist item \(item + 1)"
            }
        }
    }
}
