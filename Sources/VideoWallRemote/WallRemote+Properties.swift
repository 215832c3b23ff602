import VideoWallCore
import VideoWallProtocol
import VideoWallEngine

/// The properties, read from and written to the wall (README, "Remote control").
extension WallRemote {
    func value(ofPropertyNamed name: String) -> JSONValue? {
        WallProperty(name: name).flatMap(value(of:))
    }

    /// The property's value now; nil when it is unavailable (no wall, no such tile, a length
    /// not known yet), which mpv answers with "property unavailable".
    func value(of property: WallProperty) -> JSONValue? {
        guard let wall else { return nil }
        let state = wall.snapshot
        switch property {
        case .pause: return .bool(state.isPaused)
        case .speed: return .number(state.rate)
        case .timePosition: return state.position.map { .number($0.seconds) }
        case .duration: return state.duration.map { .number($0.seconds) }
        case .percentPosition:
            guard let position = state.position, let duration = state.duration, duration > .zero else { return nil }
            return .number(min(100, max(0, 100 * position.seconds / duration.seconds)))
        case .volume: return .number((state.volume * 100).rounded())
        case .mute: return .bool(state.isMuted)
        case .loop: return .string(state.isLooping ? "inf" : "no")
        case .seeking: return .bool(state.transport == .seeking)
        case .endReached: return .bool(state.transport == .ended)
        case .pausedForCache: return .bool(state.transport == .buffering)
        case .frameDropCount:
            return .number(Double(state.tiles.compactMap(\.statistics?.framesDropped).reduce(0, +)))
        case .abLoopA: return state.abLoopA.map { .number($0.seconds) } ?? .string("no")
        case .abLoopB: return state.abLoopB.map { .number($0.seconds) } ?? .string("no")
        case .tiles: return .array(state.tiles.map(Self.description(of:)))
        case .tileCount: return .number(Double(state.tiles.count))
        case .syncError: return Self.syncError(of: state.tiles)
        case .timeline: return timeline?()
        // A playlist tile's list, as given: a follower reads it itself.
        case .sources: return .array(state.tiles.map { .string($0.playlistSource ?? $0.source) })
        case .clockPort: return wall.configuration.clockServicePort.map { .number(Double($0)) }
        case .layout: return sharedLayout?.json
        case .followers: return .array(followerReports.map(Self.json))
        case .overlayText(let number): return overlayText?(number - 1).map { .string($0) }
        case .tile(let number, let field):
            let tiles = state.tiles
            guard tiles.indices.contains(number - 1) else { return nil }
            return Self.value(of: field, of: tiles[number - 1])
        }
    }

    private static func value(of field: WallProperty.TileField, of tile: TileStatus) -> JSONValue? {
        switch field {
        case .path: return .string(tile.source)
        case .state: return .string(tile.state.rawValue)
        case .error: return tile.failure.map { .string($0.reasonText) }
        case .timePosition: return tile.position.map { .number($0.seconds) }
        case .duration: return tile.duration.map { .number($0.seconds) }
        case .width: return tile.mediaFormat.map { .number(Double($0.width)) }
        case .height: return tile.mediaFormat.map { .number(Double($0.height)) }
        case .fps: return tile.mediaFormat?.frameRate.map { .number($0) }
        case .loops: return .number(Double(tile.loopCount))
        case .framesRendered: return tile.statistics.map { .number(Double($0.framesRendered)) }
        case .framesDropped: return tile.statistics.map { .number(Double($0.framesDropped)) }
        case .offset: return .number(tile.offset.seconds)
        case .item: return tile.item.map { .string($0) }
        case .decoder: return tile.decoder.map { .string($0) }
        case .volume: return .number((tile.volume * 1000).rounded() / 10)
        case .mute: return .bool(tile.isMuted)
        case .itemPosition: return tile.itemPosition.map { .number(Double($0 + 1)) }
        case .itemCount: return tile.itemCount.map { .number(Double($0)) }
        case .itemChanges: return tile.item == nil ? nil : .number(Double(tile.itemChanges))
        }
    }

    /// One tile in `tiles`: every field of `tile/N/...` it has.
    private static func description(of tile: TileStatus) -> JSONValue {
        var fields: [String: JSONValue] = ["tile": .number(Double(tile.index + 1)), "recoveries": .number(Double(tile.recoveries))]
        for field in WallProperty.TileField.allCases {
            if let value = value(of: field, of: tile) { fields[field.rawValue] = value }
        }
        return .object(fields)
    }

