import FlyingSocks
import Foundation
import Synchronization
import VideoWallProtocol

/// The listening end of `--http`: it takes the connections on the user's address and hands
/// each to FlyingFox, which listens only on a Unix socket in a folder of its own (mode 0700).
/// It bounds what FlyingFox does not: connections at once (`HTTPConnectionLimits`: 503 past
/// them), the size of a request's head (`HTTPRequestHead`: 431 past it) and the time it may
/// take to arrive (408 after `headTimeout`, so a client that trickles bytes holds nothing
/// long). It tells FlyingFox the peer's address in a header of its own and asks it to close
/// after one request, so every request passes this door. Bodies and answers are relayed as
/// they come, on tasks of their own, never on the main thread.
final class HTTPFrontDoor: Sendable {
    static let headTimeout: Duration = .seconds(10)

    private let door: Door
    private let task: Task<Void, Never>
    private let stopped = Mutex(false)
    /// The port it listens on.
    let port: Int

    /// Listens on `address`; connections go to FlyingFox on `inner`.
    init(address: some SocketAddress, inner: sockaddr_un) async throws {
        let pool: any AsyncSocketPool = .ePoll(maxEvents: 64)
        try await pool.prepare()
        let socket = try Socket(domain: Int32(type(of: address).family), type: .stream)
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: address)
        try socket.listen()
        switch try socket.sockname() {
        case .ip4(_, let port), .ip6(_, let port): self.port = Int(port)
        case .unix: self.port = 0
        }
        let door = try Door(listener: AsyncSocket(socket: socket, pool: pool), pool: pool, inner: inner)
        self.door = door
        // The task holds the door, not this object: dropping this stops it.
        task = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { try? await pool.run() }
                group.addTask { await door.acceptLoop() }
            }
        }
    }

    /// Stops listening and drops every connection it relays.
    func stop() {
        // Once: a second close could close a descriptor number reused since.
        guard stopped.withLock({ was in defer { was = true }; return !was }) else { return }
        task.cancel()
        try? door.listener.close()
    }

    deinit { stop() }
}

/// The front door's listening socket and its connections, owned by the door's task.
private final class Door: Sendable {
    let listener: AsyncSocket
    private let pool: any AsyncSocketPool
    private let inner: sockaddr_un
    private let limits = Mutex(HTTPConnectionLimits())

    init(listener: AsyncSocket, pool: any AsyncSocketPool, inner: sockaddr_un) {
        self.listener = listener
        self.pool = pool
        self.inner = inner
    }

