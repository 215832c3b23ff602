import Foundation
import Synchronization
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
/// A picture Matroska cannot hold as it is (Sorenson Spark, Indeo, Apple's RPZA: decoded to
/// raw frames), or one whose frames carry no presentation time (AVI and MPEG elementary
/// streams give decoding times, the order frames come in, not the order they are shown in
/// once B-frames reorder them; MPEG program streams give one now and then), is decoded and
/// encoded again as H.264 (x264, quality 18): raw frames would take gigabytes, and a copy
/// stamped with decoding times showed one frame of an AVI and then its end.
///
/// Made once per file, size, change time and points in a cache folder; blocking (two reads of
/// the file: one to find where its picture ends and its key frames, one to copy), so called off
/// the main thread.
enum SoundedClip {
    /// `~/.cache/videowall/sounded` (`MediaCache`).
    static var directory: String { get throws { try MediaCache.directory("sounded") } }

    /// The longest a scan of a file's picture may take, and a copy at least: a copy may take
    /// as long as its picture lasts (one encoded again takes about a ninth of that on two
    /// cores), so a long file is copied rather than given up; a copy that stalls is given up
    /// at once (`stallLimit`).
    static let timeout = 300.0

    /// The one form of every item's sound in a tile with sound.
    static let soundCaps = "audio/x-raw,format=S16LE,layout=interleaved,rate=48000,channels=2"

    /// The pictures a copy keeps as they are (what Matroska holds), parsed into the form it
    /// stores: H.264 and H.265 as access units with their parameters out of band, MPEG video
    /// through its parser (the demuxer's unparsed stream has no size: Matroska refuses it).
    /// Anything else is decoded: any raw form is listed, or decodebin would drop a stream whose
    /// decoder may give interlaced frames (`format:Interlaced`) rather than plug its parser.
    private static let keptPictureCaps = "video/x-h264,stream-format=avc,alignment=au;video/x-h265,stream-format=hvc1,alignment=au;"
        + "video/x-vp8;video/x-vp9;video/x-av1;video/x-theora;video/mpeg,mpegversion=(int){1,2,4},systemstream=false,parsed=true;"
        + "video/x-divx,divxversion=(int)[4,5];video/x-msmpeg,msmpegversion=(int)43;video/x-wmv,wmvversion=(int)[1,3];"
        + "video/x-dv,systemstream=false;image/jpeg"
    /// Decoded frames, in any memory and form.
    private static let decodedPictureCaps = "video/x-raw(ANY)"
    private static let pictureCaps = keptPictureCaps + ";" + decodedPictureCaps

    /// A decoded picture encoded again (`PictureForm.encoded`): quality 18 (about what the eye
    /// cannot tell apart), no B-frames (frames come in the order they are shown), a key frame
    /// every 30 frames at most (an in point's copy starts at the key frame before it).
    /// A copy made while the wall plays (`beside`) encodes on one thread, leaving the other
    /// cores to the tiles.
    private static func encoder(beside: Bool) -> String {
        "videoconvert ! x264enc speed-preset=veryfast pass=qual quantizer=18 bframes=0 key-int-max=30 threads=\(beside ? 1 : 0)"
    }

    /// How a copy holds its picture.
    enum PictureForm {
        /// The original's stream untouched.
        case kept
        /// Decoded and encoded again as H.264 (raw frames, or frames without presentation times).
        case encoded
    }

    /// The original lists a sound that nothing here decodes: no sound pad ever came.
    struct SoundNeverCame: Error {}

    /// Why a scan or copy ended when `stopping` said so.
    private static let stopped = "stopped: the wall is closing"

    /// How long a copy or a scan may go with no frame passing before it is given up.
    static let stallLimit = 20.0

