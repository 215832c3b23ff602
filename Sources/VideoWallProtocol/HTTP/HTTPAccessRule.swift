import Foundation
import VideoWallCore

/// Who the web control page's API answers (`--http`), decided per request from what the
/// request says of itself: a request from loopback may read (the state, events, thumbnails,
/// the page) without the token; anything else, and every request that changes the wall or the
/// media folder wherever it comes from, must carry `Authorization: Bearer TOKEN`. A request
/// that changes something and names an `Origin` other than this server's own is refused too:
/// a page of another site cannot act through a browser that holds the token. No cookies are
/// involved, so no cross-site request carries the token by itself.
public struct HTTPAccessRule: Sendable {
    /// The token the API asks for; nil: none was given, and only loopback reads are answered.
    public var token: String?

    public init(token: String?) {
        self.token = token
    }

    public enum Verdict: Equatable, Sendable {
        case allowed
        /// 401: no token, or not this one.
        case unauthorized(String)
        /// 403: a foreign origin, or no token configured for what needs one.
        case forbidden(String)
    }

    /// `method` as sent; `fromLoopback`: the peer's address is 127.0.0.0/8 or ::1;
    /// `authorization`, `origin` and `host`: those headers, if sent.
    public func verdict(method: String, fromLoopback: Bool, authorization: String?, origin: String?, host: String?) -> Verdict {
        let changes = !["GET", "HEAD"].contains(method.uppercased())
        if changes, let origin {
            guard let host, origin == "http://" + host else {
                return .forbidden("a request that changes the wall must come from this server's own page, not \(TerminalText.quoted(origin))")
            }
        }
        guard changes || !fromLoopback else { return .allowed }
        guard let token else {
            return .forbidden(changes ? "this wall takes no changes over HTTP: start it with --http-token-file" : "only loopback may read without a token")
        }
        guard let presented = Self.bearer(in: authorization) else {
            return .unauthorized("this request needs the token (Authorization: Bearer TOKEN)")
        }
        guard Self.same(presented, token) else { return .unauthorized("wrong token") }
        return .allowed
    }

    /// The token in `Bearer TOKEN`; nil for any other scheme or none.
    static func bearer(in authorization: String?) -> String? {
        guard let authorization, authorization.utf8.count <= 1024 else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// Compares in time that depends on the lengths only, not on where the first difference is.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
