import Foundation
@testable import VideoWallEngine
import VideoWallTestSupport

extension Wall {
    /// How far apart the first two tiles' positions are (ns), read up to five times until
    /// within `bound`: one read can fall between two tiles' frame changes.
    func positionSpread(within bound: Int64 = 1_000_000) async -> Int64 {
        var spread = Int64.max
        for _ in 0..<5 where spread > bound {
            let positions = players.compactMap { $0.position?.nanoseconds }
            if positions.count == 2 { spread = abs(positions[0] - positions[1]) }
            await VideoWallTestSupport.pause(seconds: 0.011)
        }
        return spread
    }
}