    func acceptLoop() async {
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                guard let client = try? await listener.accept() else {
                    if Task.isCancelled { return }
                    // A failed accept (out of descriptors) must not spin.
                    try? await Task.sleep(for: .milliseconds(50))
                    continue
                }
                // Counted here, in the order the connections came (the tasks may start in any).
                let peer: String
                switch try? client.socket.remotePeer() {
                case .ip4(let address, _)?, .ip6(let address, _)?: peer = address
                default:
                    try? client.close()
                    continue
                }
                let admitted = limits.withLock { $0.admit(peer) }
                group.addTask { [self] in
                    if admitted {
                        await serve(client, from: peer)
                        limits.withLock { $0.release(peer) }
                    } else {
                        await refuse(client, .serviceUnavailable,
                                     "too many connections at once (at most \(HTTPConnectionLimits.most), \(HTTPConnectionLimits.mostPerPeer) from one address)")
                    }
                    try? client.close()
                }
            }
            group.cancelAll()
        }
    }

    /// One admitted connection: its head read and bounded, then relayed. The caller closes it.
    private func serve(_ client: AsyncSocket, from peer: String) async {
        let head: (bytes: [UInt8], length: Int)
        switch await readHead(client) {
        case .arrived(let bytes, let length): head = (bytes, length)
        case .tooLarge:
            await refuse(client, .headerFieldsTooLarge, "a request's head is at most \(HTTPRequestHead.largest) bytes and \(HTTPRequestHead.mostLines) lines")
            return
        case .tooSlow:
            await refuse(client, .requestTimeout, "the request's head did not arrive within \(HTTPFrontDoor.headTimeout)")
            return
        case .gone: return
        }
        guard let upstream = try? await AsyncSocket.connected(to: inner, pool: pool) else {
            await refuse(client, .serviceUnavailable, "the server is stopping")
            return
        }
        defer { try? upstream.close() }
        var first = HTTPRequestHead.rewritten(head.bytes[..<head.length], peer: peer)
        first += head.bytes[head.length...]
        guard (try? await upstream.write(Data(first))) != nil else { return }
        // The body goes up while the answer comes down; the answer's end ends the connection
        // (one request each), and so does a client that goes away (an event stream it no
        // longer reads holds no place until the next event; browsers never half-close).
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await Self.copy(from: client, to: upstream) }
            group.addTask { await Self.copy(from: upstream, to: client); return true }
            // The client's side ended first only if it went away (`copy` drains a body
            // FlyingFox stopped taking, as when it answered 413 early, until the client is done).
            _ = await group.next()
            // The answer is whole: say so (FIN), and give the client two seconds to finish
            // sending and close, so its unread body does not turn the close into a reset that
            // would lose the answer.
            shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
            group.addTask { try? await Task.sleep(for: .seconds(2)); return true }
            _ = await group.next()
            group.cancelAll()
        }
    }

    private enum Head {
        case arrived([UInt8], length: Int)
        case tooLarge, tooSlow, gone
    }

    private func readHead(_ client: AsyncSocket) async -> Head {
        await withTaskGroup(of: Head.self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                while true {
                    guard let more = try? await client.read(atMost: 4096), !more.isEmpty else { return .gone }
                    bytes += more
                    switch HTTPRequestHead.scan(bytes) {
                    case .incomplete: continue
                    case .complete(let length): return .arrived(bytes, length: length)
                    case .tooLarge: return .tooLarge
                    }
                }
            }
            group.addTask {
                try? await Task.sleep(for: HTTPFrontDoor.headTimeout)
                return .tooSlow
            }
            let first = await group.next() ?? .gone
            group.cancelAll()
            return first
        }
    }

    /// Relays until `source` ends; once `destination` takes no more, what `source` still
    /// sends is read and dropped (a lingering close), so the peer is never reset mid-answer.
    /// Returns true, for the task group.
    @discardableResult
    private static func copy(from source: AsyncSocket, to destination: AsyncSocket) async -> Bool {
        var delivering = true
        while !Task.isCancelled {
            guard let bytes = try? await source.read(atMost: 64 * 1024), !bytes.isEmpty else { break }
            if delivering, (try? await destination.write(Data(bytes))) == nil { delivering = false }
        }
        return true
    }

    private enum Refusal: String {
        case serviceUnavailable = "503 Service Unavailable"
        case headerFieldsTooLarge = "431 Request Header Fields Too Large"
        case requestTimeout = "408 Request Timeout"
    }

    private func refuse(_ client: AsyncSocket, _ status: Refusal, _ reason: String) async {
        let body = JSONValue.object(["error": .string(reason)]).jsonText + "\n"
        let answer = "HTTP/1.1 \(status.rawValue)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        _ = try? await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await client.write(Data(answer.utf8)) }
            group.addTask { try await Task.sleep(for: .seconds(2)); throw CancellationError() }
            try await group.next()
            group.cancelAll()
        }
        // The answer, then a FIN, and what the client still sends read for a second: closed
        // with its request unread, the connection would be reset and the answer lost.
        shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { while !Task.isCancelled, let bytes = try? await client.read(atMost: 16 * 1024), !bytes.isEmpty {} }
            group.addTask { try? await Task.sleep(for: .seconds(1)) }
            await group.next()
            group.cancelAll()
        }
    }
}
