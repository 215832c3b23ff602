internal import CGStreamer

/// One owned `GstDiscoverer` in async mode: answers arrive on the GLib main context that was
/// the thread-default when it started (the main loop). One discoverer works through its URIs
/// one at a time, so concurrent loads use one discoverer each.
public final class Discoverer: ObjectReference, @unchecked Sendable {
    private var pending: [String: [(Result<MediaInfo, DiscoveryFailure>) -> Void]] = [:]
    private var discovered: SignalConnection?
    private let timeoutSeconds: Double

    /// `gst_discoverer_new` + `gst_discoverer_start`. Main thread only.
    public init(timeout: Double) throws(GStreamerError) {
        try GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        let raw = gst_discoverer_new(GstClockTime(timeout * 1e9), &error)
        if let message = GStreamer.takeMessage(error) { throw GStreamerError(domain: "GstDiscoverer", message: message) }
        guard let raw else { throw GStreamerError(domain: "GstDiscoverer", message: "gst_discoverer_new failed") }
        timeoutSeconds = timeout
        super.init(pointer: UnsafeMutableRawPointer(raw), transfer: .full)
        connectDiscovered()
        gst_discoverer_start(discoverer)
    }

    deinit {
        discovered?.disconnect()
        gst_discoverer_stop(discoverer)
    }

    private var discoverer: UnsafeMutablePointer<GstDiscoverer> { pointer.assumingMemoryBound(to: GstDiscoverer.self) }

    /// `gst_discoverer_discover_uri_async`; `completion` runs on the main-loop thread.
    public func discover(uri: String, completion: @escaping (Result<MediaInfo, DiscoveryFailure>) -> Void) {
        pending[uri, default: []].append(completion)
        if gst_discoverer_discover_uri_async(discoverer, uri) == 0 {
            finish(uri: uri, .failure(.invalidURI(uri)))
        }
    }

    private func finish(uri: String, _ result: Result<MediaInfo, DiscoveryFailure>) {
        guard var waiting = pending[uri], !waiting.isEmpty else { return }
        let completion = waiting.removeFirst()
        pending[uri] = waiting.isEmpty ? nil : waiting
        completion(result)
    }

    /// "discovered": `void (*)(GstDiscoverer *, GstDiscovererInfo *, GError *, gpointer)`.
    private func connectDiscovered() {
        typealias CFunction = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?) -> Void
        let trampoline: CFunction = { _, info, error, data in
            guard let data, let info else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<DiscoveryAnswer>
            box.body(DiscoveryAnswer(info: info, error: error))
        }
        let box = ClosureBox<DiscoveryAnswer> { [unowned self] answer in
            self.finish(uri: answer.uri, answer.result(timeout: self.timeoutSeconds))
        }
        discovered = connect("discovered", box: box, callback: unsafeBitCast(trampoline, to: GCallback.self))
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
        case GST_DISCOVERER_MISSING_PLUGINS: return .failure(.missingPlugins(missingPlugins()))
        default:
            let message = error.flatMap { $0.pointee.message }.map { String(cString: $0) } ?? "could not read the media"
            let domain = error.flatMap { g_quark_to_string($0.pointee.domain) }.map { String(cString: $0) } ?? "GstDiscoverer"
            return .failure(.failed(GStreamerError(domain: domain, code: Int(error?.pointee.code ?? 0), message: message)))
        }
    }

    /// `gst_discoverer_info_get_missing_elements_installer_details`: strings like
    /// "gstreamer|1.0|app|VP8 decoder|decoder-video/x-vp8"; the fourth field is the description.
    private func missingPlugins() -> [String] {
        guard let details = gst_discoverer_info_get_missing_elements_installer_details(info) else { return ["unknown"] }
        var names: [String] = []
        var i = 0
        while let entry = details[i] {
            let fields = String(cString: entry).split(separator: "|", omittingEmptySubsequences: false)
            names.append(fields.count > 3 ? String(fields[3]) : String(cString: entry))
            i += 1
        }
        return names.isEmpty ? ["unknown"] : names
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
            let codec = gst_discoverer_stream_info_get_caps(s).map { Caps(raw: $0, transfer: .full).codecDescription ?? "unknown" } ?? "unknown"
            let bitrate = Int(gst_discoverer_video_info_get_bitrate(s))
            let fpsN = Int(gst_discoverer_video_info_get_framerate_num(s)), fpsD = Int(gst_discoverer_video_info_get_framerate_denom(s))
            video.append(.init(width: Int(gst_discoverer_video_info_get_width(s)),
                               height: Int(gst_discoverer_video_info_get_height(s)),
                               pixelAspect: (Int(gst_discoverer_video_info_get_par_num(s)), max(1, Int(gst_discoverer_video_info_get_par_denom(s)))),
                               frameRate: fpsN > 0 && fpsD > 0 ? (fpsN, fpsD) : nil,
                               codec: codec, bitrate: bitrate > 0 ? bitrate : nil,
                               isImage: gst_discoverer_video_info_is_image(s) != 0))
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
