// Embeds a wall in a program with an async main and no GLib main loop of its own: loads the
// paths given (a folder plays as a playlist of its media, and picks up files added to it),
// plays 2 s, seeks accurately to 1 s, plays 1 s at double speed (and `--play-for SECONDS`
// more), prints every event it saw and where each tile stands, closes the wall and exits 0.
import Foundation
import VideoWall

@main
struct EmbedExample {
    static func main() async throws {
        var paths = Array(CommandLine.arguments.dropFirst())
        var playFor = 0.0
        if paths.first == "--play-for", paths.count > 1, let seconds = Double(paths[1]), (0...3600).contains(seconds) {
            playFor = seconds
            paths.removeFirst(2)
        }
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: videowall-embed-example [--play-for SECONDS] MEDIA-OR-FOLDER...\n".utf8))
            exit(64)
        }
        let wall = try Wall()                        // one clock, one base time
        let events = wall.events()                          // before loading: no event is missed
        let printer = Task { @MainActor in
            for await event in events {
                if let line = describe(event) { print("event: \(line)") }
            }
        }
        // Output: .headless by default. A folder's playlist goes round, so a file added to the
        // folder while it plays is shown when its turn comes.
        await wall.load(paths.map { TileSpec(source: $0, endOfStream: isFolder($0) ? .loop : .hold) })
        await wall.send(.play)                              // every intent is a `WallAction`
        try await Task.sleep(for: .seconds(2))
        await wall.send(.seek(SeekIntent(target: 1, reference: .absolute, precision: .accurate)))
        await wall.send(.setRate(2))
        try await Task.sleep(for: .seconds(1 + playFor))
        for tile in wall.tiles {                            // one per path, in order
            let position = tile.position.map { String(format: "%.3f s", $0.seconds) } ?? "none"
            let frames = tile.statistics.map { ", \($0.framesRendered) frames shown, \($0.framesDropped) dropped" } ?? ""
            print("tile \(tile.index + 1): \(position) \(tile.state)\(frames)" + (tile.failure.map { " (\($0.reasonText))" } ?? ""))
        }
        await wall.close()                                  // ends the event streams too
        await printer.value
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// A line for the event; nil for the position a playing wall gives ten times a second.
    static func describe(_ event: WallEvent) -> String? {
        switch event {
        case .transport(let state): return "wall \(state)"
        case .seekBegan(let movesPlace): return movesPlace ? "seek began" : "tiles lined up"
        case .seekEnded(let movedPlace): return movedPlace ? "seek ended" : "tiles lined up: done"
        case .changed(let wall): return "changed: volume \(wall.volume), muted \(wall.isMuted), loop \(wall.isLooping), speed \(wall.rate)"
        case .position: return nil
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
