import Foundation
internal import GStreamerKit
import VideoWallCore

/// A playlist item as a tile with sound plays it: a Matroska copy whose picture is the
/// original's stream untouched and whose sound is raw 16-bit stereo at 48 kHz (the original's
/// sound converted, or silence for an item that has none), ending no later than the picture.
///
/// Why: in GStreamer 1.22 playbin3's gapless switch hangs when the next item's sound differs
/// from the one before in codec, rate or channels (AAC -> Opus -> AAC, 44.1 kHz -> 48 kHz ->
/// 44.1 kHz; playbin hangs at the first switch with sound, and playbin3 when an item without
/// sound follows one with it). With every item in one form, no decoder or format changes at
/// a switch. The sound is cut at the picture's end so the next item's first frame comes one
/// frame after the last one: playbin starts the next item when its longest stream ends.
///
/// Made once per file, size and change time in a cache folder; blocking (two reads of the
/// file: one to find where its picture ends, one to copy), so called off the main thread.
enum SoundedClip {
    /// `~/.cache/videowall/sounded` (`MediaCache`).
    static var directory: String { MediaCache.directory("sounded") }

    /// The longest a copy may take.
    static let timeout = 300.0

    /// The one form of every item's sound in a tile with sound.
    static let soundCaps = "audio/x-raw,format=S16LE,layout=interleaved,rate=48000,channels=2"

    /// The pictures a copy keeps as they are (what Matroska holds), parsed into the form it
    /// stores: H.264 and H.265 as access units with their parameters out of band.
    private static let pictureCaps = "video/x-h264,stream-format=avc,alignment=au;video/x-h265,stream-format=hvc1,alignment=au;"
        + "video/x-vp8;video/x-vp9;video/x-av1;video/x-theora;video/mpeg,mpegversion=(int){1,2,4},systemstream=false;"
        + "image/jpeg;video/x-raw"

    /// The copy of `video` (a local path) with its sound in the one form; `hasSound`: whether
    /// the original has any (else silence is written).
    static func make(video: String, hasSound: Bool) throws -> String {
        let path = directory + "/" + MediaCache.key(try MediaCache.stamp(of: video) + "\u{0}sounded") + ".mkv"
        return try MediaCache.file(path) { partial in
            let end = try pictureEnd(of: video)
            try copy(video, endingAt: end, hasSound: hasSound, into: partial)
        }
    }

    /// Where the last frame of `video`'s picture ends (its latest PTS plus duration), read
    /// through the demuxer and parser only.
    private static func pictureEnd(of video: String) throws -> ClockTime {
        let pipeline = try Pipeline.parse("uridecodebin name=source expose-all-streams=false ! fakesink name=sink sync=false")
        try openSource(of: pipeline, video, caps: pictureCaps)
        let end = LatestEnd()
        guard let pad = pipeline.child(named: "sink")?.staticPad("sink") else { throw failure("no sink pad") }
        let probe = pad.onBuffer { buffer in end.saw(buffer) }
        defer { probe.remove() }
        try pipeline.runToEnd(timeout: timeout, what: "reading the picture")
        guard let latest = end.value, latest.nanoseconds > 0 else { throw failure("it has no picture") }
        return latest
    }

    /// Copies the picture and writes the sound (converted, or silence), cut where the picture ends.
    private static func copy(_ video: String, endingAt end: ClockTime, hasSound: Bool, into output: String) throws {
        // Sound in blocks of 10 ms, gaps filled with silence: the blocks that end after the
        // picture are left out, so the sound stops at most 10 ms before it. Silence is made in
        // such blocks up to just past the picture's end.
        let silentBlocks = end.nanoseconds / 10_000_000 + 1
        let sound = "audioconvert ! audioresample ! \(soundCaps) ! audiobuffersplit name=split output-buffer-duration=1/100 gapless=true ! queue ! muxer."
        // The demuxer's pads are linked as they come, each to the filter its caps pass.
        let description = hasSound
            ? "uridecodebin name=source expose-all-streams=false source. ! capsfilter name=picture ! queue ! matroskamux name=muxer ! filesink name=copy "
                + "source. ! capsfilter caps=audio/x-raw ! queue ! \(sound)"
            : "uridecodebin name=source expose-all-streams=false ! capsfilter name=picture ! queue ! matroskamux name=muxer ! filesink name=copy "
                + "audiotestsrc wave=silence samplesperbuffer=480 num-buffers=\(silentBlocks) ! \(sound)"
        let pipeline = try Pipeline.parse(description)
        try openSource(of: pipeline, video, caps: hasSound ? pictureCaps + ";audio/x-raw" : pictureCaps)
        try pipeline.child(named: "picture")?.set("caps", caps: try Caps(pictureCaps))
        try pipeline.child(named: "copy")?.set("location", output)
        guard let split = pipeline.child(named: "split")?.staticPad("src") else { throw failure("no sound output") }
        // Blocks that end after the picture are dropped.
        let cut = split.retimingSegments { item in
            guard case .buffer(let buffer) = item, let start = buffer.presentationTime else { return .pass }
            return start.nanoseconds + (buffer.duration?.nanoseconds ?? 0) > end.nanoseconds ? .drop : .pass
        }
        defer { cut.remove() }
        try pipeline.runToEnd(timeout: timeout, what: "copying with sound")
    }

    /// Points the pipeline's `uridecodebin` at `video`, decoding only what `caps` does not hold.
    private static func openSource(of pipeline: Pipeline, _ video: String, caps: String) throws {
        guard let source = pipeline.child(named: "source") else { throw failure("no source") }
        try source.set("uri", MediaLocation.uri(for: video))
        try source.set("caps", caps: try Caps(caps))
    }

    private static func failure(_ message: String) -> GStreamerError {
        GStreamerError(domain: "videowall", message: message)
    }
}

/// The latest end of the buffers seen, on the streaming thread.
private final class LatestEnd: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: ClockTime?

    var value: ClockTime? { lock.lock(); defer { lock.unlock() }; return latest }

    func saw(_ buffer: PassingBuffer) {
        guard let start = buffer.presentationTime else { return }
        let end = ClockTime(nanoseconds: start.nanoseconds + (buffer.duration?.nanoseconds ?? 0))
        lock.lock(); defer { lock.unlock() }
        if latest.map({ end.nanoseconds > $0.nanoseconds }) ?? true { latest = end }
    }
}
