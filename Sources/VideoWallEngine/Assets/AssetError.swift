import VideoWallCore

/// Why a source cannot be played, as one line that names the source and the reason.
public struct AssetError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Reason: Sendable, Equatable {
        case notFound
        case emptyFile
        case notMediaFile(String)
        case noVideo
        case missingPlugin(String)
        case network(String)
        case timedOut(seconds: Int)
        case invalidLocation(String)
        case tooManyTiles(limit: Int)
        case playbackFailed(String)
        /// A playlist from the network pointed a fetch (a segment) at a non-HTTP(S) URI.
        case refusedFetch(String)
        /// The picture is larger than `SourceLimits` allows one tile (the text says so).
        case tooLarge(String)
        /// The tile stopped showing frames while the wall played, without an error (the
        /// watchdog's verdict, in words).
        case stalled(String)
        /// A playlist (file, folder or a layout's list) with nothing to play, in words.
        case playlist(String)
    }

    public var source: String
    public var reason: Reason

    public init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
    }

    public var reasonText: String {
        switch reason {
        case .notFound: return "file not found"
        case .emptyFile: return "empty file"
        case .notMediaFile(let detail): return "not a playable media file (\(detail.trimmingCharacters(in: .punctuationCharacters)))"
        case .noVideo: return "no video stream"
        case .missingPlugin(let what): return "missing GStreamer plugin: \(what)"
        case .network(let detail): return "network error: \(detail.trimmingCharacters(in: .punctuationCharacters))"
        case .timedOut(let seconds): return "no answer within \(seconds) s"
        case .invalidLocation(let detail): return "invalid location: \(detail)"
        case .tooManyTiles(let limit): return "the wall holds at most \(limit) tiles"
        case .playbackFailed(let detail): return detail.trimmingCharacters(in: .whitespacesAndNewlines)
        case .tooLarge(let why): return why
        case .stalled(let what): return what
        case .playlist(let why): return why
        case .refusedFetch(let uri):
            return "refused to fetch \(TerminalText.shortened(uri, limit: TerminalText.nameLimit)): a playlist from the network may point only at http(s) addresses"
        }
    }

    /// One line for a terminal: the source escaped and, if very long, shortened in the middle
    /// (it is the user's text, and may hold anything); the reason escaped (GStreamer's text);
    /// URLs in either without their credentials and queries.
    public var description: String {
        "\(TerminalText.shortened(SourceSchemes.redacted(source), limit: TerminalText.nameLimit)): \(TerminalText.escaped(SourceSchemes.redactedWithin(reasonText)))"
    }
}

import Foundation
