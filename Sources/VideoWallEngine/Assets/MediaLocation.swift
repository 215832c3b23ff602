import Foundation

/// Turns what the user typed into a URI GStreamer can play.
package enum MediaLocation {
    /// A string with a scheme ("file://", "https://") is kept; anything else is a path,
    /// made absolute against the current directory.
    package static func uri(for source: String) -> String {
        if hasScheme(source) { return source }
        let url = URL(fileURLWithPath: source).standardizedFileURL
        return url.absoluteString
    }

    /// The local path behind a `file://` URI or a plain path, nil for network URIs.
    package static func localPath(for source: String) -> String? {
        if !hasScheme(source) { return URL(fileURLWithPath: source).standardizedFileURL.path }
        guard let url = URL(string: source), url.isFileURL else { return nil }
        return url.path
    }

    package static func isNetwork(_ uri: String) -> Bool {
        guard let scheme = uri.split(separator: ":", maxSplits: 1).first?.lowercased() else { return false }
        return ["http", "https", "rtsp", "rtmp", "udp", "srt", "hls"].contains(scheme)
    }

    /// Whether the URI is fetched over HTTP(S): what a playlist from the network may point at.
    package static func isWeb(_ uri: String) -> Bool {
        guard let scheme = uri.split(separator: ":", maxSplits: 1).first?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    private static func hasScheme(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":"), s[colon...].hasPrefix("://") else { return false }
        return s[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }
}
