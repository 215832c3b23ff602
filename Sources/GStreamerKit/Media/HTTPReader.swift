import Foundation

/// The first bytes an HTTP or HTTPS server serves (a ticker's words), read by GStreamer's
/// `souphttpsrc`, so proxies, TLS and timeouts are what they are for media, into an `appsink`.
/// Blocks the calling thread: call it on a thread of its own, never the main one.
public enum HTTPReader {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// At most `maximumBytes` of what `uri` serves, within `timeout` seconds (what arrived by
    /// then, if anything did; else why not).
    public static func read(_ uri: String, maximumBytes: Int, timeout: Double) -> Result<[UInt8], Failure> {
        let pipeline: Pipeline, sink: AppSink
        do {
            pipeline = try Pipeline(name: "http-reader")
            let source = try Element(factory: "souphttpsrc")
            try source.set("location", uri)
            // Seconds, whole: a server that sends nothing for that long is given up on.
            try source.set("timeout", Int(max(1, min(3600, timeout.rounded(.up)))))
            sink = try AppSink()
            try sink.set("sync", false)
            try pipeline.add(source)
            try pipeline.add(sink)
            try source.link(to: sink)
        } catch {
            return .failure(Failure(description: "cannot make a reader: \(error)"))
        }
        defer { _ = pipeline.setState(.null) }
        guard pipeline.setState(.playing) != .failure else { return .failure(Failure(description: "cannot start reading")) }
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while bytes.count < maximumBytes, Date() < deadline {
            if case .error(let error)? = pipeline.bus.pop(timeout: .seconds(0), endOfStream: false, errors: true)?.kind {
                return .failure(Failure(description: error.message))
            }
            if let sample = sink.pullSample(timeout: .seconds(0.1)) {
                bytes += sample.bytes().prefix(maximumBytes - bytes.count)
            } else if sink.isEndOfStream {
                break
            }
        }
        // An error answer (a 404) can reach the bus after the sink has seen the end.
        if bytes.isEmpty, case .error(let error)? = pipeline.bus.pop(timeout: .seconds(0.5), endOfStream: false, errors: true)?.kind {
            return .failure(Failure(description: error.message))
        }
        if bytes.isEmpty { return .failure(Failure(description: Date() >= deadline ? "no answer within \(Int(timeout)) s" : "nothing was served")) }
        return .success(bytes)
    }
}
