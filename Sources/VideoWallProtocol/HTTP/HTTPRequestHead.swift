import Foundation

/// A request's head (its request line and header lines, up to the empty line) as the web
/// server's front door reads it before the HTTP library sees anything: bounded in bytes and in
/// lines, and rewritten so the library serves exactly one request on the connection and knows
/// the peer's address. The library reads headers without a bound; the front door never hands
/// it more than `largest` bytes of head.
public enum HTTPRequestHead {
    /// Apache's and nginx's default for one header line is 8 KiB; a whole head here is at most
    /// twice that, and 100 lines (Apache's `LimitRequestFields`).
    public static let largest = 16 * 1024
    public static let mostLines = 100
    /// The header the front door sets to the peer's numeric address (any the client sent is
    /// removed first).
    public static let peerHeader = "X-VideoWall-Peer"

    public enum Reading: Equatable, Sendable {
        /// No empty line yet, and within the bounds: read on.
        case incomplete
        /// The head is the first `length` bytes (its empty line included).
        case complete(length: Int)
        /// Over `largest` bytes or `mostLines` lines: 431.
        case tooLarge
    }

    /// Where the head in `bytes` (what arrived so far) ends, if it does.
    public static func scan(_ bytes: [UInt8]) -> Reading {
        var lines = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                // An empty line ends the head: "\r\n\r\n", or a bare "\n\n".
                let previous = index > 0 ? bytes[index - 1] : 0
                if previous == UInt8(ascii: "\n") || (previous == UInt8(ascii: "\r") && index > 1 && bytes[index - 2] == UInt8(ascii: "\n")) {
                    return index + 1 <= largest ? .complete(length: index + 1) : .tooLarge
                }
                lines += 1
                if lines > mostLines { return .tooLarge }
            }
            index += 1
            if index > largest { return .tooLarge }
        }
        return .incomplete
    }

    /// `head` (a complete one, as `scan` found it) with the client's own `Connection` and peer
    /// headers left out and `Connection: close` and the peer's address put in: one request per
    /// connection, whose sender the library is told.
    public static func rewritten(_ head: ArraySlice<UInt8>, peer: String) -> [UInt8] {
        // Split as bytes: "\r\n" is one Character to String, and a line may end in "\n" alone.
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let dropped = ["connection", peerHeader.lowercased()]
        let kept = lines.enumerated().filter { index, line in
            guard index > 0, let colon = line.firstIndex(of: ":") else { return true }
            return !dropped.contains(line[..<colon].trimmingCharacters(in: .whitespaces).lowercased())
        }.map(\.element)
        let all = kept + ["Connection: close", "\(peerHeader): \(peer)"]
        return Array((all.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}
