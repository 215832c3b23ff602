internal import CGStreamer
import Foundation

/// Describes sources with GstDiscoverer, each on a thread of its own.
///
/// GstDiscoverer opens the source in the thread that starts a discovery (in async mode too:
/// `gst_discoverer_discover_uri_async` sets its pipeline to PAUSED at once), so on the main
/// thread a source whose `open()` blocks (a FIFO with no writer, a dead network mount) would
/// block the whole program. Each discovery runs a discoverer in async mode on a thread of its
/// own with its own GLib main context; its answer comes back to the caller. A cancelled
/// discovery is stopped (`gst_discoverer_stop`: its pipeline goes to NULL) before its thread
/// ends, so no streaming thread outlives it; a thread stuck in `open()` stays counted in
/// `BlockingCalls` and its answer is dropped.
public enum Discoverer {
    /// The description of `uri`, or why there is none. Gives up after `timeout` seconds (plus
    /// a second of grace for the discoverer's own timeout) and when the task is cancelled.
    ///
    /// `elementAdded` is shown every element the discoverer's pipeline makes, on the thread
    /// that makes it, before it is used (what playbin's "element-setup" is to a player): the
    /// source, then everything added inside the pipeline ("deep-element-added" on the bin
    /// above the source, connected in "source-setup").
    ///
    /// A video stream whose decoder `keepsEncoded` says yes to is described from its parsed
    /// caps, never opening that decoder: by default a hardware decoder, so describing a wall's
    /// sources opens no GPU context and takes no decoder a tile will want (16 tiles were
    /// described with 16 CUDA contexts, seconds each, on a machine with an NVIDIA GPU).
    @MainActor
    public static func describe(uri: String, timeout: Double, keepsEncoded: @escaping @Sendable (DecoderFactories.Factory) -> Bool = { $0.isHardware },
                                elementAdded: (@Sendable (Element) -> Void)? = nil) async -> Result<MediaInfo, DiscoveryFailure> {
        let run = DiscoveryRun(uri: uri, timeout: timeout, keepsEncoded: keepsEncoded, elementAdded: elementAdded)
        let answer = FirstAnswer<Result<MediaInfo, DiscoveryFailure>>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.continuation = continuation
                if Task.isCancelled { answer.give(.failure(.cancelled)); run.cancel(); return }
                let timer = MainLoop.after(seconds: timeout + 1) {
                    run.cancel()
                    answer.give(.failure(.timedOut(seconds: timeout)))
                }
                let token = BlockingCalls.begin("describing \(uri)")
                Thread.detachNewThread {
                    let result = run.run()
                    BlockingCalls.end(token)
                    DispatchQueue.main.async { MainActor.assumeIsolated { timer.cancel(); answer.give(result) } }
                }
            }
        } onCancel: {
            run.cancel()
            DispatchQueue.main.async { MainActor.assumeIsolated { answer.give(.failure(.cancelled)) } }
        }
    }
}

/// One discovery's thread: a GstDiscoverer in async mode on its own main context and loop.
final class DiscoveryRun: @unchecked Sendable {
    private let uri: String
    private let timeout: Double
    private let lock = NSLock()
    private var context: OpaquePointer?
    private var loop: OpaquePointer?
    private var cancelled = false
    private var answer: Result<MediaInfo, DiscoveryFailure>?
    private let elementAdded: (@Sendable (Element) -> Void)?
    private let keepsEncoded: @Sendable (DecoderFactories.Factory) -> Bool
    /// The discoverer's pipeline and the watch on it, kept until the discoverer stops.
    private var pipelineWatch: (pipeline: Element, connection: SignalConnection)?
    /// The uridecodebin around the source and its "autoplug-select" handler, as long.
    private var decoderChoice: (bin: Element, connection: SignalConnection)?

    init(uri: String, timeout: Double, keepsEncoded: @escaping @Sendable (DecoderFactories.Factory) -> Bool, elementAdded: (@Sendable (Element) -> Void)?) {
        self.uri = uri
        self.timeout = timeout
        self.keepsEncoded = keepsEncoded
        self.elementAdded = elementAdded
    }

    /// "source-setup": the source is shown, and everything added to the pipeline after it;
    /// the uridecodebin holding the source is told which decoders not to open.
    fileprivate func sourceMade(_ source: Element) {
        elementAdded?(source)
        lock.lock(); defer { lock.unlock() }
        if decoderChoice == nil, let bin = source.parent {
            decoderChoice = (bin, bin.exposeEncoded(where: keepsEncoded))
        }
        guard let elementAdded, pipelineWatch == nil, let pipeline = source.topBin else { return }
        pipelineWatch = (pipeline, pipeline.onDeepElementAdded(elementAdded))
    }

