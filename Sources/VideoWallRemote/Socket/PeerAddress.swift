#if canImport(Glibc)
import Glibc
#endif

/// The numeric address of a connected TCP client (`getpeername`, `inet_ntop`), by which a
/// control port counts one host's connections; "" for anything else (a Unix socket).
func peerAddress(of fd: Int32) -> String {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
    }
    guard named == 0 else { return "" }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    let family = Int32(storage.ss_family)
    let written: UnsafePointer<CChar>? = withUnsafePointer(to: storage) { pointer in
        switch family {
        case AF_INET:
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                withUnsafePointer(to: address.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
            }
        case AF_INET6:
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                withUnsafePointer(to: address.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, &text, socklen_t(text.count)) }
            }
        default:
            return nil
        }
    }
    guard written != nil else { return "" }
    return String(cString: text)
}