    /// The copy of `video` (a local path) with its sound in the one form; `hasSound`: whether
    /// the original has any (else silence is written); `inPoint` and `outPoint`: where the
    /// item starts and ends in the file, when it is not played whole (a second copy, cut from
    /// the whole one). `stopping`, asked five times a second, ends a scan or copy under way
    /// (the wall closing): it then throws and leaves nothing behind. `besidePlay`: made while
    /// the wall plays, so an encoder takes one core.
    static func make(video: String, hasSound: Bool, inPoint: MediaTime? = nil, outPoint: MediaTime? = nil, besidePlay: Bool = false,
                     stopping: @escaping @Sendable () -> Bool = { false }) throws -> String {
        guard inPoint != nil || outPoint != nil else {
            // "2": copies made before pictures without presentation times were encoded again
            // held one frame of them.
            let path = try directory + "/" + MediaCache.key(try MediaCache.stamp(of: video) + "\u{0}sounded 2") + ".mkv"
            return try MediaCache.file(path) { partial in
                let picture = try scanPicture(of: video, stopping: stopping)
                do {
                    try copy(video, endingAt: picture.end, keeping: nil, form: picture.form, hasSound: hasSound, into: partial,
                             besidePlay: besidePlay, stopping: stopping)
                } catch is SoundNeverCame {
                    // A sound listed but with no decoder here (QuickTime's `ms P`): silence.
                    try copy(video, endingAt: picture.end, keeping: nil, form: picture.form, hasSound: false, into: partial,
                             besidePlay: besidePlay, stopping: stopping)
                }
            }
        }
        // Cut from the whole copy, on the times the tile plays (Matroska moves a picture with
        // B-frames to start at 0, and counts in milliseconds), in the order its frames come.
        let whole = try make(video: video, hasSound: hasSound, besidePlay: besidePlay, stopping: stopping)
        let points = (inPoint.map { "\u{0}in \($0.nanoseconds)" } ?? "") + (outPoint.map { "\u{0}out \($0.nanoseconds)" } ?? "")
        let path = try directory + "/" + MediaCache.key(try MediaCache.stamp(of: whole) + "\u{0}cut" + points) + ".mkv"
        return try MediaCache.file(path) { partial in
            let picture = try scanPicture(of: whole, stopping: stopping)
            let clockTime = { (time: MediaTime) in ClockTime(nanoseconds: UInt64(max(0, time.nanoseconds))) }
            let first = inPoint.flatMap { picture.decodingStart(showing: clockTime($0)) } ?? 0
            let last = outPoint.map { picture.decodingEnd(showingBefore: clockTime($0)) ?? -1 } ?? .max
            let end = outPoint.map { ClockTime(nanoseconds: min(clockTime($0).nanoseconds, picture.end.nanoseconds)) } ?? picture.end
            try copy(whole, endingAt: end, keeping: first...max(first, last), form: .kept, hasSound: true, into: partial,
                     besidePlay: besidePlay, stopping: stopping)
        }
    }

    /// Where the last frame of `video`'s picture ends (its latest time plus duration), its
    /// frames in the order they come, and the form a copy gives it, read through the demuxer
    /// and parser only (a picture Matroska cannot hold, decoded).
    private static func scanPicture(of video: String, stopping: @escaping @Sendable () -> Bool) throws -> PictureScan {
        let pipeline = try Pipeline.parse("uridecodebin name=source expose-all-streams=false ! fakesink name=sink sync=false")
        try openSource(of: pipeline, video, caps: pictureCaps)
        let scan = PictureScan()
        guard let pad = pipeline.child(named: "sink")?.staticPad("sink") else { throw failure("no sink pad") }
        let probe = pad.onBuffer { [weak pad] buffer in
            if scan.isFirst, let caps = pad?.currentCaps?.description { scan.saw(caps: caps) }
            scan.saw(buffer)
        }
        defer { probe.remove() }
        try pipeline.runToEnd(timeout: timeout, what: "reading the picture") { stopping() ? stopped : scan.stall.check() }
        guard scan.end.nanoseconds > 0 else { throw failure("it has no picture") }
        return scan
    }

