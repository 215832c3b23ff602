import Foundation
import VideoWallCore
import VideoWallProtocol
#if canImport(Glibc)
import Glibc
#endif

/// One request to a wall's remote-control socket and its reply, for scripts (`videowall ipc`)
/// and tests: connects, sends `{"command": [...], "request_id": 1}`, reads lines (skipping
/// events) until the reply comes. Blocking, with a bound on every wait.
public enum IPCClient {
    /// The reply as the wall sent it: `error` ("success" or mpv's error) and `data` if any.
    public struct Reply: Sendable {
        public var error: String
        public var data: JSONValue?
        public var succeeded: Bool { error == "success" }
    }

    public static func request(_ command: [JSONValue], at path: String, timeout: Duration = .seconds(10)) throws(IPCSocketError) -> Reply {
        let shown = TerminalText.shortened(path, limit: TerminalText.nameLimit)
        guard let address = UnixSocketPath.address(path) else {
            throw IPCSocketError(description: "\(shown): not a usable socket path (1 to \(UnixSocketPath.capacity) bytes)")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw IPCSocketError(description: "\(shown): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bound = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &bound, socklen_t(MemoryLayout<timeval>.size))
        guard UnixSocketPath.connect(fd, to: address) == 0 else {
            throw IPCSocketError(description: "\(shown): cannot connect: \(String(cString: strerror(errno)))")
        }
        return try exchange(command, on: fd, shown: shown, timeout: timeout)
    }

    /// The same over TCP, to a wall's control port (`videowall lead --control-port`), proving
    /// `key` in `role` first when the port asks for one (`ControlHandshake`).
    public static func request(_ command: [JSONValue], host: String, port: Int, key: WallKey? = nil, role: ControlRole = .follower,
                               timeout: Duration = .seconds(10)) throws(IPCSocketError) -> Reply {
        var (fd, framer) = try ControlHandshake.connect(host: host, port: port, key: key, role: role, timeout: timeout)
        defer { close(fd) }
        return try exchange(command, id: 1, on: fd, framer: &framer, shown: "\(TerminalText.shortened(host, limit: TerminalText.nameLimit)):\(port)",
                            timeout: timeout)
    }

    /// Sends one request on a connected socket and reads lines until its reply.
    private static func exchange(_ command: [JSONValue], on fd: Int32, shown: String, timeout: Duration) throws(IPCSocketError) -> Reply {
        var framer = replyFramer()
        return try exchange(command, id: 1, on: fd, framer: &framer, shown: shown, timeout: timeout)
    }

    /// What reads a wall's replies: a line may be as long as a reply can be.
    static func replyFramer() -> LineFramer { LineFramer(maximumLength: 16 * 1024 * 1024) }

    /// Sends `command` as request `id` and reads lines (skipping events and other requests'
    /// replies) until its reply; `framer` keeps what came after it for the next exchange on
    /// the same connection.
    static func exchange(_ command: [JSONValue], id: Int, on fd: Int32, framer: inout LineFramer, shown: String,
                         timeout: Duration) throws(IPCSocketError) -> Reply {
        let line = JSONValue.object(["command": .array(command), "request_id": .number(Double(id))]).jsonText + "\n"
        let sent = line.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) }
        guard sent == line.utf8.count else { throw IPCSocketError(description: "\(shown): the wall did not take the request") }

        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                throw IPCSocketError(description: count == 0 ? "\(shown): the wall closed the connection without a reply"
                                                            : "\(shown): no reply within \(timeout.components.seconds) s")
            }
            for output in framer.append(buffer[0..<count]) {
                guard case .line(let text) = output, let value = JSONValue(parsing: Substring(text)),
                      case .object(let reply) = value, reply["event"] == nil, reply["request_id"] == .number(Double(id)),
                      let error = reply["error"]?.stringValue else { continue }
                return Reply(error: error, data: reply["data"])
            }
        }
        throw IPCSocketError(description: "\(shown): no reply within \(timeout.components.seconds) s")
    }

    /// A word from a command line as mpv's argument: `true`/`false` as flags, numbers as
    /// numbers, anything else as text.
    public static func argument(_ word: String) -> JSONValue {
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
            if word.utf8.count <= 64, let number = Double(word), number.isFinite { return .number(number) }
            return .string(word)
        }
    }
}
