import Foundation

/// A loopback port nobody uses now, for tests and the bench to serve on: the kernel picks one
/// for a socket bound to port 0, which is closed again before the port is handed out. (Another
/// process could take it meanwhile; on a test machine that does not happen in practice.)
package enum FreePort {
    package static func udp() throws -> Int { try pick(SOCK_DGRAM) }
    package static func tcp() throws -> Int { try pick(SOCK_STREAM) }

    private static func pick(_ kind: __socket_type) throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(kind.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> Int32 in
                guard bind(socket, generic, length) == 0 else { return -1 }
                return getsockname(socket, generic, &length)
            }
        }
        guard bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
