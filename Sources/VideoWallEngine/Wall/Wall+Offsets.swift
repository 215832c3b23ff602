import Foundation
import VideoWallCore

/// Per-tile offsets: a tile with offset d shows, at any moment, what it would have shown d
/// earlier (`WallTransport.placement`). They hold through play, pause, seeks, frame steps,
/// speed changes and loops because every one of those places the tiles through the transport.
extension Wall {
    /// The tile's offset (positive: it plays later than the wall).
    package func offset(ofTile tile: Int) -> MediaTime { machine.delay(ofTile: tile) }

    /// Sets a tile's offset and brings it there: the wall seeks (accurately) to where it
    /// stands, so every other tile stays on its frame and this one moves by the change. Paused
    /// or playing, the wall stays so. Offsets past `TileOffset.largest` either way are refused.
    @discardableResult
    package func setOffset(_ offset: MediaTime, ofTile tile: Int) async -> Bool {
        guard slots.indices.contains(tile), abs(offset.nanoseconds) <= TileOffset.largest.nanoseconds else { return false }
        requestedOffsets[tile] = nil
        let here = position
        handle(.setOffset(tile, offset))
        publish(.changed(snapshot))
        guard transport != .loading, let here else { return true }
        await perform(SeekRequest(target: here, precision: .accurate, rate: nil))
        return true
    }

    /// One frame of the tile, as its stream says (its caps, else its description); nil when
    /// neither knows yet.
    package func frameDuration(ofTile tile: Int) -> MediaTime? {
        guard let player = player(at: tile) else { return nil }
        if let rate = player.videoFormat?.frameRate, rate.numerator > 0, rate.denominator > 0 {
            return .seconds(Double(rate.denominator) / Double(rate.numerator))
        }
        return player.asset.video?.frameDuration
    }

    /// Gives the transport the offsets the specs asked for, for every tile whose frame rate is
    /// known (or whose offset is in seconds); the others wait (a late tile, until it joins).
    func giveRequestedOffsets(only tile: Int? = nil) {
        for (index, offset) in requestedOffsets.sorted(by: { $0.key < $1.key }) where tile == nil || tile == index {
            let frame = frameDuration(ofTile: index)
            if case .frames = offset, frame == nil { continue }
            requestedOffsets[index] = nil
            handle(.setOffset(index, offset.resolved(frameDuration: frame)))
        }
    }
}
