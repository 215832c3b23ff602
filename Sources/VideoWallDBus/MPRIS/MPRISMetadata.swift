import Foundation
import VideoWallCore
import VideoWallEngine

/// What `Metadata` holds: the whole wall is one track.
struct MPRISMetadata: Equatable {
    /// The wall's one track id. The MPRIS specification keeps `/org/mpris` for its own
    /// (NoTrack), so it lives under the program's name.
    static let trackID = "/org/videowall/wall"

    /// The first tile's file name with one tile, "N tiles" with more.
    var title: String
    /// The longest tile's length in microseconds, when known.
    var length: Int64?

    init(tiles: [TileStatus], duration: MediaTime?) {
        if tiles.count == 1, let source = tiles.first?.source {
            title = Self.fileName(of: source)
        } else {
            title = "\(tiles.count) tiles"
        }
        length = duration.map { $0.nanoseconds / 1000 }
    }

    /// The last part of a path or URI, percent-decoded when it is a URI.
    static func fileName(of source: String) -> String {
        if source.contains("://"), let url = URL(string: source), !url.lastPathComponent.isEmpty {
            return url.lastPathComponent
        }
        return (source as NSString).lastPathComponent
    }
}
