import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine

extension WallRemote {
    /// Runs one command on the wall; the reply's data, or mpv's error.
    func perform(_ command: IPCCommand, client: Int) async -> Result<JSONValue?, IPCError> {
        switch command {
        case .getProperty(let name, let asText):
            guard let property = WallProperty(name: name) else { return .failure(.propertyNotFound) }
            guard let value = value(of: property) else { return .failure(.propertyUnavailable) }
            return .success(asText ? .string(Self.text(of: value)) : value)
        case .setProperty(let name, let value):
            return await set(name, to: value).map { nil }
        case .observeProperty(let id, let name):
            guard observations.observe(client: client, id: id, name: name) else { return .failure(.invalidParameter) }
            return .success(nil)
        case .unobserveProperty(let id):
            return observations.unobserve(client: client, id: id) ? .success(nil) : .failure(.invalidParameter)
        case .cycle(let name, let down):
            return await cycle(name, down: down).map { nil }
        case .add(let name, let step):
            return await add(step, to: name).map { nil }
        case .seek(let seek):
            guard let wall, await wall.send(.seek(seek)) else { return .failure(.commandFailed) }
            return .success(nil)
        case .frameStep(let frames):
            guard let wall else { return .failure(.commandFailed) }
            await wall.send(.step(frames: frames))
            return .success(nil)
        case .loadFile(let url, let tile):
            // A stream (rtsp, srt, udp) plays only when this machine's user names it: on the
            // wall's own socket, not over the network.
            if let why = SourceSchemes.refusal(of: url, namedByUser: roles[client] == .owner) {
                onRefusal?("loadfile \(TerminalText.quoted(SourceSchemes.redacted(url))): \(why)")
                return .failure(.loadingFailed)
            }
            return await load(url, intoTile: tile).map { nil }
        case .playlistStep(let forward, let tile):
            return await step(forward: forward, tile: tile).map { nil }
        case .screenshotToFile(let path):
            guard let saveScreenshot else { return .failure(.commandFailed) }
            do { try await saveScreenshot(path) } catch { return .failure(.commandFailed) }
            return .success(nil)
        case .quit:
            // Carried out by `run` once the reply is queued: stopping closes the socket.
            return onQuit == nil ? .failure(.commandFailed) : .success(nil)
        case .clientName:
            return .success(.string(Self.clientName(client)))
        case .getVersion:
            return .success(.number(Double(Self.protocolVersion)))
        case .setEventEnabled(let name, let enabled):
            setEvent(name, enabled: enabled, for: client)
            return .success(nil)
        case .wallReport(let report):
            receive(report, from: client)
            // Not a wall event: an observer of `wall-followers` hears of it now.
            sendPropertyChanges()
            return .success(nil)
        }
    }

    /// What `client_name` answers: mpv names its clients `ipc-N`.
    static func clientName(_ client: Int) -> String { "ipc-\(client)" }

    /// What `get_version` answers: mpv's client API version whose protocol this follows (2.3).
    static let protocolVersion = 2 << 16 | 3

    /// A value as `get_property_string` gives it: text as it is, flags as yes/no, numbers
    /// without a trailing `.0`, anything else as JSON.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "yes" : "no"
        case .number(let n) where n.rounded() == n && abs(n) < 1e15: return String(Int64(n))
        case .number(let n): return String(format: "%.6f", n)
        default: return value.jsonText
        }
    }

    /// Playlist tile `tile` (from 1), or every playlist tile, shows its next (previous) item;
    /// done when each shows it. mpv answers a step past the end with an error: so does a tile
    /// named that plays no playlist, or a wall with none.
    func step(forward: Bool, tile: Int?) async -> Result<Void, IPCError> {
        guard let wall else { return .failure(.commandFailed) }
        let tiles = tile.map { [$0 - 1] } ?? wall.tiles.filter { $0.item != nil }.map(\.index)
        guard !tiles.isEmpty, tiles.allSatisfy(wall.tiles.indices.contains) else { return .failure(.commandFailed) }
        // Every tile at once: each joins the wall on its own.
        let steps = tiles.map { index in
            Task { @MainActor () -> Bool in
                do { try await wall.changeItem(ofTile: index, to: forward ? .next : .previous) } catch { return false }
                return true
            }
        }
        var allDone = true
        for step in steps where !(await step.value) { allDone = false }
        return allDone ? .success(()) : .failure(.commandFailed)
    }

    /// Tile `tile` (from 1) plays `url` instead, and has joined the wall when this returns.
    func load(_ url: String, intoTile tile: Int) async -> Result<Void, IPCError> {
        guard let wall, wall.tiles.indices.contains(tile - 1) else { return .failure(.invalidParameter) }
        do {
            try await wall.replaceSource(ofTile: tile - 1, with: url)
        } catch {
            return .failure(.loadingFailed)
        }
        broadcast("file-loaded", ["tile": .number(Double(tile))])
        return .success(())
    }
}
