import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A remote-control client that sends and never reads: the bench's hostile client.
enum IPCFlooder {
    /// Connects to `path` and sends `lines` requests as fast as the socket takes them, reading
    /// none of the replies; returns how many it got out before the wall closed the connection.
    static func flood(_ path: String, lines: Int) -> Int {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return 0 }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let line = Array(#"{"command": ["get_property", "tiles"]}"#.utf8) + [UInt8(ascii: "\n")]
        for sent in 0..<lines {
            let written = line.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written == line.count else { return sent }
        }
        return lines
    }
}
