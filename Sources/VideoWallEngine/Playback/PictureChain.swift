import Foundation
internal import GStreamerKit
import VideoWallCore

/// What every tile's picture goes through between its decoder and its sink (playbin's
/// `video-filter`): interlaced frames made whole, then the picture turned upright and as the
/// user asked. Each step passes frames through untouched when it has nothing to do (a
/// progressive, upright stream costs nothing).
///
/// - `deinterlace` (mode auto): bare `playbin` deinterlaces by default, but not with
///   `native-video`, which the wall sets so nothing scales twice; without it an interlaced
///   SVCD showed combed frames at half the rate playbin shows (25 of 50 a second).
/// - `videoflip video-direction=auto` follows the stream's `image-orientation` tag (a phone's
///   portrait clip), as mpv's autorotate does; `identity` with `--video-rotate=no`.
/// - a second `videoflip` turns the picture by the rotation's degrees on top.
///
/// Frames that repeat the time of the frame before them are left out at the entrance
/// (`RepeatedFrameFilter`): they cannot be shown at their time, only late.
///
/// A `videoconvert` in front, which passes frames through when their format suits the rest,
/// gives the deinterlacer and the flips a format they take (4:1:0 Indeo, for one, is not).
/// The sink's window, the compare views, zoom and screenshots all see the turned picture, and
/// the caps at the sink (where the tile's format is read) carry the turned size.
final class PictureChain {
    let bin: Bin
    private let streamOrientation: Element
    private let extraTurn: Element
    private let repeats = RepeatedFrames()
    private var repeatProbe: PadProbe?
    private var segmentProbe: PadProbe?

    /// `then`: an element the picture goes through last (a playlist's item shaping).
    init(rotation: PictureRotation, then last: Element? = nil) throws {
        bin = try Bin.make(name: "picture-chain")
        let convert = try Element(factory: "videoconvert", name: "picture-convert")
        let deinterlace = try Element(factory: "deinterlace", name: "picture-deinterlace")
        streamOrientation = try Element(factory: "videoflip", name: "picture-orientation")
        extraTurn = try Element(factory: "videoflip", name: "picture-rotation")
        let chain = [convert, deinterlace, streamOrientation, extraTurn] + (last.map { [$0] } ?? [])
        for element in chain { try bin.add(element) }
        for (element, next) in zip(chain, chain.dropFirst()) { try element.link(to: next) }
        try bin.exposePad("sink", of: convert, as: "sink")
        try bin.exposePad("src", of: chain[chain.count - 1], as: "src")
        try apply(rotation)
        let repeats = self.repeats
        let entrance = convert.staticPad("sink")
        repeatProbe = entrance?.filteringBuffers { buffer in repeats.admits(buffer.presentationTime.map(MediaTime.init)) }
        segmentProbe = entrance?.onDownstreamEvent { event in
            if event == .segment || event == .flushStop { repeats.segmentStarted() }
        }
    }

    /// How far apart the stream's last two frames were (`RepeatedFrameFilter.lastInterval`).
    var lastFrameInterval: MediaTime? { repeats.lastInterval }

    deinit {
        repeatProbe?.remove()
        segmentProbe?.remove()
    }

    /// Sets both flips (before the first frame; a change while playing renegotiates the caps).
    func apply(_ rotation: PictureRotation) throws {
        try streamOrientation.setFromString("video-direction", rotation.followsStream ? "auto" : "identity")
        try extraTurn.setFromString("video-direction", Self.direction(quarterTurns: rotation.quarterTurns))
    }

    /// `videoflip`'s `video-direction` nick for clockwise quarter turns.
    static func direction(quarterTurns: Int) -> String {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: "90r"
        case 2: "180"
        case 3: "90l"
        default: "identity"
        }
    }
}

/// The chain's `RepeatedFrameFilter`, asked on the streaming thread.
private final class RepeatedFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var filter = RepeatedFrameFilter()

    func admits(_ presentationTime: MediaTime?) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return filter.admits(presentationTime: presentationTime)
    }

    func segmentStarted() {
        lock.lock(); defer { lock.unlock() }
        filter.segmentStarted()
    }

    var lastInterval: MediaTime? {
        lock.lock(); defer { lock.unlock() }
        return filter.lastInterval
    }
}
