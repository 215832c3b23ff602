import Foundation
import VideoWallCore
#if canImport(Glibc)
import Glibc
#endif

/// The control port of a wall that leads others (`videowall lead --control-port`): the same
/// remote-control protocol as the Unix socket, over TCP on every address of the machine. It
/// has no access control of its own: it is for trusted networks.
enum ListeningTCPSocket {
    /// Listens on `port` (blocking calls: run it off the main thread).
    static func open(port: Int) throws(IPCSocketError) -> Int32 {
        let name = "--control-port \(port)"
        guard (1...65535).contains(port) else { throw IPCSocketError(description: "\(name): must be from 1 to 65535") }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw IPCSocketError(description: "\(name): \(String(cString: strerror(errno)))") }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = INADDR_ANY
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw IPCSocketError(description: "\(name): cannot listen: \(reason)")
        }
        return fd
    }

    /// Connects to `host:port` (a name or an address), with `timeout` on every later read and
    /// write. Blocking: off the main thread.
    static func connect(host: String, port: Int, timeout: Duration) throws(IPCSocketError) -> Int32 {
        let shown = "\(TerminalText.shortened(host, limit: TerminalText.nameLimit)):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw IPCSocketError(description: "\(shown): no such host")
        }
        defer { freeaddrinfo(found) }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw IPCSocketError(description: "\(shown): \(String(cString: strerror(errno)))") }
        var bound = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        guard Glibc.connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw IPCSocketError(description: "\(shown): cannot connect: \(reason)")
        }
        return fd
    }
}