    /// How far apart the tiles that show a frame are, in seconds: the latest position less the
    /// earliest (0 with one tile). Positions are read from each pipeline now, so a few
    /// milliseconds of it is the reading, not the picture.
    private static func syncError(of tiles: [TileStatus]) -> JSONValue? {
        let showing: Set<PlayerState> = [.playing, .paused, .ready, .buffering]
        // On the wall's timeline: a tile with an offset is where it should be at position + offset.
        let positions = tiles.filter { showing.contains($0.state) }.compactMap { tile in tile.position.map { ($0 + tile.offset).seconds } }
        guard let earliest = positions.min(), let latest = positions.max() else { return nil }
        return .number(latest - earliest)
    }

    // MARK: Setting

    func set(_ name: String, to value: JSONValue) async -> Result<Void, IPCError> {
        guard let property = WallProperty(name: name) else { return .failure(.propertyNotFound) }
        guard property.isWritable else { return .failure(.propertyError) }
        guard let wall else { return .failure(.propertyUnavailable) }
        let state = wall.snapshot
        switch property {
        case .pause:
            guard let paused = IPCValue.flag(value) else { return .failure(.propertyFormat) }
            await wall.send(paused ? .pause : .play)
        case .mute:
            guard let muted = IPCValue.flag(value) else { return .failure(.propertyFormat) }
            await wall.send(.setMuted(muted))
        case .loop:
            guard let looping = Self.loopFlag(value) else { return .failure(.propertyFormat) }
            await wall.send(.setLooping(looping))
        case .speed:
            guard let rate = IPCValue.number(value) else { return .failure(.propertyFormat) }
            guard WallProperty.speedRange.contains(rate), await wall.send(.setRate(rate)) else { return .failure(.propertyError) }
        case .volume:
            guard let volume = IPCValue.number(value) else { return .failure(.propertyFormat) }
            guard WallProperty.volumeRange.contains(volume), await wall.send(.setVolume(volume / 100)) else { return .failure(.propertyError) }
        case .timePosition, .percentPosition:
            guard let number = IPCValue.number(value), abs(number) <= IPCValue.largestMagnitude else { return .failure(.propertyFormat) }
            let seek = SeekIntent(target: number, reference: property == .timePosition ? .absolute : .absolutePercent, precision: .accurate)
            guard await wall.send(.seek(seek)) else { return .failure(.propertyUnavailable) }
        case .tile(let number, .path):
            guard let url = value.stringValue, !url.isEmpty, url.utf8.count <= IPCCommand.maximumTextLength, !url.contains("\0") else {
                return .failure(.propertyFormat)
            }
            guard state.tiles.indices.contains(number - 1) else { return .failure(.propertyUnavailable) }
            return await load(url, intoTile: number).mapError { _ in .propertyError }
        case .abLoopA, .abLoopB:
            // mpv's values: a time in seconds, or "no".
            let point: MediaTime?
            if case .string("no") = value { point = nil } else {
                guard let seconds = IPCValue.number(value), (0...IPCValue.largestMagnitude).contains(seconds) else { return .failure(.propertyFormat) }
                point = .seconds(seconds)
            }
            let state = wall.snapshot
            await wall.send(.setABLoop(a: property == .abLoopA ? point : state.abLoopA, b: property == .abLoopB ? point : state.abLoopB))
        case .tile(let number, .itemPosition):
            guard let position = IPCValue.number(value).flatMap({ Int(exactly: $0) }) else { return .failure(.propertyFormat) }
            guard state.tiles.indices.contains(number - 1) else { return .failure(.propertyUnavailable) }
            guard position >= 1 else { return .failure(.propertyError) }
            do { try await wall.changeItem(ofTile: number - 1, to: .position(position - 1)) } catch { return .failure(.propertyError) }
        case .tile(let number, .volume):
            guard let volume = IPCValue.number(value) else { return .failure(.propertyFormat) }
            guard WallProperty.volumeRange.contains(volume), await wall.send(.setTileSound(tile: number - 1, volume: volume / 100, muted: nil)) else {
                return .failure(.propertyError)
            }
        case .tile(let number, .mute):
            guard let muted = IPCValue.flag(value) else { return .failure(.propertyFormat) }
            guard await wall.send(.setTileSound(tile: number - 1, volume: nil, muted: muted)) else { return .failure(.propertyUnavailable) }
        case .overlayText(let number):
            // Words for the screen: no control characters, as many as a layout's `text:` takes.
            guard let text = value.stringValue, !text.isEmpty, text.count <= WallProperty.overlayTextLength,
                  !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return .failure(.propertyFormat) }
            guard setOverlayText?(number - 1, text) == true else { return .failure(.propertyUnavailable) }
        case .tile(let number, .offset):
            guard let offset = Self.offset(value) else { return .failure(.propertyFormat) }
            guard state.tiles.indices.contains(number - 1) else { return .failure(.propertyUnavailable) }
            await wall.send(.setOffset(tile: number - 1, to: offset))
        default:
            return .failure(.propertyError)
        }
        return .success(())
    }

    /// An offset in seconds (a number) or as `--offset` writes it (`"0.5"`, `"12f"`), within
    /// `TileOffset`'s range.
    private static func offset(_ value: JSONValue) -> TileOffset? {
        if let seconds = IPCValue.number(value), seconds.isFinite, abs(seconds) <= TileOffset.largest.seconds { return .time(.seconds(seconds)) }
        return value.stringValue.flatMap(TileOffset.init(parsing:))
    }

    /// mpv's `loop-file` values: `inf`/`yes`/true loop, `no`/false do not. A count is refused:
    /// the wall loops for ever or not at all.
    private static func loopFlag(_ value: JSONValue) -> Bool? {
        if case .string("inf") = value { return true }
        return IPCValue.flag(value)
    }

    func cycle(_ name: String, down: Bool) async -> Result<Void, IPCError> {
        guard let property = WallProperty(name: name) else { return .failure(.propertyNotFound) }
        guard let wall else { return .failure(.propertyUnavailable) }
        let state = wall.snapshot
        switch property {
        case .pause: return await set(name, to: .bool(!state.isPaused))
        case .mute: return await set(name, to: .bool(!state.isMuted))
        case .loop: return await set(name, to: .bool(!state.isLooping))
        case .tile(let number, .mute):
            guard state.tiles.indices.contains(number - 1) else { return .failure(.propertyUnavailable) }
            return await set(name, to: .bool(!state.tiles[number - 1].isMuted))
        case .speed:
            // The speed keys' ladder (0.25x to 4x), as `[` and `]` move along it.
            return await wall.send(down ? .slower : .faster) ? .success(()) : .failure(.propertyError)
        default:
            return .failure(property.isWritable ? .propertyFormat : .propertyError)
        }
    }

    func add(_ step: Double, to name: String) async -> Result<Void, IPCError> {
        guard let property = WallProperty(name: name) else { return .failure(.propertyNotFound) }
        guard let wall else { return .failure(.propertyUnavailable) }
        let state = wall.snapshot
        switch property {
        case .volume:
            let volume = min(max(state.volume * 100 + step, WallProperty.volumeRange.lowerBound), WallProperty.volumeRange.upperBound)
            return await set(name, to: .number(volume))
        case .speed:
            let rate = min(max(state.rate + step, WallProperty.speedRange.lowerBound), WallProperty.speedRange.upperBound)
            return await set(name, to: .number(rate))
        case .timePosition:
            let seek = SeekIntent(target: step, reference: .relative, precision: .accurate)
            return await wall.send(.seek(seek)) ? .success(()) : .failure(.propertyUnavailable)
        case .tile(let number, .volume):
            let tiles = state.tiles
            guard tiles.indices.contains(number - 1) else { return .failure(.propertyUnavailable) }
            let volume = min(max(tiles[number - 1].volume * 100 + step, WallProperty.volumeRange.lowerBound), WallProperty.volumeRange.upperBound)
            return await set(name, to: .number(volume))
        case .tile(let number, .offset):
            let tiles = state.tiles
            guard tiles.indices.contains(number - 1) else { return .failure(.propertyUnavailable) }
            return await set(name, to: .number(tiles[number - 1].offset.seconds + step))
        default:
            return .failure(property.isWritable ? .propertyFormat : .propertyError)
        }
    }
}
