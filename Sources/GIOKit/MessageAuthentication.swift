internal import CGio

/// HMAC-SHA-256 (`g_hmac_new` with `G_CHECKSUM_SHA256`): what proves that both ends of a
/// control connection hold the same wall key, without the key crossing the network.
public enum MessageAuthentication {
    /// The 32-byte HMAC-SHA-256 of `message` under `key`.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let hmac = key.withUnsafeBufferPointer { g_hmac_new(G_CHECKSUM_SHA256, $0.baseAddress, gsize($0.count)) }!
        defer { g_hmac_unref(hmac) }
        message.withUnsafeBufferPointer { g_hmac_update(hmac, $0.baseAddress, gssize($0.count)) }
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        digest.withUnsafeMutableBufferPointer { g_hmac_get_digest(hmac, $0.baseAddress, &length) }
        return Array(digest.prefix(Int(length)))
    }

    /// Whether `a` and `b` are the same bytes, in a time that does not depend on where they
    /// differ (a proof compared byte by byte with an early exit leaks how much of it was right).
    public static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
