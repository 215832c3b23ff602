import Foundation
package import GStreamerKit
import VideoWallCore

/// One tile: a `playbin` on an injected video sink, with its state machine and event stream.
/// The wall drives its transport; the player reports what its pipeline says.
@MainActor
package final class Player {
    package let index: Int
    /// What the discoverer found; a provisional description (location only) until `confirm`.
    package private(set) var asset: Asset
    /// A failure seen before the description arrived: reported only if the discoverer
    /// confirms the source, so a bad source is described once, in the discoverer's words.
    private var isConfirmed = false
    private var unreportedFailure: AssetError?
    package let endOfStreamPolicy: EndOfStreamPolicy
    /// Whether it starts again when the wall loops as a group (`TileSpec.loopsWithGroup`).
    var loopsWithGroup = true
    package private(set) var state: PlayerState = .idle
    package private(set) var failure: AssetError?
    /// The media size the stream negotiated (pixels) and its pixel aspect; nil until caps arrive.
    package private(set) var videoFormat: VideoFormat?
    package private(set) var loopCount = 0
    package private(set) var bufferingPercent = 100
    /// How long its buffer took to fill the last time it ran short: a network tile's link
    /// speed, as a join needs it (`JoinLead`).
    package var lastRefill: MediaTime? { refills.lastRefill }
    /// When its buffer last said it was short of data (a network tile's), on the wall's monotonic clock.
    package var lastShort: MediaTime? { refills.lastShort }
    private var refills = RefillMeter()
    private let monotonic = SystemMonotonicClock()
    /// Warnings about this tile, each once: GStreamer's own, and a stream that ended early.
    package private(set) var warnings: [String] = []
    /// The video decoder made for the tile last (its factory's name); nil before one is.
    package private(set) var videoDecoder: String?
    /// The hardware decoder whose error failed the tile, if that is how it failed.
    package private(set) var failedHardwareDecoder: String?
    /// Whether the tile has not yet shown the frame after a hole in its media (a skipped
    /// segment): when it shows nothing new for a while, it is in that hole, not late.
    package var awaitsMediaGap: Bool {
        let gap = mediaHoles.state
        if gap.ahead { return true }
        guard let end = gap.lastEnd, let shown = (try? videoSink.renderer.lastSample())??.presentationTime else { return false }
        return MediaTime(shown) < end
    }

    let pipeline: Pipeline
    let videoSink: VideoSink
    /// Where the tile's events go, at once and in the order the bus carried what caused them
    /// (the wall publishes them as wall events).
    private var onEvent: (@MainActor (PlayerEvent) -> Void)?
    private var machine = PlayerStateMachine()
    private var busWatch: BusWatch?
    private var connections: [SignalConnection] = []
    private var asyncDoneWaiters: [(after: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    /// Counts ASYNC_DONE messages, so a waiter registered after the message still sees it.
    private(set) var asyncDoneCount = 0
    private let requeue: RequeueSwitch
    /// Looping by segment seeks, for local media (nil for network sources, which loop by
    /// playbin's switch to the same URI).
    private let segmentLoop: SegmentLoop?
    /// Whether the tile goes round at its end (decided by the wall; read at SEGMENT_DONE).
    package private(set) var loopsAtEnd = false
    /// Whether the running segment was started by a SEGMENT seek: it ends in SEGMENT_DONE, not EOS.
    private(set) var inSegmentMode = false
    /// The seqnum of the last seek sent: a SEGMENT_DONE of an older one is stale.
    private var lastSeekSeqnum: UInt32?
    /// The rate of the last seek, which a loop's seek keeps.
    private(set) var playbackRate: Double = 1
    private let wraps = WrapDetector()
    /// What the sink counted before its counters were last zeroed: a base sink resets its
    /// `stats` at every FLUSH_START and SEGMENT (each seek, each gapless loop), so the counts
    /// are carried over here, read just before the sink handles those events.
    private let carriedStatistics = CarriedStatistics()
    private var countersProbe: PadProbe?
    /// Deinterlacing and turning the picture upright, between the decoder and the sink.
    private let pictureChain: PictureChain
    /// Holes in the media ahead (segments the source skipped), told from the frames' times.
    private let mediaHoles = MediaHoles()
    private var arrivalsProbe: PadProbe?
    private var formatProbe: PadProbe?
    private var renderLogProbe: PadProbe?
    /// Watches for the next frame at the sink (`whenNextFrameArrives`), and what to do then.
    private var nextFrameProbe: PadProbe?
    private var onNextFrame: (@MainActor () -> Void)?
    /// Feeds the decoders key frames only while the wall is overloaded.
    private let keyFrameOnly = KeyFrameOnlyDecoding()
    /// HLS timed metadata (ID3 in MPEG-TS), read beside the demuxer that drops it.
    private var timedMetadata: TimedMetadataTap?
    /// Timed metadata waiting for its moment on screen, and the timer for the next.
    private var pendingMetadata: [(runningTime: MediaTime, tags: [String: String])] = []
    private var metadataTimer: TimeoutToken?
    /// Refuses a picture too large for one tile before its first frame is decoded.
    private var oversizeGuard: OversizeGuard?
    /// Where the media's first frame sits on its own timeline. MPEG-TS (what HLS carries)
    /// starts its timestamps a little after zero (mpegtsmux's lead-in, 125 ms here), so its
    /// first frame would be shown that much after a local copy's. The wall counts every time
    /// from the first frame: positions subtract this, seeks add it.
    private(set) var startOffset: MediaTime = .zero
    /// Where the media's first frame sits on the tile's running time (with the base time, when
    /// it is due): its stream time less where the demuxer's segment starts. The tile's base
    /// time is shifted back by this, so its first frame is due with everyone else's.
    private(set) var leadIn: MediaTime = .zero
    /// Lead-ins longer than this are taken as content that starts late, not a muxer's offset.
    private static let maximumStartOffset = MediaTime.milliseconds(1000)
    /// Tells the wall about every message after the player has handled it.
    var messageObserver: ((Player, BusMessage) -> Void)?
    /// The wall's clock, to tell when a re-armed tile's next pass is due.
    private var clock: Clock
    /// The frame the tile stands on while its sink shows another or none: the last frame of a
    /// pass while the tile waits for a group's wrap (it is prerolled at 0 well before), or where
    /// it was when it failed (its pipeline is stopped). Cleared by a flushing seek.
    private var heldPosition: MediaTime?
    /// The sink's counts when the tile failed: its pipeline goes to NULL, which zeroes them.
    private var finalStatistics: SinkStatistics?
    /// Re-checks, until the wrap's first frame is due, whether a re-armed tile went round.
    private var restartCheck: TimeoutToken?
    /// Looks for the end of a pass whose end of stream may never come (`watchForMissingEnd`).
    private var endCheck: TimeoutToken?
    /// Whether the demuxer's SEGMENT_DONE carries the seek's seqnum (learned from its first).
    private var segmentDoneCarriesSeqnum: Bool?
    /// State changes that may block (opening the source, stopping streaming threads), off the
    /// main thread and in order.
    private let stateChanges: StateChangeQueue
    /// When loading began, and whether the change to PAUSED (which opens the source) is still
    /// running: what a tile that is not ready yet is waiting for.
    private let loadStart = Date()
    private var opening = false
    private var isShutDown = false
    /// Whether the pipeline was last told to play. A non-flushing seek (a segment loop's) sent
    /// to a pipeline that is not playing can block the main thread for ever: the demuxer's
    /// seek waits for its streaming thread, which waits for room in a queue that a prerolled
    /// sink does not drain. So a segment's end met while paused is answered on the next play.
    private var toldToPlay = false
    /// A network stream's generic error, held while `ConnectionCheck` looks for its cause.
    private var brokenStream: GStreamerError?
    nonisolated static let connectionCheckTimeout = 3.0
    /// Opening its source again after a failure (`revive`), until the preroll.
    private var reviving = false
    /// The tile's own level (its region's `volume:`), which the wall's volume scales.
    /// The tile's own level (its region's `volume:`, or as set since), under the wall's.
    package private(set) var ownVolume: Double
    private var segmentDoneWhilePaused = false

    /// The tile's items, in order, when it plays a playlist (`TileSpec.playlist`), and what
    /// applies each item's own points, speed and mirror.
    let playlist: PlaylistSequence?
    private let itemShaping: ItemShaping?
    private let itemSoundShaping: ItemShaping?
    /// The playlist item on screen (what its user named, and its place in the list, from 0),
    /// and how many times the item changed.
    package private(set) var currentItem: (name: String, index: Int?)?
    /// The segment the item on screen plays in: nil until its picture's was placed, and while
    /// the next item's was placed before this one's last frame left the screen.
    package var currentItemSegment: ItemRetiming.Segment? {
        guard let playlist, let currentItem else { return nil }
        let started = playlist.startedEntry
        return started.index == currentItem.index ? started.segment : nil
    }
    package private(set) var itemChanges = 0

    /// Runs on `clock` from the next start on: the wall's network clock was renewed. The
    /// pipeline keeps it as its fixed clock (`gst_pipeline_use_clock`) and its elements take it
    /// now (`gst_element_set_clock`): resuming from PAUSED does not choose a clock again.
    func useClock(_ clock: Clock) {
        self.clock = clock
        pipeline.useClock(clock)
        if !pipeline.setClock(clock) { warn("could not move onto the leader's new clock") }
    }

    init(index: Int, asset: Asset, videoSink: VideoSink, audioSink: Element?, clock: Clock,
         endOfStream: EndOfStreamPolicy, muted: Bool, volume: Double, rotation: PictureRotation = .auto,
         playlist: PlaylistSequence? = nil, rows: ItemRows? = nil,
         onEvent: @escaping @MainActor (PlayerEvent) -> Void) throws {
        self.index = index
        self.asset = asset
        self.videoSink = videoSink
        self.endOfStreamPolicy = endOfStream
        self.clock = clock
        self.onEvent = onEvent
        self.playlist = playlist
        currentItem = playlist.map { ($0.queuedEntry.entry.name, $0.queuedEntry.index) }
        itemShaping = try playlist.map { try ItemShaping(sequence: $0, rows: rows) }
        itemSoundShaping = try playlist.flatMap { $0.hasSound ? try ItemShaping(sequence: $0, rows: rows, path: .sound) : nil }
        // A playlist with sound changes item by playbin3's gapless switch, which (unlike
        // playbin's, in GStreamer 1.22) carries sound across, once every item's sound has one
        // form (`SoundedClip`).
        pipeline = try Pipeline(factory: itemSoundShaping == nil ? "playbin" : "playbin3", name: "tile\(index)")
        stateChanges = StateChangeQueue(pipeline, name: "tile \(index + 1)")
        try pipeline.set("uri", asset.uri)
        try pipeline.setObject("video-sink", videoSink.element)
        // native-video: playsink adds no converter or scaler of its own. The sink (a window's
        // scaling bin, or a fakesink) takes decoder output as it is, so nothing scales twice and
        // nothing letterboxes behind the window's back.
        // A playlist changes item by the gapless switch (`about-to-finish`), which in GStreamer
        // 1.22 deadlocks once an item has sound (playbin), or when an item's sound differs from
        // the one before (playbin3): a playlist tile without `SoundedClip`s plays pictures only.
        let flags = switch (playlist, itemSoundShaping) {
        case (nil, _): "video+audio+text+soft-volume+native-video"
        case (_?, nil): "video+soft-volume+native-video"
        case (_?, _?): "video+audio+soft-volume+native-video"
        }
        try pipeline.setFromString("flags", flags)
        if let audioSink { try pipeline.setObject("audio-sink", audioSink) }
        pictureChain = try PictureChain(rotation: rotation, then: itemShaping?.filter)
        try pipeline.setObject("video-filter", pictureChain.bin)
        if let itemSoundShaping { try pipeline.setObject("audio-filter", itemSoundShaping.filter) }
        try pipeline.set("mute", muted)
        ownVolume = volume
        try pipeline.set("volume", volume)
        // One clock for the whole wall, and no base time of the pipeline's own choosing:
        // the wall hands every tile the same one.
        pipeline.useClock(clock)
        pipeline.setStartTime(nil)
        requeue = RequeueSwitch(uri: asset.uri)
        segmentLoop = asset.isNetwork || self.playlist != nil ? nil : SegmentLoop()
        connectSignals()
        busWatch = try pipeline.bus.addWatch { [weak self] message in
            MainActor.assumeIsolated { self?.handle(message) }
        }
        apply(.load)
    }

    /// Whether the tile can take part in group transport.
    package var isActive: Bool { state != .failed && state != .idle }

    /// The tile's media position: the stream time of the frame on screen (the sink's
    /// `last-sample`). Never a position query: playbin answers those under a lock its
    /// streaming threads hold while they switch streams, and the main thread must not wait.
    package var position: MediaTime? {
        if let heldPosition { return heldPosition }
        return shownPosition
    }

    /// The stream time of the sink's `last-sample`, from the first frame.
    private var shownPosition: MediaTime? {
        (try? videoSink.renderer.lastSample())??.streamTime.map { max(.zero, MediaTime($0) - startOffset) }
    }

    /// Where the frame on screen ends (its stream time plus its duration).
    private var lastFrameEnd: MediaTime? {
        guard let sample = (try? videoSink.renderer.lastSample()) ?? nil, let start = sample.streamTime else { return nil }
        return MediaTime(start) - startOffset + (sample.duration.map(MediaTime.init) ?? .zero)
    }

    /// Frames rendered and dropped since the tile was loaded, across seeks and loops. Dropped
    /// counts every frame the stream has that was due and not shown: those the sink dropped for
    /// being late and those the key-frame filter left out. Frames the stream does not have (a
    /// variable frame rate, AVI null frames, a still stretch) are not due: nothing is inferred
    /// from the nominal frame rate or from gaps between timestamps.
    package var statistics: SinkStatistics? {
        if let finalStatistics { return finalStatistics }
        guard let current = try? videoSink.renderer.sinkStatistics() else { return nil }
        var total = carriedStatistics.total(adding: current)
        total.dropped += keyFrameOnly.skipped
        return total
    }

    /// Sets the pipeline's state, keeping the sink's counts: a base sink also zeroes them when
    /// it leaves PLAYING, which no event announces, so they are compared before and after.
    /// Between PAUSED and PLAYING (the group's start, pause and seeks, which must be at once)
    /// it is done here; a change down to READY or NULL (it waits for streaming threads), or
    /// one asked for while another is still running, goes to the tile's state-change queue.
    @discardableResult
    func setPipelineState(_ state: ElementState) -> StateChangeResult {
        guard state.rawValue >= ElementState.paused.rawValue, !stateChanges.isBusy else {
            toldToPlay = false
            stateChanges.requestState(state)
            return .async
        }
        let before = try? videoSink.renderer.sinkStatistics()
        let generation = carriedStatistics.generation
        let result = pipeline.setState(state)
        if let before, let after = try? videoSink.renderer.sinkStatistics(),
           after.rendered < before.rendered || after.dropped < before.dropped {
            // A flush or segment between the two reads was carried by the probe already, with
            // counts at least `before`: carrying `before` too would count those frames twice.
            carriedStatistics.add(before, unlessCarriedSince: generation)
        }
        toldToPlay = state == .playing
        return result
    }

    /// How many decoders the tile's per-decoder probes watch (key frames only, oversize):
    /// a network tile looping for weeks gets a new decoder every pass, and must not keep them all.
    var watchedDecoders: (keyFrames: Int, oversize: Int) {
        (keyFrameOnly.watchedDecoders, oversizeGuard?.watchedDecoders ?? 0)
    }

    /// Whether the tile's decoders get key frames only (the wall is overloaded), and asks for
    /// it. Back on all frames, decoding starts again at the next key frame.
    package var decodesKeyFramesOnly: Bool {
        get { keyFrameOnly.isOn }
        set { keyFrameOnly.set(newValue) }
    }

    /// Where the frame on screen ends on the tile's running time (its running time plus its
    /// duration): how far the tile's pictures have got, whatever the clock says.
    var shownFrameEndRunningTime: MediaTime? {
        guard let sample = (try? videoSink.renderer.lastSample()) ?? nil, let running = sample.runningTime else { return nil }
        return MediaTime(running) + (sample.duration.map(MediaTime.init) ?? .zero)
    }

    /// The frame the sink shows now (its `last-sample`), for thumbnails; nil before the first.
    package func shownSample() -> Sample? {
        (try? videoSink.renderer.lastSample()) ?? nil
    }

    /// The buffer the sink shows now (its `last-sample`), for sync checks and screenshots.
    package func lastRenderedTimestamp() -> MediaTime? {
        (try? videoSink.renderer.lastSample())??.presentationTime.map(MediaTime.init)
    }

    /// Gapless looping. Local media loops by segment seeks (`SegmentLoop`) once the tile is in
    /// segment mode (`enterSegmentMode`); network media is handed the same URI again when
    /// playbin is about to run out (what GstPlay's loop mode does). Either way every frame is
    /// kept and running time stays continuous.
    func setGaplessLoop(_ enabled: Bool) {
        loopsAtEnd = enabled
        requeue.isEnabled = enabled && segmentLoop == nil && streamLoopRange == nil
    }

    /// Whether each gapless pass can be made to last as long as the group's: a tile looped by
    /// segment seeks (local media) can; playbin's own requeue (a network source) cannot.
    var holdsToWrap: Bool { segmentLoop != nil }

    /// Every gapless pass lasts until at least `length` into the media (the group's length):
    /// the tile holds its last frame until the group's wrap. nil: each pass as long as the media.
    func holdEachPass(to length: MediaTime?) {
        segmentLoop?.holdEachPass(until: length.map { $0 + startOffset })
    }

    /// Sends a seek (`gst_element_seek` by event, so its seqnum is known). A tile in segment
    /// mode stays in it: its seeks carry the SEGMENT flag, so its end is a SEGMENT_DONE.
    /// `start` is on the wall's timeline (from the first frame).
    /// With `loopRange` (the wall's A-B loop, on the wall's timeline) the tile plays to its end
    /// and starts it again there, gaplessly, until a seek without one.
    @discardableResult
    func seek(rate: Double, flags: SeekFlags, start: MediaTime, loopRange: Range<MediaTime>? = nil) -> Bool {
        if flags.contains(.flush) {
            streamLoopRange = loopRange.map { ($0.lowerBound + startOffset)..<($0.upperBound + startOffset) }
            // A network tile cannot go back to A by itself (playbin's next pass starts at 0):
            // it ends at B, and the wall starts its part again.
            requeue.isEnabled = loopsAtEnd && segmentLoop == nil && streamLoopRange == nil
        }
        return send(rate: rate, flags: flags, streamStart: start + startOffset)
    }

    /// The A-B loop on the stream's own timeline: every seek stops at its end, and a wrap goes
    /// back to its start rather than 0.
    private var streamLoopRange: Range<MediaTime>?

    @discardableResult
    private func send(rate: Double, flags: SeekFlags, streamStart start: MediaTime) -> Bool {
        var flags = flags
        // Timed metadata waiting belongs to frames the seek throws away.
        if flags.contains(.flush) {
            pendingMetadata.removeAll()
            scheduleMetadata()
        }
        if segmentLoop != nil, inSegmentMode || loopsAtEnd { flags.insert(.segment) }
        // A seek to the end of a pass (the loop just cleared) has no stop before it.
        let stop = streamLoopRange.flatMap { start < $0.upperBound ? $0.upperBound.clockTime : nil }
        guard let seqnum = pipeline.sendSeek(rate: rate, flags: flags, start: start.clockTime, stop: stop) else { return false }
        lastSeekSeqnum = seqnum
        playbackRate = rate
        if flags.contains(.flush) {
            inSegmentMode = flags.contains(.segment)
            segmentDoneWhilePaused = false
            heldPosition = nil
            restartCheck?.cancel()
            restartCheck = nil
            endCheck?.cancel()
            endCheck = nil
        }
        return true
    }

    /// A late tile's seek to where the wall will be when it joins: flushing and accurate, and
    /// in segment mode when it may loop (local media), so its running time starts at 0 there.
    @discardableResult
    func seekToJoin(at position: MediaTime, rate: Double, segmentMode: Bool) -> Bool {
        var flags: SeekFlags = [.flush, .accurate]
        if segmentMode, segmentLoop != nil { flags.insert(.segment) }
        return send(rate: rate, flags: flags, streamStart: position + startOffset)
    }

    /// The frame on screen as a point of the tile's timelines: its position (from the first
    /// frame) and its running time; nil when it shows none, or holds a frame it no longer has.
    var shownFrame: (position: MediaTime, runningTime: MediaTime)? {
        guard heldPosition == nil, let sample = (try? videoSink.renderer.lastSample()) ?? nil,
              let stream = sample.streamTime, let running = sample.runningTime else { return nil }
        return (max(.zero, MediaTime(stream) - startOffset), MediaTime(running))
    }

    /// Puts a local tile that may loop into segment mode: a flushing SEGMENT seek to where it
    /// stands, waiting for the preroll. From then on it loops without a gap whenever
    /// `loopsAtEnd` says so at its end. Returns whether the seek went out: the tile's running
    /// time then restarts at 0 where it stands, lead-in or not.
    @discardableResult
    func enterSegmentMode(timeout: Double) async -> Bool {
        guard segmentLoop != nil, !inSegmentMode, isActive else { return false }
        let count = asyncDoneCount
        guard send(rate: playbackRate, flags: [.flush, .accurate, .segment], streamStart: (position ?? .zero) + startOffset) else { return false }
        _ = await waitForAsyncDone(after: count, timeout: timeout)
        return true
    }

    /// The demuxer read the segment to its end. A looping tile seeks to the start without
    /// flushing, so the next pass follows the queued end of this one; any other tile is sent to
    /// its end by a non-flushing seek past the last sample, which ends the stream as EOS after
    /// what is queued has played.
    private func segmentDone() {
        guard toldToPlay else { segmentDoneWhilePaused = true; return }
        if loopsAtEnd {
            send(rate: playbackRate, flags: [], streamStart: streamLoopRange?.lowerBound ?? .zero)
        } else {
            // Out of segment mode first, so this seek carries no SEGMENT flag and ends in EOS.
            // Its segment reaches the sink like a wrap's: it must not be counted as one.
            inSegmentMode = false
            wraps.expectEndOfPass()
            let end = (asset.duration ?? lastFrameEnd ?? .zero) + startOffset
            send(rate: playbackRate, flags: [], streamStart: end + .milliseconds(1000))
            watchForMissingEnd()
        }
    }

    /// Some demuxers answer that seek past the end with no end of stream at all (qtdemux for a
    /// 3GP or an iPhone QuickTime with sound): such a tile in a group loop held its last frame
    /// for good instead of being re-armed. Once the wall's clock is `missingEndMargin` past the
    /// end of the pass (of the media, or of the last frame the sink shows if that is later)
    /// with no end of stream, the pass has ended.
    private func watchForMissingEnd(lastFrameEnd seen: MediaTime? = nil) {
        endCheck?.cancel()
        endCheck = MainLoop.after(seconds: 0.25) { [weak self] in self?.checkForMissingEnd(lastFrameEnd: seen) }
    }

    /// `seen`: where the last frame read so far ends on the running time. The sink's frame can
    /// no longer be placed once the seek's segment reaches it (after the pass's last frame).
    private func checkForMissingEnd(lastFrameEnd seen: MediaTime?) {
        endCheck = nil
        guard !inSegmentMode, !isShutDown, state != .failed, state != .ended else { return }
        var end = seen
        if let sample = (try? videoSink.renderer.lastSample()) ?? nil, let start = sample.runningTime {
            var frameEnd = MediaTime(start) + (sample.duration.map(MediaTime.init) ?? .zero)
            // The media's own end, when known: a still stretch of a variable-rate stream (a
            // screencast's frames may be a second apart) is not the end of its pass.
            if playbackRate > 0, let shown = sample.streamTime, let length = asset.duration {
                let rest = length + startOffset - MediaTime(shown)
                if rest > .zero {
                    frameEnd = max(frameEnd, MediaTime(start) + MediaTime(nanoseconds: Int64(Double(rest.nanoseconds) / playbackRate)))
                }
            }
            end = frameEnd
        }
        guard state == .playing, let base = pipeline.baseTime, let end else { return watchForMissingEnd(lastFrameEnd: end) }
        if MediaTime(clock.time) - MediaTime(base) > end + Self.missingEndMargin {
            // On the tile's bus, so the wall hears of it in order, as of an end of stream.
            pipeline.post(Finding.endOfStreamMissing.message)
        } else {
            watchForMissingEnd(lastFrameEnd: end)
        }
    }

    /// How long past its end a pass may go without its end of stream.
    private static let missingEndMargin = MediaTime.milliseconds(300)

    private func connectSignals() {
        let requeue = self.requeue
        let pipeline = self.pipeline
        // One decoding thread per tile: libav's frame threads keep decoding ahead while the
        // sink waits for its frame's time, so at every frame deadline they compete with the
        // other tiles' sinks for the CPU and tiles present up to milliseconds apart. Decoding
        // in the streaming thread, right after each frame is shown, leaves the CPU idle at the
        // deadlines. (A 1080p30 H.264 stream decodes in well under a frame period on one core.)
        let segmentLoop = self.segmentLoop
        let keyFrameOnly = self.keyFrameOnly
        let timedMetadata = TimedMetadataTap { [weak pipeline] tags, runningTime in
            pipeline?.post(Finding.timedMetadata(tags, runningTime: runningTime.map(MediaTime.init)).message)
        }
        self.timedMetadata = timedMetadata
        // Weak: these closures live inside the pipeline (on its pads and elements).
        let oversizeGuard = OversizeGuard { [weak pipeline] why, _ in
            pipeline?.post(Finding.oversize(why).message)
        }
        self.oversizeGuard = oversizeGuard
        let holes = mediaHoles
        // A playlist tile opens each item in turn: the item being opened is the one handed over last.
        let sourceURI = asset.uri, sequence = playlist
        let fetchRules = NetworkFetchRules(currentSource: { sequence?.queuedEntry.entry.uri ?? sourceURI }, onRefusal: { [weak pipeline] uri in
            pipeline?.post(Finding.refusedFetch(uri).message)
        }, onSkip: { [weak pipeline] what in
            // On the fetcher's thread, before the frames after the gap are decoded.
            holes.announced()
            pipeline?.post(Finding.segmentSkipped(what).message)
        })
        connections.append(pipeline.onElementSetup { [weak pipeline] element in
            fetchRules.apply(to: element)
            if element.factoryName.hasPrefix("avdec_") { try? element.set("max-threads", 1) }
            let kind = element.classification
            if kind.contains("Decoder"), kind.contains("Video") {
                oversizeGuard.watch(decoder: element)
                keyFrameOnly.watch(decoder: element)
                pipeline?.post(Finding.videoDecoder(element.factoryName).message)
            }
            timedMetadata.watch(demuxer: element)
            if let segmentLoop, element.classification.contains("Demux") {
                segmentLoop.watch(demuxer: element)
            }
        })
        // Streaming thread: set the next URI right here (playbin needs it synchronously); the wrap
        // is counted at the video sink when the next pass's segment arrives.
        let playlist = self.playlist
        connections.append(pipeline.connectSignal("about-to-finish") {
            if let playlist {
                // None after the last item of a list that does not go round: the tile ends.
                if let next = playlist.advance() { try? pipeline.set("uri", next) }
                return
            }
            guard requeue.isEnabled else { return }
            try? pipeline.set("uri", requeue.uri)
        })
        if let pad = videoSink.renderer.staticPad("sink") {
            let carried = carriedStatistics
            let wraps = self.wraps
            let holes = mediaHoles
            arrivalsProbe = pad.onBuffer { buffer in holes.arrived(buffer) }
            // Weak: the probe's closure is released under the pad's lock, and must not hold the
            // last reference to the sink, whose disposal takes that lock again.
            countersProbe = pad.onDownstreamEvent { [weak renderer = videoSink.renderer, weak pipeline] event in
                guard event == .flushStart || event == .segment else { return }
                holes.segmentStarted()
                if event == .flushStart { wraps.flushed() }
                // A gapless wrap, or the seek that ends a pass: the frame on screen is the last
                // of the pass just played (read now: the new segment makes it unreadable).
                if event == .segment, let kind = wraps.segmentArrived(), kind != .first {
                    let last = try? renderer?.lastSample()
                    let shown = last?.streamTime.map(MediaTime.init)
                    let end = shown.map { $0 + (last?.duration.map(MediaTime.init) ?? .zero) }
                    pipeline?.post((kind == .wrap ? Finding.wrapped(endingAt: end) : Finding.passStopped(showing: shown)).message)
                }
                if let counted = try? renderer?.sinkStatistics() { carried.add(counted) }
            }
        }
        // The format as it enters the video output (the decoder's negotiated caps, after
        // playbin's converters, which keep size and aspect), in order with the frames after it.
        formatProbe = videoSink.element.staticPad("sink")?.onCaps { [weak pipeline] caps in
            if let format = caps.videoFormat { pipeline?.post(Finding.videoFormat(format).message) }
        }
    }

    /// Writes a line to `log` for every frame the tile's sink releases (`RenderLog`).
    func logRenders(to log: RenderLog) {
        let tile = index + 1
        renderLogProbe = videoSink.renderer.staticPad("sink")?.onBufferDue { buffer in
            let now = RenderLog.monotonicNow()
            // The frame the tile prerolled with was released when it began to play: at its due time.
            if let prerolled = buffer.prerolled, let pts = prerolled.presentationTime?.nanoseconds {
                log.record(tile: tile, pts: pts, releasedAt: RenderLog.moment(of: prerolled.due, clockNow: buffer.clockNow, monotonicNow: now))
            }
            guard let pts = buffer.presentationTime?.nanoseconds else { return }
            log.record(tile: tile, pts: pts, releasedAt: RenderLog.releaseMoment(due: buffer.due, clockNow: buffer.clockNow, monotonicNow: now))
        }
    }

    /// A fetch the tile's playlist asked for off the network was refused.
    private func refuseFetch(of uri: String) {
        // Said at once: no description the discoverer may still give would say it better (and
        // one that waits on the locked fetch may never come before the wall stops).
        fail(AssetError(source: asset.source, reason: .refusedFetch(uri)), final: true)
    }

    /// The decoder was about to be given a picture larger than a tile plays.
    private func refuseOversize(_ why: String) {
        fail(AssetError(source: asset.source, reason: .tooLarge(why)))
    }

    /// The tile went round: counted when the first frame of the next pass is due, not when the
    /// next pass was asked for.
    private func wrapped(endingAt end: MediaTime?) {
        if playlist != nil {
            // Each item plays from its own start: the change is no pass of one clip.
            // The frame now due is the first of the item handed over last.
            itemShown()
            return
        }
        if let end { passEnded(at: end) }
        countLoop()
    }

    /// The item handed over last is on screen now (at a boundary, or once the tile joined
    /// the wall on the item it was sent to): counted as a change.
    func itemShown() {
        guard let playlist else { return }
        let started = playlist.startedEntry
        let (entry, index) = (started.entry, started.index)
        currentItem = (entry.name, index)
        itemChanges += 1
        emit(.itemChanged(item: index ?? 0, changes: itemChanges))
    }

    /// Whether the tile stands on the wall's timeline, where a wall seek or a late join can
    /// place it: a playlist tile goes from item to item on its own.
    var followsWallTimeline: Bool { playlist == nil && asset.isSeekable }

    /// The wall's base time for this tile (`gst_element_set_base_time`), on the pipeline and at
    /// once on its paused video sinks too: a bin hands its base time to its children only as
    /// it goes to PLAYING, and a change to PLAYING waiting behind another on the tile's
    /// state-change queue would leave a sink, which a window reads to place its frames, on the
    /// old one meanwhile. A frame prerolled for a later wrap would then look due long ago and
    /// be shown at once: a shorter tile in a group loop standing on its first frame until the
    /// wrap. (A sink still playing keeps its base time until the pause that comes first.)
    func setBaseTime(_ time: ClockTime) {
        pipeline.setBaseTime(time)
        for sink in videoSink.renderers where sink.currentState.current != .playing { sink.setBaseTime(time) }
    }

    /// Re-armed for a group's wrap (prerolled at 0, on a base time shifted to the wrap): the
    /// tile keeps `held` as its position, and its next pass is counted, when the wrap's first
    /// frame is due (its running time 0), not now.
    func awaitWrap(holding held: MediaTime?) {
        heldPosition = held
        restartCheck?.cancel()
        restartCheck = nil
        checkWrap()
    }

    /// Whether the tile holds the frame it ended its pass on until the group's wrap (armed by
    /// `awaitWrap`, until its base time comes): told to play, it shows no new frame meanwhile.
    var awaitsWrap: Bool { restartCheck != nil }

    /// Whether the wrap is due: the tile plays and the clock has reached its base time. While
    /// the wall is paused the base time is not known yet; it is looked at again shortly.
    private func checkWrap() {
        var wait = 0.1
        if state == .playing, let base = pipeline.baseTime {
            let now = clock.time
            if now >= base {
                heldPosition = nil
                restartCheck = nil
                countLoop()
                return
            }
            wait = (MediaTime(base) - MediaTime(now)).seconds
        }
        restartCheck = MainLoop.after(seconds: wait) { [weak self] in self?.checkWrap() }
    }

    /// A pass in segment mode was ended by a seek past its end: the sink's last frame can no
    /// longer be placed in its new segment, so the tile's position is the one it showed.
    private func passStopped(showing streamTime: MediaTime?) {
        guard let streamTime else { return }
        heldPosition = max(.zero, streamTime - startOffset)
    }

    /// One more pass begun (a wrap, or a restart at a group's wrap).
    func countLoop() {
        loopCount += 1
        emit(.looped(loopCount))
    }

    private func apply(_ format: VideoFormat) {
        guard format != videoFormat else { return }
        videoFormat = format
        emit(.mediaFormat(MediaFormat(format)))
    }

    /// Plays the tile's sound at `factor` times its own level (playbin's `volume`, linear).
    func scaleVolume(by factor: Double) {
        try? pipeline.set("volume", ownVolume * factor)
    }

    func setOwnVolume(_ level: Double, scaledBy factor: Double) {
        ownVolume = level
        scaleVolume(by: factor)
    }

    // MARK: Transport, driven by the wall

    /// PAUSED, and wait for the preroll (ASYNC_DONE). Returns false when the tile failed or timed out.
    /// The change runs on the state-change queue: it opens the source, which may not return.
    func preroll(timeout: Double) async -> Bool {
        toldToPlay = false
        opening = true
        // Counted before the change is asked for: on a busy machine the preroll's ASYNC_DONE
        // can reach the main thread before the state change's own answer does.
        let count = asyncDoneCount
        let opened = await stateChangeOrTimeout(.paused, timeout: timeout)
        opening = false
        guard let opened else {
            fail(AssetError(source: asset.source, reason: .timedOut(seconds: Int(timeout))))
            return false
        }
        guard state != .failed else { return false }
        switch opened {
        case .failure:
            // The bus usually says why first; if it did not, say that much.
            fail(AssetError(source: asset.source, reason: .playbackFailed("the pipeline refused to start")))
            return false
        case .noPreroll, .success: prerolled(); return true  // live source, or already there
        case .async: break
        }
        let ok = await waitForAsyncDone(after: count, timeout: timeout)
        if ok { prerolled() }
        return ok
    }

    /// A queued state change, or nil when it has not returned within `timeout` seconds (it
    /// goes on; the queue stays busy).
    private func stateChangeOrTimeout(_ state: ElementState, timeout: Double) async -> StateChangeResult? {
        let answer = FirstAnswer<StateChangeResult?>()
        return await withCheckedContinuation { continuation in
            answer.continuation = continuation
            let timer = MainLoop.after(seconds: timeout) { answer.give(nil) }
            Task { @MainActor in
                let result = await stateChanges.setState(state)
                timer.cancel()
                answer.give(result)
            }
        }
    }

    /// Why a tile that is still loading is not ready, for the report: nil once it is.
    /// A live source (a stream that needs no preroll, such as `udp://`) is "playing" from the
    /// start: one that has sent no frame after two seconds is not ready either.
    package var notReadyReason: String? {
        let waited = Date().timeIntervalSince(loadStart)
        let text = String(format: "%.1f", waited)
        if state == .playing, waited >= 2, (statistics?.rendered ?? 0) == 0 {
            return "not ready after \(text) s: playing, but no frame arrived"
        }
        guard state == .loading || state == .idle else { return nil }
        return "not ready after \(text) s: " + (opening ? "opening the source did not finish" : "no first frame yet")
    }

    /// PAUSED, and wait until the sinks have settled there (so a seek that follows is not
    /// mistaken as done by this state change's ASYNC_DONE).
    func pauseAndSettle(timeout: Double) async {
        toldToPlay = false
        let count = asyncDoneCount
        if pipeline.setState(.paused) == .async {
            _ = await waitForAsyncDone(after: count, timeout: timeout)
        }
        apply(.pause)
    }

    private func prerolled() {
        guard state == .loading else { return }
        // Back after a failure: the frame it held while reconnecting is not what it shows now.
        if reviving { heldPosition = nil; reviving = false }
        // The first preroll starts the segment at 0: a stream whose first frame comes later is
        // shifted back by its lead-in, so its first frame is due with everyone else's.
        if let sample = (try? videoSink.renderer.lastSample()) ?? nil {
            if let first = sample.streamTime.map(MediaTime.init), first > .zero, first <= Self.maximumStartOffset {
                startOffset = first
            }
            // The lead-in is on the running time, which the base time counts: a demuxer whose
            // segment starts at the first frame (MPEG-PS) has none, though its stream times
            // start late. Shifting such a tile by its stream time made every frame of its
            // first half second late (dropped).
            if let first = sample.runningTime.map(MediaTime.init), first > .zero, first <= Self.maximumStartOffset {
                leadIn = first
            }
        }
        apply(.loaded)
    }

    /// Waits until more than `count` ASYNC_DONE messages were seen (a preroll or a flushing
    /// seek finished) and the pipeline has no state change pending, or the tile failed.
    /// Read `asyncDoneCount` before acting, pass it here. The pending check matters: an
    /// ASYNC_DONE of an earlier state change can arrive after the seek was sent.
    func waitForAsyncDone(after count: Int, timeout: Double) async -> Bool {
        var seen = count
        let deadline = Date().addingTimeInterval(timeout)
        while state != .failed {
            if asyncDoneCount <= seen {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return false }
                let timer = MainLoop.after(seconds: remaining) { [weak self] in
                    guard let self, !self.asyncDoneWaiters.isEmpty else { return }
                    self.fail(AssetError(source: self.asset.source, reason: .timedOut(seconds: Int(timeout))))
                }
                let ok = await withCheckedContinuation { asyncDoneWaiters.append((seen, $0)) }
                timer.cancel()
                guard ok else { return false }
            }
            seen = asyncDoneCount
            if pipeline.currentState.pending == .voidPending { return true }
        }
        return false
    }

    private func resumeWaiters(_ ok: Bool) {
        var due: [CheckedContinuation<Bool, Never>] = []
        asyncDoneWaiters.removeAll { waiter in
            guard !ok || asyncDoneCount > waiter.after else { return false }
            due.append(waiter.continuation)
            return true
        }
        due.forEach { $0.resume(returning: ok) }
    }

    private func emit(_ event: PlayerEvent) {
        onEvent?(event)
    }

    func apply(_ input: PlayerInput) {
        if let new = machine.handle(input), new != state {
            state = new
            emit(.stateChanged(new))
            scheduleMetadata()
        }
    }

    /// The discoverer described the source: keep its description and report any failure held back.
    func confirm(_ described: Asset) {
        asset = described
        isConfirmed = true
        if let unreportedFailure { emit(.failed(unreportedFailure)) }
        unreportedFailure = nil
    }

    /// Whether the tile failed and its failure went out as an event.
    var hasReportedFailure: Bool { failure != nil && unreportedFailure == nil }

    /// A failure is held back until the source is described (the discoverer often names the
    /// cause better than a pipeline's error), unless it is `final`.
    func fail(_ error: AssetError, final: Bool = false) {
        guard state != .failed else { return }
        keepWhatItShowed()
        failure = error
        requeue.isEnabled = false
        apply(.failed(error.reasonText))
        if isConfirmed || final { emit(.failed(error)) } else { unreportedFailure = error }
        // Take only this tile down: its pipeline stops, the others play on.
        stateChanges.requestState(.null)
        resumeWaiters(false)
    }

    /// A failed network tile opens its source again: the same pipeline, from the NULL its
    /// failure left it in, with what it counted so far kept. The caller prerolls it next.
    /// False when the tile has not failed or was shut down.
    func revive() -> Bool {
        guard state == .failed, !isShutDown else { return false }
        if let finalStatistics {
            // The sink counts from 0 again after NULL; what came before is carried.
            carriedStatistics.replace(with: SinkStatistics(rendered: finalStatistics.rendered,
                                                           dropped: finalStatistics.dropped - min(finalStatistics.dropped, keyFrameOnly.skipped)))
        }
        finalStatistics = nil
        failure = nil
        unreportedFailure = nil
        brokenStream = nil
        pendingPluginName = nil
        failedHardwareDecoder = nil
        requeue.isEnabled = loopsAtEnd
        wraps.flushed()
        reviving = true
        refills.restart()
        itemShaping?.restart()
        itemSoundShaping?.restart()
        apply(.reset)
        apply(.load)
        return true
    }

    /// Whether the tile is between its sources (`replaceSource`): its pipeline stopped on
    /// purpose, which is no failure of the tile.
    private(set) var isBeingReplaced = false

    /// Whether the tile stands by while the wall's screens are off (`standBy`): its pipeline
    /// stopped on purpose until it is opened again (`replaceSource`).
    private(set) var isStandingBy = false

    /// Screens off: the pipeline goes to NULL, so its decoders, sinks and the frames they hold
    /// are let go; what the tile counted and where it stood are kept. Returns once it has stopped.
    func standBy() async {
        guard !isShutDown, state != .failed else { return }
        isStandingBy = true
        stopOnPurpose("standing by")
        await settle()
    }

    /// Before the pipeline stops: what it showed until now is kept (NULL zeroes the sink's
    /// counts and drops its frame), and the checks on its restart and its end are called off.
    private func keepWhatItShowed() {
        finalStatistics = statistics
        heldPosition = position
        restartCheck?.cancel()
        restartCheck = nil
        endCheck?.cancel()
        endCheck = nil
    }

    /// Stops the pipeline (NULL) for a reason that is no failure of the tile.
    private func stopOnPurpose(_ reason: String) {
        guard state != .failed else { return }
        keepWhatItShowed()
        stateChanges.requestState(.null)
        resumeWaiters(false)
        apply(.failed(reason))
    }

    /// Plays another source in the same pipeline and sinks (`Wall.replaceSource`): the
    /// pipeline goes to NULL, takes the new URI, and is prerolled next by the caller; what the
    /// tile counted so far is kept. Local and network sources loop differently, so a tile keeps
    /// its kind (a playlist tile need not). False when the tile was shut down or the kinds differ.
    /// `whileStopped` runs once the old source has stopped, before the new one opens (no
    /// `about-to-finish` can come then).
    func replaceSource(with described: Asset, whileStopped: () -> Void = {}) async -> Bool {
        // A playlist tile loops by handing over items, whatever their kind.
        guard !isShutDown, described.isNetwork == asset.isNetwork || playlist != nil else { return false }
        isBeingReplaced = true
        defer { isBeingReplaced = false }
        stopOnPurpose("replaced")
        // playbin takes a new URI when it next starts from READY: the stop must have happened
        // (a PAUSED asked for meanwhile would replace it in the queue, and the old source play on).
        await settle()
        guard !isShutDown else { return false }
        isStandingBy = false
        whileStopped()
        asset = described
        isConfirmed = true
        startOffset = .zero
        leadIn = .zero
        segmentDoneCarriesSeqnum = nil
        inSegmentMode = false
        lastSeekSeqnum = nil
        videoFormat = nil
        requeue.uri = described.uri
        try? pipeline.set("uri", described.uri)
        return revive()
    }

    /// Releases the pipeline (NULL state) and ends the event stream.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        restartCheck?.cancel()
        restartCheck = nil
        endCheck?.cancel()
        endCheck = nil
        busWatch?.cancel()
        busWatch = nil
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        countersProbe?.remove()
        countersProbe = nil
        arrivalsProbe?.remove()
        arrivalsProbe = nil
        formatProbe?.remove()
        formatProbe = nil
        renderLogProbe?.remove()
        renderLogProbe = nil
        nextFrameProbe?.remove()
        nextFrameProbe = nil
        onNextFrame = nil
        segmentLoop?.stop()
        keyFrameOnly.stop()
        oversizeGuard?.stop()
        timedMetadata?.stop()
        metadataTimer?.cancel()
        pendingMetadata.removeAll()
        stateChanges.requestState(.null)
        resumeWaiters(false)
        onEvent = nil
    }

    /// Whether no state change of this tile is waiting or running: after `shutDown`, that its
    /// pipeline is in NULL.
    var isSettled: Bool { !stateChanges.isBusy }

    /// Returns once the state changes asked for so far (a stop to READY) have returned, so the
    /// pipeline may be given a seek from the main thread.
    func settle() async {
        if stateChanges.isBusy { await stateChanges.drain() }
    }

    // MARK: Bus

    private var pendingPluginName: String?

    private func handle(_ message: BusMessage) {
        switch message.kind {
        case .asyncDone:
            asyncDoneCount += 1
            resumeWaiters(true)
        case .stateChanged(_, let new, _) where new == .playing && message.isFrom(pipeline):
            // A pass read to its end while paused (a short clip, or an A-B loop, fits in the
            // queues) goes round once the whole pipeline plays: a non-flushing seek sent
            // while its sinks still hold prerolled queues would wait on the demuxer's stream
            // lock, which its thread holds while it waits for them.
            if toldToPlay, segmentDoneWhilePaused {
                segmentDoneWhilePaused = false
                segmentDone()
            }
        case .error(let error):
            guard brokenStream == nil else { break }
            // An element playbin made keeps its factory's name with a number after it.
            let factory = String(message.sourceName.reversed().drop(while: \.isNumber).reversed())
            // By its class, not its name: a camera's `v4l2src` is no decoder.
            if DecoderFactories.isHardware(factory) {
                failedHardwareDecoder = factory
            }
            // A network stream that broke off says only "Internal data stream error": what
            // its source met (a refused connection, a name gone) is looked for first.
            if asset.isNetwork, error.domain.contains("stream"), pendingPluginName == nil {
                brokenStream = error
                let uri = asset.uri, pipeline = self.pipeline
                Thread.detachNewThread { [weak pipeline] in
                    let cause = ConnectionCheck.cause(reaching: uri, timeout: Self.connectionCheckTimeout)
                    pipeline?.post(Finding.connectionChecked(cause ?? "").message)
                }
                break
            }
            fail(AssetError(source: asset.source, reason: reason(for: error)))
        case .warning(let warning):
            // A sink's "A lot of buffers are being dropped." (GST_CORE_ERROR_CLOCK): the wall's
            // overload warning says it once for the wall, with the figure.
            guard !(warning.domain == "gst-core-error-quark" && warning.code == 13) else { break }
            warn(GStreamerText.readable(warning.message))
        case .missingPlugin(let description):
            pendingPluginName = description
        case .segmentDone:
            // A SEGMENT_DONE carries the seqnum of the seek it ends, so one of a seek since
            // replaced is ignored. mpegpsdemux gives it a seqnum of its own: for a demuxer whose
            // first one did not match, none will, and each is taken (an MPEG program stream in
            // a loop held its last frame for good).
            let matches = message.sequenceNumber == lastSeekSeqnum
            if segmentDoneCarriesSeqnum == nil { segmentDoneCarriesSeqnum = matches }
            if matches || segmentDoneCarriesSeqnum == false { segmentDone() }
        case .endOfStream:
            reachedEnd()
        case .buffering(let percent):
            bufferingPercent = percent
            refills.observe(percent: percent, at: monotonic.now)
            // The tile's own state says it is short of data (the wall's transport decides
            // whether the group waits for it).
            apply(percent < 100 ? .bufferingStarted : .bufferingFinished)
            emit(.buffering(percent: percent))
        case .tags(let tags):
            emit(.tags(tags))
        case .application(let posted):
            guard message.isFrom(pipeline), let finding = Finding(posted) else { break }
            handle(finding)
        default:
            break
        }
        messageObserver?(self, message)
    }

    /// What a streaming thread found, in the order the bus carried it.
    private func handle(_ finding: Finding) {
        switch finding {
        case .oversize(let why): refuseOversize(why)
        case .refusedFetch(let uri): refuseFetch(of: uri)
        case .wrapped(let end): wrapped(endingAt: end)
        case .passStopped(let shown): passStopped(showing: shown)
        case .videoFormat(let format): apply(format)
        case .segmentSkipped(let what):
            warn("skipped a segment the server does not have: " + what)
        case .timedMetadata(let tags, let runningTime):
            showMetadata(tags, at: runningTime)
        case .endOfStreamMissing:
            guard state != .ended, state != .failed else { break }
            reachedEnd()
        case .frameArrived:
            nextFrameProbe?.remove()
            nextFrameProbe = nil
            let action = onNextFrame
            onNextFrame = nil
            action?()
        case .videoDecoder(let name):
            videoDecoder = name
        case .connectionChecked(let cause):
            guard let error = brokenStream else { break }
            brokenStream = nil
            fail(AssetError(source: asset.source, reason: cause.isEmpty ? reason(for: error) : .network(cause)))
        }
    }

    /// Timed metadata is told when the tile's clock reaches its running time (the frame it is
    /// stamped with is due): it waits while the tile is not playing, and is told at once when
    /// it has no time or is late.
    private func showMetadata(_ tags: [String: String], at runningTime: MediaTime?) {
        guard let runningTime else { emit(.tags(tags)); return }
        guard pendingMetadata.count < 64 else { return }
        pendingMetadata.append((runningTime, tags))
        scheduleMetadata()
    }

    /// Sets a timer for the timed metadata waiting, while the tile plays; takes them back
    /// when it stops playing.
    private func scheduleMetadata() {
        metadataTimer?.cancel()
        metadataTimer = nil
        guard state == .playing, let base = pipeline.baseTime, let next = pendingMetadata.min(by: { $0.runningTime < $1.runningTime }) else { return }
        let wait = (next.runningTime - (MediaTime(clock.time) - MediaTime(base))).seconds
        metadataTimer = MainLoop.after(seconds: min(max(0, wait), 60)) { [weak self] in self?.tellDueMetadata() }
    }

    private func tellDueMetadata() {
        guard let base = pipeline.baseTime else { return }
        let now = MediaTime(clock.time) - MediaTime(base) + .milliseconds(1)
        let due = pendingMetadata.filter { $0.runningTime <= now }.sorted { $0.runningTime < $1.runningTime }
        pendingMetadata.removeAll { $0.runningTime <= now }
        due.forEach { emit(.tags($0.tags)) }
        scheduleMetadata()
    }

    /// The pass is over: its end of stream, or the clock well past its last frame where none
    /// came (`watchForMissingEnd`).
    private func reachedEnd() {
        endCheck?.cancel()
        endCheck = nil
        if let end = lastFrameEnd { passEnded(at: end) }
        // (A pass ended by a seek past its end has set it already: its sink cannot tell.)
        if let shown = shownPosition { heldPosition = shown }
        apply(.reachedEnd)
        emit(.endOfStream)
    }

    /// A stream ends: at end of stream, or at a gapless wrap, which never posts one.
    private func passEnded(at position: MediaTime) {
        // Fed key frames only, a tile's last frame shown is the last key frame: nothing is cut.
        guard !decodesKeyFramesOnly else { return }
        // A playlist's last item is measured against its own length (to its out point), not
        // the asset's, which is the item the tile opened with: "01 of a 2.2 s clip ended at
        // 1.5 s" was said of a list whose second item is 1.5 s long.
        var duration = asset.duration, item = ""
        if let started = playlist?.startedEntry.entry {
            duration = started.length.map { length in started.shape.outPoint.map { min($0, length) } ?? length }
            item = "item \(TerminalText.quoted(started.name, limit: TerminalText.nameLimit)) "
        }
        guard let duration,
              EarlyEnd.missing(endedAt: position, announced: duration, frameInterval: pictureChain.lastFrameInterval) != nil else { return }
        warn(item + EarlyEnd.warning(endedAt: position, announced: duration))
    }

    /// Calls `action` (on the main actor, in the bus's order) once the next frame reaches the
    /// tile's sink: a tile that rejoined is said to play again when it shows frames, not when
    /// its join's seek is done. A later call replaces an earlier one still waiting.
    func whenNextFrameArrives(_ action: @escaping @MainActor () -> Void) {
        nextFrameProbe?.remove()
        onNextFrame = action
        let once = OneShot()
        nextFrameProbe = videoSink.renderer.staticPad("sink")?.onBuffer { [weak pipeline] _ in
            guard once.fire() else { return }
            pipeline?.post(Finding.frameArrived.message)
        }
    }

    func warn(_ message: String) {
        guard !warnings.contains(message) else { return }
        warnings.append(message)
        emit(.warning(message))
    }

    private func reason(for error: GStreamerError) -> AssetError.Reason {
        if let plugin = pendingPluginName { return .missingPlugin(plugin) }
        let message = GStreamerText.readable(error.message)
        if asset.isNetwork && error.domain.contains("resource") { return .network(message) }
        return .playbackFailed(message)
    }
}

