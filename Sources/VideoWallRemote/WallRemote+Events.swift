import VideoWallCore
import VideoWallEngine

/// The wall's events as mpv's (`seek`, `playback-restart`, `file-loaded`, `end-file`) and the
/// wall's own (`tile-failed`, `loop`, `metadata`), sent to every client.
extension WallRemote {
    /// Tag values sent longer than this are cut (a tag can carry a whole lyric sheet).
    static let tagValueLimit = 1024
    static let runningFigures: Set<String> = ["bitrate", "minimum-bitrate", "maximum-bitrate", "nominal-bitrate"]

    func wallDid(_ event: WallEvent) {
        switch event {
        case .transport(let state):
            let previous = lastTransport
            lastTransport = state
            if !loaded, state != .loading {
                loaded = true
                broadcast("file-loaded")
            }
            if state == .ended, previous != .ended { broadcast("end-file", ["reason": .string("eof")]) }
        // Tiles brought onto one frame after a pause are no seek of the user's.
        case .seekBegan(let movesPlace):
            if movesPlace { broadcast("seek") }
        case .seekEnded(let movedPlace):
            if movedPlace { broadcast("playback-restart") }
        case .tile(let tile, .failed(let error)):
            broadcast("tile-failed", ["tile": .number(Double(tile + 1)), "error": .string(error.reasonText)])
        case .tile(let tile, .looped(let count)):
            broadcast("loop", ["tile": .number(Double(tile + 1)), "count": .number(Double(count))])
        case .tile(let tile, .itemChanged(let item, let changes)):
            broadcast("item-changed", ["tile": .number(Double(tile + 1)), "item": .number(Double(item + 1)),
                                       "changes": .number(Double(changes))])
        case .tile(let tile, .tags(let tags)):
            // What the stream says of itself (title, codec, timed metadata), once per change;
            // the running bit-rate figures demuxers and decoders repeat every few frames are
            // left out (they are not metadata a script acts on).
            var data = metadata[tile] ?? [:]
            for (key, value) in tags.sorted(by: { $0.key < $1.key }).prefix(64) where !Self.runningFigures.contains(key) {
                data[String(key.prefix(128))] = .string(String(value.prefix(Self.tagValueLimit)))
            }
            guard data != (metadata[tile] ?? [:]) else { break }
            metadata[tile] = data
            broadcast("metadata", ["tile": .number(Double(tile + 1)), "data": .object(data)])
        case .tileRecovery(let tile, .retrying(let attempt, let delay, let reason)):
            broadcast("tile-retrying", ["tile": .number(Double(tile + 1)), "attempt": .number(Double(attempt)),
                                        "delay": .number(delay / .seconds(1)), "error": .string(reason.reasonText)])
        case .tileRecovery(let tile, .recovered(let attempts)):
            broadcast("tile-recovered", ["tile": .number(Double(tile + 1)), "attempts": .number(Double(attempts))])
        default:
            break
        }
        sendPropertyChanges()
    }
}