    /// Quits the discovery's loop from any thread: an idle source on its context runs
    /// `g_main_loop_quit` there, so a quit asked for before the loop runs is not lost. A
    /// thread still inside the discoverer's first state change sees it only on return.
    func cancel() {
        lock.lock(); defer { lock.unlock() }
        cancelled = true
        guard let context, let loop else { return }
        let idle = g_idle_source_new()
        g_source_set_callback(idle, { data in
            g_main_loop_quit(OpaquePointer(data))
            return 0  // G_SOURCE_REMOVE
        }, UnsafeMutableRawPointer(g_main_loop_ref(loop)), { data in g_main_loop_unref(OpaquePointer(data)) })
        g_source_attach(idle, context)
        g_source_unref(idle)
    }

    /// The thread's body: `gst_discoverer_new`, `gst_discoverer_start` on a context pushed as
    /// this thread's default, `gst_discoverer_discover_uri_async`, the loop until "discovered"
    /// or cancel, then `gst_discoverer_stop` (pipeline to NULL) and everything released.
    func run() -> Result<MediaInfo, DiscoveryFailure> {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        let loop = g_main_loop_new(context, 0)!
        defer {
            g_main_loop_unref(loop)
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        lock.lock()
        self.context = context
        self.loop = loop
        let stop = cancelled
        lock.unlock()
        if stop { return .failure(.cancelled) }

        var error: UnsafeMutablePointer<GError>?
        let raw = gst_discoverer_new(GstClockTime(timeout * 1e9), &error)
        if let message = GStreamer.takeMessage(error) {
            if let raw { g_object_unref(UnsafeMutableRawPointer(raw)) }
            return .failure(.failed(GStreamerError(domain: "GstDiscoverer", message: message)))
        }
        guard let discoverer = raw else {
            return .failure(.failed(GStreamerError(domain: "GstDiscoverer", message: "gst_discoverer_new failed")))
        }
        // "discovered": `void (*)(GstDiscoverer *, GstDiscovererInfo *, GError *, gpointer)`,
        // emitted on this thread's context; the run outlives the handler (disconnected below).
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?) -> Void
        let discovered: CFunction = { _, info, error, data in
            guard let data, let info else { return }
            let run = Unmanaged<DiscoveryRun>.fromOpaque(data).takeUnretainedValue()
            run.finish(DiscoveryAnswer(info: info, error: error).result(timeout: run.timeout))
        }
        let handler = g_signal_connect_data(UnsafeMutableRawPointer(discoverer), "discovered",
                                            unsafeBitCast(discovered, to: GCallback.self),
                                            Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        // "source-setup": `void (*)(GstDiscoverer *, GstElement *, gpointer)`, on the thread
        // that builds the pipeline.
        typealias SourceSetup = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let sourceSetup: SourceSetup = { _, source, data in
            guard let source, let data else { return }
            Unmanaged<DiscoveryRun>.fromOpaque(data).takeUnretainedValue().sourceMade(Element(raw: source, transfer: .none))
        }
        let sourceHandler = g_signal_connect_data(UnsafeMutableRawPointer(discoverer), "source-setup",
                                                  unsafeBitCast(sourceSetup, to: GCallback.self),
                                                  Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        gst_discoverer_start(discoverer)
        if gst_discoverer_discover_uri_async(discoverer, uri) == 0 {
            finish(.failure(.invalidURI(uri)))
        }
        if answerIfAny == nil { g_main_loop_run(loop) }
        lock.lock(); self.context = nil; self.loop = nil; lock.unlock()
        gst_discoverer_stop(discoverer)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(discoverer), handler)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(discoverer), sourceHandler)
        lock.lock(); let watch = pipelineWatch, choice = decoderChoice; pipelineWatch = nil; decoderChoice = nil; lock.unlock()
        watch?.connection.disconnect()
        choice?.connection.disconnect()
        g_object_unref(UnsafeMutableRawPointer(discoverer))
        return answerIfAny ?? .failure(.cancelled)
    }

    private var answerIfAny: Result<MediaInfo, DiscoveryFailure>? { lock.lock(); defer { lock.unlock() }; return answer }

    private func finish(_ result: Result<MediaInfo, DiscoveryFailure>) {
        lock.lock()
        if answer == nil { answer = result }
        let loop = self.loop
        lock.unlock()
        if let loop { g_main_loop_quit(loop) }
    }
}

/// The borrowed `GstDiscovererInfo` and `GError` of one "discovered" emission, read at once.
struct DiscoveryAnswer {
    let uri: String
    private let info: OpaquePointer
    private let error: UnsafeMutablePointer<GError>?

    init(info: OpaquePointer, error: UnsafeMutablePointer<GError>?) {
        self.info = info
        self.error = error
        uri = gst_discoverer_info_get_uri(info).map { String(cString: $0) } ?? ""
    }