/// The loop switch and URI, read on the streaming thread in `about-to-finish`.
final class RequeueSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var enabled = false
    private var currentURI: String
    init(uri: String) { currentURI = uri }
    /// The URI a loop hands playbin again (a new one when the tile's source is replaced).
    var uri: String {
        get { lock.lock(); defer { lock.unlock() }; return currentURI }
        set { lock.lock(); currentURI = newValue; lock.unlock() }
    }
    var isEnabled: Bool {
        get { lock.lock(); defer { lock.unlock() }; return enabled }
        set { lock.lock(); enabled = newValue; lock.unlock() }
    }
}

/// Tells a wrap from a seek at the video sink: after a flush, the first segment is the seek's;
/// any later one, which comes without a flush, starts the next pass of a loop, unless it is
/// the one of the seek past the end that stops a pass (announced by `expectEndOfPass`).
final class WrapDetector: @unchecked Sendable {
    enum Segment { case first, wrap, endOfPass }
    private let lock = NSLock()
    private var sawSegment = false
    private var endOfPassExpected = false

    func flushed() { lock.lock(); sawSegment = false; endOfPassExpected = false; lock.unlock() }

    /// The next segment without a flush is the one of a seek that ends the pass.
    func expectEndOfPass() { lock.lock(); endOfPassExpected = true; lock.unlock() }

