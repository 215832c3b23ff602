import Foundation
internal import GStreamerKit
import VideoWallCore

/// What the tiles' pipelines report that the transport needs: ends, buffering, a lost clock,
/// errors.
extension Wall {
    func observe(_ player: Player, _ message: BusMessage) {
        switch message.kind {
        case .endOfStream:
            handle(.tileEnded(player.index))
        case .buffering(let percent):
            handle(.tileBuffering(player.index, percent: percent))
        case .clockLost:
            handle(.clockLost(player.index))
        case .error:
            // A tile the wall was waiting for may be the one that failed: let the rest go on.
            handle(.tileFailed(player.index))
        case .application(let posted) where message.isFrom(player.pipeline):
            if Finding(posted) == .endOfStreamMissing { handle(.tileEnded(player.index)) }
        default:
            break
        }
    }
}
