import Foundation
import Synchronization
import VideoWallCore
import VideoWallProtocol
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a wall's control port kept open for many requests: a follower asks its
/// leader ten times a second, and a new connection each time would cost a round trip more per
/// answer (two on a link of 50 ms instead of one) and leave a socket in TIME_WAIT per request.
///
/// Connects at the first request; a request that fails (the wall went away, no reply in time,
/// a reset) closes the connection, and the next request connects again. Requests are numbered
/// (`request_id`), so a late reply to an earlier one is never taken for the current one.
/// Blocking: use it off the main thread. One request at a time (the lock makes others wait).
public final class ControlPortConnection: Sendable {
    private struct State {
        var fd: Int32 = -1
        var framer = IPCClient.replyFramer()
        var nextRequest = 1
    }

    private let host: String
    private let port: Int
    private let timeout: Duration
    private let key: WallKey?
    private let state = Mutex(State())

    /// `timeout` bounds the connection, each write and the wait for each reply; `key` is
    /// proved (as a follower) when the port asks for one.
    public init(host: String, port: Int, key: WallKey? = nil, timeout: Duration) {
        self.host = host
        self.port = port
        self.key = key
        self.timeout = timeout
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// Sends `command` and waits for its reply, connecting first when not connected.
    public func request(_ command: [JSONValue]) throws(IPCSocketError) -> IPCClient.Reply {
        let (host, port, key, timeout) = (host, port, key, timeout)
        let shown = "\(TerminalText.shortened(host, limit: TerminalText.nameLimit)):\(port)"
        let outcome: Result<IPCClient.Reply, IPCSocketError> = state.withLock { state in
            do throws(IPCSocketError) {
                if state.fd < 0 {
                    (state.fd, state.framer) = try ControlHandshake.connect(host: host, port: port, key: key, role: .follower, timeout: timeout)
                }
                let id = state.nextRequest
                // Wraps long before a JSON number stops being exact; the wall echoes it as given.
                state.nextRequest = id == Int(Int32.max) ? 1 : id + 1
                return .success(try IPCClient.exchange(command, id: id, on: state.fd, framer: &state.framer, shown: shown, timeout: timeout))
            } catch {
                if state.fd >= 0 { close(state.fd); state.fd = -1 }
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Whether a connection is open now (it is opened by the first request and after a failure).
    public var isConnected: Bool { state.withLock { $0.fd >= 0 } }
}