    /// What a segment reaching the sink now starts.
    func segmentArrived() -> Segment? {
        lock.lock(); defer { lock.unlock() }
        defer { sawSegment = true }
        guard sawSegment else { return .first }
        if endOfPassExpected {
            endOfPassExpected = false
            return .endOfPass
        }
        return .wrap
    }
}

/// Sink counts carried over flushes; written on whichever thread flushes, read on the main one.
final class CarriedStatistics: @unchecked Sendable {
    private let lock = NSLock()
    private var carried = SinkStatistics(rendered: 0, dropped: 0)
    private var carries = 0

    /// How many times counts were carried: read before a change that may zero the sink's
    /// counts, to tell whether something else carried them meanwhile.
    var generation: Int {
        lock.lock(); defer { lock.unlock() }
        return carries
    }

    func add(_ counted: SinkStatistics) {
        lock.lock(); defer { lock.unlock() }
        carried.rendered += counted.rendered
        carried.dropped += counted.dropped
        carries += 1
    }

    /// Carries `counted` unless counts were carried since `generation` (checked and added
    /// under one lock). Returns whether it carried them.
    @discardableResult
    func add(_ counted: SinkStatistics, unlessCarriedSince generation: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard carries == generation else { return false }
        carried.rendered += counted.rendered
        carried.dropped += counted.dropped
        carries += 1
        return true
    }

    /// Sets what is carried (a failed tile that comes back keeps what it counted before).
    func replace(with counted: SinkStatistics) {
        lock.lock(); defer { lock.unlock() }
        carried = counted
        carries += 1
    }

    func total(adding current: SinkStatistics) -> SinkStatistics {
        lock.lock(); defer { lock.unlock() }
        return SinkStatistics(rendered: carried.rendered + current.rendered, dropped: carried.dropped + current.dropped)
    }
}

/// True the first time it is asked, from any thread; false after.
private final class OneShot: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false

    func fire() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !fired else { return false }
        fired = true
        return true
    }
}
