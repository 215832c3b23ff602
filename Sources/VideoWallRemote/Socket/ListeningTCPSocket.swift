import Foundation
import VideoWallCore
#if canImport(Glibc)
import Glibc
#endif

/// The control port of a wall that leads others (`videowall lead --control-port`): the same
/// remote-control protocol as the Unix socket, over TCP on one address (loopback unless a key
/// is given; `ControlPortAccess` says who gets in).
enum ListeningTCPSocket {
    /// Listens on `port` of `address`, a numeric IPv4 or IPv6 address (blocking calls: run it
    /// off the main thread).
    static func open(address: String, port: Int) throws(IPCSocketError) -> Int32 {
        let name = "--control-address \(TerminalText.quoted(address)) --control-port \(port)"
        guard (1...65535).contains(port) else { throw IPCSocketError(description: "\(name): the port must be from 1 to 65535") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard address.utf8.count <= 64, getaddrinfo(address, String(port), &hints, &found) == 0, let first = found else {
            throw IPCSocketError(description: "\(name): not a numeric IPv4 or IPv6 address")
        }
        defer { freeaddrinfo(found) }
        let fd = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw IPCSocketError(description: "\(name): \(String(cString: strerror(errno)))") }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw IPCSocketError(description: "\(name): cannot listen: \(reason)")
        }
        return fd
    }

    /// Connects to `host:port` (a name or an address), with `timeout` on every later read and
    /// write. Blocking: off the main thread.
    static func connect(host: String, port: Int, timeout: Duration) throws(IPCSocketError) -> Int32 {
        let name = TerminalText.shortened(host, limit: TerminalText.nameLimit)
        let shown = host.contains(":") ? "[\(name)]:\(port)" : "\(name):\(port)"
        var hints = addrinfo()
        // IPv4 or IPv6, each address the name has in turn (a name may have both, and the
        // leader listen on one).
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, found != nil else {
            throw IPCSocketError(description: "\(shown): no such host")
        }
        defer { freeaddrinfo(found) }
        var reason = "no address"
        var next = found
        while let candidate = next {
            next = candidate.pointee.ai_next
            let fd = socket(candidate.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { reason = String(cString: strerror(errno)); continue }
            var bound = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
            if Glibc.connect(fd, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) == 0 { return fd }
            reason = String(cString: strerror(errno))
            Glibc.close(fd)
        }
        throw IPCSocketError(description: "\(shown): cannot connect: \(reason)")
    }
}
