import Foundation
internal import GStreamerKit
import VideoWallCore

/// Lets an HLS or DASH tile play past a segment its server no longer has. GStreamer 1.22's
/// adaptive demuxers fetch a segment that answers 404 again and then fail the whole stream,
/// before its first frame if the segment is among the first ones fetched. The skipper stands
/// between each fetcher and the demuxer (`Element.filterMessages`): a 404 or 410, and the
/// "Internal data stream error" the fetcher posts after it, never reach the demuxer, which
/// sees a fetch that ended with no data and goes on to the next segment. The tile holds its
/// last frame for that segment's length on the wall's clock and plays on in sync; `onSkip`
/// is told, in one line, what was skipped.
///
/// More than `consecutiveLimit` segments missing with no data between them is not a gap but
/// a stream that is gone: that error goes through, and the tile fails as it would have.
final class MissingSegmentSkipper: @unchecked Sendable {
    static let consecutiveLimit = 3
    private static let skippedStatuses: Set<Int> = [404, 410]

    private let onSkip: @Sendable (String) -> Void

    init(onSkip: @escaping @Sendable (String) -> Void) {
        self.onSkip = onSkip
    }

    /// Whether `element`, just made inside the tile's pipeline, fetches an adaptive
    /// demuxer's segments (a source URI handler inside a "Demuxer/Adaptive" element).
    static func isSegmentFetcher(_ element: Element) -> Bool {
        element.sourceURI != nil && element.isInside { $0.classification.contains("Adaptive") }
    }

    /// Stands between one segment fetcher and its demuxer, for as long as the fetcher lives.
    func watch(fetcher: Element) {
        let gate = FetchGate(limit: Self.consecutiveLimit)
        // Data fetched ends a run of missing segments. Weak: the pad owns this closure, and
        // the gate holds the probe.
        gate.dataProbe = fetcher.staticPad("src")?.onBuffer { [weak gate] _ in gate?.dataArrived() }
        let onSkip = self.onSkip
        fetcher.filterMessages { message in
            guard case .error(let error) = message.kind else { return .forward }
            switch gate.verdict(httpStatus: error.httpStatus.flatMap { Self.skippedStatuses.contains($0) ? $0 : nil }) {
            case .skip:
                onSkip(GStreamerText.readable(error.message + "\n" + (error.debug ?? "")))
                return .drop
            case .dropFollowingError:
                return .drop
            case .forward:
                return .forward
            }
        }
    }
}

/// One fetcher's run of missing segments. Any thread (the fetcher's streaming thread posts).
final class FetchGate: @unchecked Sendable {
    enum Verdict: Equatable { case skip, dropFollowingError, forward }

    private let lock = NSLock()
    private let limit: Int
    private var missingInARow = 0
    private var skipPending = false
    var dataProbe: PadProbe?

    init(limit: Int) { self.limit = limit }

    /// An error from the fetcher; `httpStatus` is set when it is a status that may be skipped.
    func verdict(httpStatus: Int?) -> Verdict {
        lock.lock(); defer { lock.unlock() }
        if httpStatus != nil {
            guard missingInARow < limit else { return .forward }
            missingInARow += 1
            skipPending = true
            return .skip
        }
        // The source's own "Internal data stream error" after the status it reported.
        if skipPending {
            skipPending = false
            return .dropFollowingError
        }
        return .forward
    }

    func dataArrived() {
        lock.lock(); defer { lock.unlock() }
        missingInARow = 0
        skipPending = false
    }
}