    /// Copies the picture (as it is, or encoded again: `form`) and writes the sound (converted,
    /// or silence), cut at `end` (where the picture ends, or the out point). `keeping`: the
    /// picture's frames kept, numbered in the order they come (nil: all). Time stamps stay as
    /// they were. Throws `SoundNeverCame` when the original's sound never reached the copy.
    private static func copy(_ video: String, endingAt end: ClockTime, keeping: ClosedRange<Int>?, form: PictureForm, hasSound: Bool,
                             into output: String, besidePlay: Bool, stopping: @escaping @Sendable () -> Bool) throws {
        // Sound in blocks of 10 ms, gaps filled with silence: the blocks that end after the
        // picture are left out, so the sound stops at most 10 ms before it. Silence is made in
        // such blocks up to just past the picture's end.
        let silentBlocks = end.nanoseconds / 10_000_000 + 1
        let sound = "audioconvert ! audioresample ! \(soundCaps) ! audiobuffersplit name=split output-buffer-duration=1/100 gapless=true ! queue ! muxer."
        let picture = form == .encoded ? "capsfilter name=picture ! \(encoder(beside: besidePlay))" : "capsfilter name=picture"
        // The demuxer's pads are linked as they come, each to the filter its caps pass.
        let description = hasSound
            ? "uridecodebin name=source expose-all-streams=false source. ! \(picture) ! queue ! matroskamux name=muxer ! filesink name=copy "
                + "source. ! capsfilter name=sound caps=audio/x-raw ! queue ! \(sound)"
            : "uridecodebin name=source expose-all-streams=false ! \(picture) ! queue ! matroskamux name=muxer ! filesink name=copy "
                + "audiotestsrc wave=silence samplesperbuffer=480 num-buffers=\(silentBlocks) ! \(sound)"
        // What the source gives and what the copy takes of it: a kept picture's source lists
        // decoded frames too (see `pictureCaps`), and the filter lets none of them through.
        let (given, taken) = form == .encoded ? (decodedPictureCaps, decodedPictureCaps) : (pictureCaps, keptPictureCaps)
        let pipeline = try Pipeline.parse(description)
        try openSource(of: pipeline, video, caps: hasSound ? given + ";audio/x-raw" : given)
        try pipeline.child(named: "picture")?.set("caps", caps: try Caps(taken))
        try pipeline.child(named: "copy")?.set("location", output)
        guard let split = pipeline.child(named: "split")?.staticPad("src") else { throw failure("no sound output") }
        // Blocks that end after the picture are dropped.
        let cut = split.retimingSegments { item in
            guard case .buffer(let buffer) = item, let start = buffer.presentationTime else { return .pass }
            return start.nanoseconds + (buffer.duration?.nanoseconds ?? 0) > end.nanoseconds ? .drop : .pass
        }
        defer { cut.remove() }
        guard let pictureOut = pipeline.child(named: "picture")?.staticPad("src") else { throw failure("no picture output") }
        let counter = FrameCounter()
        let cutPicture = keeping.map { kept in
            pictureOut.retimingSegments { item in
                guard case .buffer = item else { return .pass }
                return kept.contains(counter.next()) ? .pass : .drop
            }
        }
        defer { cutPicture?.remove() }
        let stall = StallCheck(limit: stallLimit)
        let moving = pictureOut.onBuffer { _ in stall.moved() }
        defer { moving.remove() }
        // A sound the source lists but nothing decodes gives no pad: the muxer would wait for
        // it for ever. Once the source has all its pads, that is known.
        let soundPad = pipeline.child(named: "sound")?.staticPad("sink")
        let soundMissing = Mutex(false)
        let allPads = soundPad == nil ? nil : pipeline.child(named: "source")?.connectSignal("no-more-pads") {
            if soundPad?.isLinked == false { soundMissing.withLock { $0 = true } }
        }
        defer { allPads?.disconnect() }
        do {
            try pipeline.runToEnd(timeout: max(timeout, Double(end.nanoseconds) / 1e9), what: "copying with sound") {
                stopping() ? stopped : soundMissing.withLock { $0 } ? "its sound cannot be decoded" : stall.check()
            }
        } catch {
            if soundMissing.withLock({ $0 }) { throw SoundNeverCame() }
            throw error
        }
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
/// its frames in the order they come (the order they are decoded in), and whether a copy keeps
/// it as it is.
private final class PictureScan: @unchecked Sendable {
    private struct Frame {
        /// Its PTS; nil when it has none.
        var shown: UInt64?
        var isKey: Bool
    }

    private let lock = NSLock()
    private var latest = ClockTime.zero
    private var frames: [Frame] = []
    private var raw = false
    let stall = StallCheck(limit: SoundedClip.stallLimit)

    var end: ClockTime { lock.lock(); defer { lock.unlock() }; return latest }

    /// Encoded again when it came decoded (Matroska holds no such codec as it is), or when
    /// more than one frame in a hundred has no PTS: an AVI's frames carry decoding times,
    /// which B-frames reorder, and an MPEG program stream's a PTS only now and then (a
    /// quarter of one MPEG-1 file's frames had none: its copy showed half its frames).
    var form: SoundedClip.PictureForm {
        lock.lock(); defer { lock.unlock() }
        let untimed = frames.filter { $0.shown == nil }.count
        return raw || untimed * 100 > frames.count ? .encoded : .kept
    }

    var isFirst: Bool { lock.lock(); defer { lock.unlock() }; return frames.isEmpty }

    func saw(caps: String) {
        lock.lock(); raw = caps.hasPrefix("video/x-raw"); lock.unlock()
    }

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
        stall.moved()
        lock.lock(); defer { lock.unlock() }
        // Every frame is numbered, so the copy's count matches.
        frames.append(Frame(shown: buffer.presentationTime?.nanoseconds, isKey: !buffer.isDeltaUnit))
        // A frame with no PTS ends at its DTS plus duration (frames come in the order they
        // are decoded; the last to end is what matters).
        guard let start = buffer.presentationTime ?? buffer.decodingTime else { return }
        let end = start.nanoseconds + (buffer.duration?.nanoseconds ?? 0)
        if end > latest.nanoseconds { latest = ClockTime(nanoseconds: end) }
    }
}

/// Whether frames still pass: `check` gives the reason to give up once none has for `limit`
/// seconds (a demuxer going round a damaged file, a stream that never comes).
final class StallCheck: Sendable {
    private let limit: Duration
    private let last = Mutex(ContinuousClock.now)

    init(limit: Double) { self.limit = .seconds(limit) }

    func moved() { last.withLock { $0 = .now } }

    func check() -> String? {
        let quiet = ContinuousClock.now - last.withLock { $0 }
        return quiet >= limit ? "no frame came for \(Int(limit.components.seconds)) s" : nil
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
