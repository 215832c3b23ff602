import Foundation
import GStreamerKit

/// Writes synthetic clips with a real GStreamer encoding pipeline (`gst_parse_launch`).
package enum ClipGenerator {
    /// Encodes `spec` to `path`. Runs the pipeline on a worker thread (it blocks on the bus)
    /// so the main loop stays free.
    package static func generate(_ spec: ClipSpec, to path: String) async throws {
        try await run(spec.pipelineDescription(path: path), timeout: max(60, spec.seconds * 20))
    }

    /// Returns the clip from `directory`, generating it first if it is not there yet.
    package static func cached(_ spec: ClipSpec, in directory: String) async throws -> String {
        try await ClipCache.path(key: spec.cacheKey, extension: spec.container.rawValue, in: directory) { try await generate(spec, to: $0) }
    }

    /// Runs a gst-launch description to end of stream, throwing its first error.
    package static func run(_ description: String, timeout: Double) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            Thread.detachNewThread {
                do {
                    try Pipeline.parse(description).runToEnd(timeout: timeout, what: "encoding")
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