    func result(timeout: Double) -> Result<MediaInfo, DiscoveryFailure> {
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK: return .success(mediaInfo())
        case GST_DISCOVERER_URI_INVALID: return .failure(.invalidURI(uri))
        case GST_DISCOVERER_TIMEOUT: return .failure(.timedOut(seconds: timeout))
        case GST_DISCOVERER_MISSING_PLUGINS:
            // A file whose picture decodes but whose sound does not (a QuickTime `ms\0P`
            // track) plays as bare playbin plays it: without sound. Only a picture that cannot
            // be decoded is a failure.
            let missing = missingPluginDetails()
            // (The player says which decoder is missing when playbin posts it.)
            let media = mediaInfo()
            if !media.videoStreams.isEmpty, !missing.contains(where: { $0.installer.contains("decoder-video/") || $0.installer.contains("decoder-image/") }) {
                return .success(media)
            }
            return .failure(.missingPlugins(missing.isEmpty ? ["unknown"] : missing.map(\.description)))
        default:
            let message = error.flatMap { $0.pointee.message }.map { String(cString: $0) } ?? "could not read the media"
            let domain = error.flatMap { g_quark_to_string($0.pointee.domain) }.map { String(cString: $0) } ?? "GstDiscoverer"
            return .failure(.failed(GStreamerError(domain: domain, code: Int(error?.pointee.code ?? 0), message: message)))
        }
    }

    /// `gst_discoverer_info_get_missing_elements_installer_details`: strings like
    /// "gstreamer|1.0|app|VP8 decoder|decoder-video/x-vp8"; the fourth field is the description,
    /// the fifth says what kind of element is missing for which caps.
    private func missingPluginDetails() -> [(description: String, installer: String)] {
        guard let details = gst_discoverer_info_get_missing_elements_installer_details(info) else { return [] }
        var found: [(String, String)] = []
        var i = 0
        while let entry = details[i] {
            let text = String(cString: entry)
            let fields = text.split(separator: "|", omittingEmptySubsequences: false)
            found.append((fields.count > 3 ? String(fields[3]) : text, fields.count > 4 ? String(fields[4]) : text))
            i += 1
        }
        return found
    }

    private func mediaInfo() -> MediaInfo {
        let duration = ClockTime(raw: gst_discoverer_info_get_duration(info)).flatMap { $0.nanoseconds == 0 ? nil : $0 }
        var tags: [String: String] = [:]
        if let list = gst_discoverer_info_get_tags(info) { tags = TagReader.dictionary(list) }

        var container: String?, containerMediaType: String?
        if let top = gst_discoverer_info_get_stream_info(info) {
            defer { g_object_unref(UnsafeMutableRawPointer(top)) }  // gst_discoverer_stream_info_unref is a macro
            if gst_discoverer_stream_info_get_stream_type_nick(top).map({ String(cString: $0) }) == "container",
               let caps = gst_discoverer_stream_info_get_caps(top) {
                let described = Caps(raw: caps, transfer: .full)
                container = described.codecDescription
                containerMediaType = described.mediaType
            }
        }

        var video: [MediaInfo.VideoStream] = []
        let videoList = gst_discoverer_info_get_video_streams(info)
        var node = videoList
        while let item = node {
            let s = OpaquePointer(item.pointee.data)
            let caps = gst_discoverer_stream_info_get_caps(s).map { Caps(raw: $0, transfer: .full) }
            let codec = caps?.codecDescription ?? "unknown"
            let bitrate = Int(gst_discoverer_video_info_get_bitrate(s))
            let fpsN = Int(gst_discoverer_video_info_get_framerate_num(s)), fpsD = Int(gst_discoverer_video_info_get_framerate_denom(s))
            video.append(.init(width: Int(gst_discoverer_video_info_get_width(s)),
                               height: Int(gst_discoverer_video_info_get_height(s)),
                               pixelAspect: (Int(gst_discoverer_video_info_get_par_num(s)), max(1, Int(gst_discoverer_video_info_get_par_denom(s)))),
                               frameRate: fpsN > 0 && fpsD > 0 ? (fpsN, fpsD) : nil,
                               codec: codec, bitrate: bitrate > 0 ? bitrate : nil,
                               isImage: gst_discoverer_video_info_is_image(s) != 0, decoder: caps.flatMap(DecoderFactories.best)))
            node = item.pointee.next
        }
        gst_discoverer_stream_info_list_free(videoList)

        var audio: [MediaInfo.AudioStream] = []
        let audioList = gst_discoverer_info_get_audio_streams(info)
        node = audioList
        while let item = node {
            let s = OpaquePointer(item.pointee.data)
            let codec = gst_discoverer_stream_info_get_caps(s).map { Caps(raw: $0, transfer: .full).codecDescription ?? "unknown" } ?? "unknown"
            audio.append(.init(channels: Int(gst_discoverer_audio_info_get_channels(s)),
                               sampleRate: Int(gst_discoverer_audio_info_get_sample_rate(s)),
                               codec: codec,
                               language: gst_discoverer_audio_info_get_language(s).map { String(cString: $0) }))
            node = item.pointee.next
        }
        gst_discoverer_stream_info_list_free(audioList)

        return MediaInfo(uri: uri, duration: duration, isSeekable: gst_discoverer_info_get_seekable(info) != 0,
                         isLive: gst_discoverer_info_get_live(info) != 0, tags: tags, container: container,
                         containerMediaType: containerMediaType,
                         videoStreams: video, audioStreams: audio)
    }
}
