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
/// An item with in and out points is copied from the key frame before its in point up to its
/// out point: the frames decoded before that key frame or after the out point are left out.
/// Why: played from the whole file, the frames before the in point and after the out point are
/// decoded and dropped as fast as they come, at the change of item; after an out point picture
/// and sound race to their ends, and playbin3's switch to the next item (GStreamer 1.22's
/// decodebin3) then hangs about once in ten when the next item changes decoder (seen VP9 to
/// H.264: no frame of the next item, for good); before an in point, the decoding delays the
/// item's first frame.
///
/// Made once per file, size, change time and points in a cache folder; blocking (two reads of
/// the file: one to find where its picture ends and its key frames, one to copy), so called off
/// the main thread.
enum SoundedClip {
    /// `~/.cache/videowall/sounded` (`MediaCache`).
    static var directory: String { get throws { try MediaCache.directory("sounded") } }

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
    /// the original has any (else silence is written); `inPoint` and `outPoint`: where the
    /// item starts and ends in the file, when it is not played whole (a second copy, cut from
    /// the whole one).
    static func make(video: String, hasSound: Bool, inPoint: MediaTime? = nil, outPoint: MediaTime? = nil) throws -> String {
        guard inPoint != nil || outPoint != nil else {
            let path = try directory + "/" + MediaCache.key(try MediaCache.stamp(of: video) + "\u{0}sounded") + ".mkv"
            return try MediaCache.file(path) { partial in
                let picture = try scanPicture(of: video)
                try copy(video, endingAt: picture.end, keeping: nil, hasSound: hasSound, into: partial)
            }
        }
        // Cut from the whole copy, on the times the tile plays (Matroska moves a picture with
        // B-frames to start at 0, and counts in milliseconds), in the order its frames come.
        let whole = try make(video: video, hasSound: hasSound)
        let points = (inPoint.map { "\u{0}in \($0.nanoseconds)" } ?? "") + (outPoint.map { "\u{0}out \($0.nanoseconds)" } ?? "")
        let path = try directory + "/" + MediaCache.key(try MediaCache.stamp(of: whole) + "\u{0}cut" + points) + ".mkv"
        return try MediaCache.file(path) { partial in
            let picture = try scanPicture(of: whole)
            let clockTime = { (time: MediaTime) in ClockTime(nanoseconds: UInt64(max(0, time.nanoseconds))) }
            let first = inPoint.flatMap { picture.decodingStart(showing: clockTime($0)) } ?? 0
            let last = outPoint.map { picture.decodingEnd(showingBefore: clockTime($0)) ?? -1 } ?? .max
            let end = outPoint.map { ClockTime(nanoseconds: min(clockTime($0).nanoseconds, picture.end.nanoseconds)) } ?? picture.end
            try copy(whole, endingAt: end, keeping: first...max(first, last), hasSound: true, into: partial)
        }
    }

    /// Where the last frame of `video`'s picture ends (its latest PTS plus duration) and its
    /// frames in the order they come, read through the demuxer and parser only.
    private static func scanPicture(of video: String) throws -> PictureScan {
        let pipeline = try Pipeline.parse("uridecodebin name=source expose-all-streams=false ! fakesink name=sink sync=false")
        try openSource(of: pipeline, video, caps: pictureCaps)
        let scan = PictureScan()
        guard let pad = pipeline.child(named: "sink")?.staticPad("sink") else { throw failure("no sink pad") }
        let probe = pad.onBuffer { buffer in scan.saw(buffer) }
        defer { probe.remove() }
        try pipeline.runToEnd(timeout: timeout, what: "reading the picture")
        guard scan.end.nanoseconds > 0 else { throw failure("it has no picture") }
        return scan
    }

    /// Copies the picture and writes the sound (converted, or silence), cut at `end` (where
    /// the picture ends, or the out point). `keeping`: the picture's frames kept, numbered in
    /// the order they come (nil: all). Time stamps stay as they were.
    private static func copy(_ video: String, endingAt end: ClockTime, keeping: ClosedRange<Int>?, hasSound: Bool,
                             into output: String) throws {
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
        guard let picture = pipeline.child(named: "picture")?.staticPad("src") else { throw failure("no picture output") }
        let counter = FrameCounter()
        let cutPicture = keeping.map { kept in
            picture.retimingSegments { item in
                guard case .buffer = item else { return .pass }
                return kept.contains(counter.next()) ? .pass : .drop
            }
        }
        defer { cutPicture?.remove() }
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

/// What a pass over a picture found, on the streaming thread: where its latest frame ends,
/// and its frames in the order they come (the order they are decoded in).
private final class PictureScan: @unchecked Sendable {
    private struct Frame {
        /// Its PTS; nil when it has none.
        var shown: UInt64?
        var isKey: Bool
    }

    private let lock = NSLock()
    private var latest = ClockTime.zero
    private var frames: [Frame] = []

    var end: ClockTime { lock.lock(); defer { lock.unlock() }; return latest }

    /// The number of the last key frame shown at or before `time`: decoding from there shows
    /// every frame from `time` on. Nil when there is none (decode it all).
    func decodingStart(showing time: ClockTime) -> Int? {
        lock.lock(); defer { lock.unlock() }
        return frames.lastIndex { $0.isKey && ($0.shown ?? .max) <= time.nanoseconds }
    }

    /// The number of the last frame shown before `time`: decoding up to it shows every frame
    /// before `time` (and the later ones those refer to, which B-frames place before them).
    /// Nil when none is.
    func decodingEnd(showingBefore time: ClockTime) -> Int? {
        lock.lock(); defer { lock.unlock() }
        return frames.lastIndex { ($0.shown ?? .max) < time.nanoseconds }
    }

    func saw(_ buffer: PassingBuffer) {
        lock.lock(); defer { lock.unlock() }
        // Every frame is numbered, so the copy's count matches.
        frames.append(Frame(shown: buffer.presentationTime?.nanoseconds, isKey: !buffer.isDeltaUnit))
        guard let start = buffer.presentationTime else { return }
        let end = start.nanoseconds + (buffer.duration?.nanoseconds ?? 0)
        if end > latest.nanoseconds { latest = ClockTime(nanoseconds: end) }
    }
}

/// Numbers the frames passing a pad, from 0, on the streaming thread.
private final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock(); defer { lock.unlock() }
        defer { count += 1 }
        return count
    }
}
