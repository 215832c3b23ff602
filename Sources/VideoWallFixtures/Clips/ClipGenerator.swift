import Foundation
import GStreamerKit

/// Writes synthetic clips with a real GStreamer encoding pipeline (`gst_parse_launch`).
public enum ClipGenerator {
    /// Encodes `spec` to `path`. Runs the pipeline on a worker thread (it blocks on the bus)
    /// so the main loop stays free.
    public static func generate(_ spec: ClipSpec, to path: String) async throws {
        try await run(spec.pipelineDescription(path: path), timeout: max(60, spec.seconds * 20))
    }

    /// Returns the clip from `directory`, generating it first if it is not there yet.
    public static func cached(_ spec: ClipSpec, in directory: String) async throws -> String {
        try await ClipCache.path(key: spec.cacheKey, extension: spec.container.rawValue, in: directory) { try await generate(spec, to: $0) }
    }

    /// Runs a gst-launch description to end of stream, throwing its first error.
    public static func run(_ description: String, timeout: Double) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            Thread.detachNewThread {
                do {
                    let pipeline = try Pipeline.parse(description)
                    defer { pipeline.setState(.null) }
                    let bus = pipeline.bus
                    guard pipeline.setState(.playing) != .failure else {
                        if let message = bus.pop(timeout: .zero), case .error(let e) = message.kind { throw e }
                        throw GStreamerError(domain: "ClipGenerator", message: "the encoding pipeline refused to start")
                    }
                    guard let message = bus.pop(timeout: .seconds(timeout)) else {
                        throw GStreamerError(domain: "ClipGenerator", message: "encoding did not finish within \(Int(timeout)) s")
                    }
                    if case .error(let error) = message.kind { throw error }
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
