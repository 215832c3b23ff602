import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client over a socket on 127.0.0.1, for tests of the web control page's
/// API: one request per connection (`Connection: close`), read until the server closes it or
/// `timeout` passes. What a test needs to see (status, headers, raw body), nothing more.
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    }

    let port: Int
    /// Any loopback address, to and from which it connects: the server counts connections per
    /// address.
    var host = "127.0.0.1"

    func get(_ path: String, headers: [String: String] = [:], timeout: Double = 10) throws -> Response {
        try request("GET", path, headers: headers, timeout: timeout)
    }

    func post(_ path: String, json: String, headers: [String: String] = [:]) throws -> Response {
        try request("POST", path, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: Data(json.utf8))
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: Data = Data(), timeout: Double = 20) throws -> Response {
        let fd = try connect()
        defer { close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        // A server may answer and close before taking the whole body (an upload over the
        // limit): its answer is still read.
        let sent = (try? send(Data((head + "\r\n").utf8) + body, on: fd)) != nil
        let raw = read(fd, timeout: timeout, until: { _ in false })
        if !sent, raw.isEmpty { throw POSIXError(.EPIPE) }
        return try Self.parse(raw)
    }

    /// Opens `path` as an event stream and hands back the socket: read it with `read(_:until:)`.
    func openStream(_ path: String) throws -> Int32 {
        let fd = try connect()
        try send(Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8), on: fd)
        return fd
    }

    /// What arrives on `fd` until `done` says so of all of it, the connection closes, or `timeout`.
    func read(_ fd: Int32, timeout: Double, until done: (Data) -> Bool) -> Data {
        var bound = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let start = Date()
        while Date().timeIntervalSince(start) < timeout, !done(data) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count > 0 { data.append(contentsOf: buffer[0..<count]) }
        }
        return data
    }

    /// A connection that has sent nothing yet.
    func connect() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = UInt16(port).bigEndian
        // From that address too: the kernel would send from 127.0.0.1 whatever the destination.
        var source = sockaddr_in()
        source.sin_family = sa_family_t(AF_INET)
        source.sin_addr.s_addr = inet_addr(host)
        _ = withUnsafePointer(to: &source) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
        return fd
    }

    private func send(_ data: Data, on fd: Int32) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw POSIXError(.EPIPE) }
                offset += sent
            }
        }
    }

    static func parse(_ raw: Data) throws -> Response {
        guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let head = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw POSIXError(.EBADMSG) }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(raw[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunked(_ data: Data) -> Data {
        var out = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { out.append(rest[start...]); break }
            let end = rest.index(start, offsetBy: size)
            out.append(rest[start..<end])
            rest = rest[min(rest.endIndex, rest.index(end, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex)...]
        }
        return out
    }
}
