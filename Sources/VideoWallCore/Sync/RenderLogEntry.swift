/// One line of a render log (`--render-log`): the tile number, the frame's PTS and the moment
/// it was released on the host's CLOCK_MONOTONIC, in nanoseconds. What the bench and the tests
/// read back to compare walls frame by frame.
package struct RenderLogEntry: Sendable, Equatable {
    package var tile: Int
    package var presentationTime: UInt64
    package var release: UInt64

    package init(tile: Int, presentationTime: UInt64, release: UInt64) {
        self.tile = tile
        self.presentationTime = presentationTime
        self.release = release
    }

    /// The well-formed lines of `text` (three whole numbers separated by spaces), in order.
    package static func entries(in text: String) -> [RenderLogEntry] {
        text.split(separator: "\n").compactMap { line in
            let numbers = line.split(separator: " ").compactMap { UInt64($0) }
            guard numbers.count == 3, let tile = Int(exactly: numbers[0]) else { return nil }
            return RenderLogEntry(tile: tile, presentationTime: numbers[1], release: numbers[2])
        }
    }

    /// For `tile`: each frame's index at `frameRate` (its PTS plus 2 ms, so a time rounded by
    /// its container or nudged by a seek still names its frame) and the first time it was released.
    package static func firstReleases(_ entries: [RenderLogEntry], tile: Int, frameRate: Double) -> [Int: UInt64] {
        var frames: [Int: UInt64] = [:]
        for entry in entries where entry.tile == tile {
            let frame = Int((Double(entry.presentationTime) + 2_000_000) / (1e9 / frameRate))
            if frames[frame] == nil { frames[frame] = entry.release }
        }
        return frames
    }
}
