import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a network source cannot be reached, found by trying what its demuxer tried: a stream
/// that broke off mostly reaches the bus as GStreamer's generic "Internal data stream error",
/// the cause (a server gone, a name that no longer resolves) lost on the way. Blocking (name
/// lookup, connect): run it off the main thread.
enum ConnectionCheck {
    /// The cause in words ("connection refused by 127.0.0.1:8080"), or nil when the server
    /// answers (the cause is elsewhere) or the URI names no host.
    static func cause(reaching uri: String, timeout: Double) -> String? {
        guard let url = URLComponents(string: uri), let host = url.host, !host.isEmpty, host.utf8.count <= 253 else { return nil }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { return nil }
        let shown = "\(host):\(port)"

        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &found)
        guard lookup == 0, let first = found else {
            return lookup == EAI_NONAME ? "host not found: \(host)" : "cannot look up \(host): \(String(cString: gai_strerror(lookup)))"
        }
        defer { freeaddrinfo(found) }
        var refused = false
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let entry = address {
            switch connectWithin(entry.pointee, timeout: timeout) {
            case 0: return nil  // it answers: not a connection problem
            case ECONNREFUSED: refused = true
            default: break
            }
            address = entry.pointee.ai_next
        }
        return refused ? "connection refused by \(shown)" : "no answer from \(shown) within \(Int(timeout)) s"
    }

    /// `connect(2)` without blocking past `timeout`: 0, or the errno it failed with.
    private static func connectWithin(_ entry: addrinfo, timeout: Double) -> Int32 {
        let fd = socket(entry.ai_family, entry.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), entry.ai_protocol)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        guard connect(fd, entry.ai_addr, entry.ai_addrlen) != 0 else { return 0 }
        guard errno == EINPROGRESS else { return errno }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return ETIMEDOUT }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
        return failure
    }
}
