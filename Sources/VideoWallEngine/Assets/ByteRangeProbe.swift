internal import GStreamerKit

/// Whether an HTTP server really serves byte ranges, which every seek in a single file over
/// HTTP needs. GstDiscoverer's seekable flag cannot tell: `souphttpsrc` calls a source seekable
/// when the server sends a Content-Length and does not say "Accept-Ranges: none", and a server
/// that ignores Range (`python3 -m http.server`) does exactly that. So the probe asks the server
/// the way playback would: a `souphttpsrc` reads the first bytes, then is sent a byte seek. A
/// server that answers the Range request with the whole file makes it post an error; one that
/// honours it sends the bytes and the pipeline prerolls again. The reading runs on GStreamer's
/// threads; the main thread only handles the bus messages.
@MainActor
enum ByteRangeProbe {
    /// Manifests whose players fetch whole segments to seek: their servers need no byte ranges.
    private static let segmentedMediaTypes: Set<String> = ["application/x-hls", "application/dash+xml", "application/vnd.ms-sstr+xml"]

    /// Whether seeking `info`'s source depends on the server's byte ranges.
    static func applies(to info: MediaInfo) -> Bool {
        let scheme = info.uri.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        return !segmentedMediaTypes.contains(info.containerMediaType ?? "")
    }

    /// Whether the server at `uri` answers a request for a byte range with that range. No
    /// answer within `timeout` counts as no: a seek would wait as long and then fail the tile.
    static func servesRanges(uri: String, timeout: Double) async -> Bool {
        let pipeline: Pipeline
        do {
            pipeline = try Pipeline(name: "byte-range-probe")
            let source = try Element(factory: "souphttpsrc")
            let sink = try Element(factory: "fakesink")
            try source.set("location", uri)
            try pipeline.add(source)
            try pipeline.add(sink)
            try source.link(to: sink)
        } catch {
            return false
        }
        let (messages, feed) = AsyncStream.makeStream(of: BusMessage.self)
        guard let watch = try? pipeline.bus.addWatch({ feed.yield($0) }) else { return false }
        let timer = MainLoop.after(seconds: timeout) { feed.finish() }
        defer {
            timer.cancel()
            watch.cancel()
            feed.finish()
            pipeline.setState(.null)
        }
        var answers = messages.makeAsyncIterator()
        // The first preroll reads from byte 0, which any server serves; byte 1 on needs a range.
        guard pipeline.setState(.paused) != .failure, await prerolls(&answers),
              pipeline.seek(toByte: 1, flags: [.flush]) else { return false }
        return await prerolls(&answers)
    }

    /// Waits for the pipeline to preroll (true) or fail (false); false too when the stream ends.
    private static func prerolls(_ answers: inout AsyncStream<BusMessage>.Iterator) async -> Bool {
        while let message = await answers.next(isolation: MainActor.shared) {
            switch message.kind {
            case .asyncDone: return true
            case .error, .endOfStream: return false
            default: continue
            }
        }
        return false
    }
}
