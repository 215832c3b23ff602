import GIOKit
import Foundation
internal import GStreamerKit
import VideoWallCore

/// Why one tile's snapshot was not saved.
package struct SnapshotError: Error, Sendable, CustomStringConvertible {
    package var description: String
}

extension Wall {
    /// Saves the frame each tile shows now, at its source's own resolution, as
    /// `directory/tile-N.png` (N from 1, as the user counts tiles), all of one instant of the
    /// wall (a tile's offset included). The frames are not the tiles' scaled pictures: each is
    /// decoded again by a pipeline of its own (`FrameGrabber`), on a worker thread, and written
    /// there (to a temporary name, then renamed), so the wall plays on meanwhile. Each tile's
    /// answer is the path written or why not; a tile with no frame on screen has none.
    package func saveTileSnapshots(into directory: String, timeout: Duration = .seconds(10)) async -> [Int: Result<String, SnapshotError>] {
        let instants = await snapshotInstants()
        let seconds = timeout.inSeconds
        // Every grab starts at once, each on its own thread; the answers are gathered after.
        let grabs = instants.map { tile, uri, streamTime in
            let path = (directory as NSString).appendingPathComponent("tile-\(tile + 1).png")
            return (tile, Task { @MainActor in
                await BlockingCalls.run("saving a snapshot of tile \(tile + 1)", timeout: seconds + 1) {
                    Self.grab(uri: uri, at: streamTime, into: path, timeout: seconds)
                }
            })
        }
        var results: [Int: Result<String, SnapshotError>] = [:]
        for (tile, grab) in grabs {
            results[tile] = await grab.value ?? .failure(SnapshotError(description: "no frame within \(Int(seconds)) s"))
        }
        return results
    }

    /// Per tile showing a frame: its source and the stream time of that frame. Read again, a
    /// few milliseconds later, when a frame boundary fell between the tiles' reads (their
    /// frames, offsets counted, must be one instant to within half a frame): each tile's sink
    /// shows its next frame on its own thread, a moment apart from the others', and a read in
    /// that moment sees one tile on the next frame. (Read again at once, as it was, it saw the
    /// same thing: the tile screenshots of a window were once a frame apart.)
    func snapshotInstants() async -> [(tile: Int, uri: String, streamTime: MediaTime)] {
        var instants: [(tile: Int, uri: String, streamTime: MediaTime)] = []
        for attempt in 0..<10 {
            if attempt > 0 { await MainLoop.sleep(seconds: 0.004) }
            instants = []
            var onWall: [MediaTime] = []
            for player in active {
                guard let position = player.position else { continue }
                let frame = frameDuration(ofTile: player.index) ?? .milliseconds(40)
                // The frame's start, nudged past container rounding, on the source's own timeline.
                instants.append((player.index, player.asset.uri, FrameMath.seekTime(ofFrameStartingAt: position + player.startOffset, frameDuration: frame)))
                onWall.append(position + offset(ofTile: player.index))
            }
            let halfFrame = (active.compactMap { frameDuration(ofTile: $0.index) }.min() ?? .milliseconds(40)) * 0.5
            if let low = onWall.min(), let high = onWall.max(), high - low <= halfFrame { break }
        }
        return instants
    }

    /// A tile's source frame at `time`, decoded again at its own resolution under the tile's
    /// rules for what its source may fetch (a remote playlist's segments stay on the network).
    /// Blocks: for worker threads.
    nonisolated static func sourceFrame(uri: String, at time: MediaTime, timeout: Double) -> Result<Sample, SnapshotError> {
        let rules = NetworkFetchRules(sourceURI: uri, onRefusal: { _ in }, onSkip: { _ in })
        return FrameGrabber.frame(uri: uri, at: time.clockTime, timeout: timeout, elementSetup: { rules.apply(to: $0) })
            .mapError { SnapshotError(description: GStreamerText.readable($0.message)) }
    }

    private nonisolated static func grab(uri: String, at time: MediaTime, into path: String, timeout: Double) -> Result<String, SnapshotError> {
        let png = sourceFrame(uri: uri, at: time, timeout: timeout).flatMap {
            FrameGrabber.png($0).mapError { SnapshotError(description: GStreamerText.readable($0.message)) }
        }
        switch png {
        case .failure(let error):
            return .failure(error)
        case .success(let bytes):
            do {
                try AtomicFile.write(bytes, to: path)
                return .success(path)
            } catch {
                return .failure(SnapshotError(description: "could not write \(TerminalText.quoted(path)): \(error.description)"))
            }
        }
    }
}

extension Wall {
    /// The frame tile `index` shows now as a JPEG `width` pixels wide, its height in
    /// proportion to the picture (pixel aspect counted): the web page's thumbnails. The frame
    /// is taken from the tile's sink here; it is scaled and encoded on a worker thread, so the
    /// wall plays on meanwhile. Nil when the tile shows no frame.
    package func thumbnail(ofTile index: Int, width: Int) async -> [UInt8]? {
        // The sample's own caps: the picture as the sink has it, turned if the tile turns it.
        guard let player = player(at: index), let sample = player.shownSample(), let format = sample.caps?.videoFormat,
              format.width > 0, format.height > 0, format.pixelAspect.numerator > 0, format.pixelAspect.denominator > 0 else { return nil }
        let aspect = Double(format.width * format.pixelAspect.numerator) / Double(format.height * format.pixelAspect.denominator)
        let width = max(16, min(width, 1920)) & ~1
        let height = max(2, Int((Double(width) / aspect).rounded()) & ~1)
        return await Task.detached { try? FrameGrabber.jpeg(sample, width: width, height: height).get() }.value
    }
}
