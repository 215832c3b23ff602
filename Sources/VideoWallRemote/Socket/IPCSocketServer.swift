import Foundation
import VideoWallCore
import VideoWallProtocol
#if canImport(Glibc)
import Glibc
#endif

/// The remote-control socket: accepts clients on a Unix socket and exchanges lines with them,
/// all on a thread of its own (`poll(2)`), so that a slow, silent or hostile client never
/// holds the main thread. What clients send reaches `handler` on the main actor, in order per
/// client; replies are queued with `send` from any thread. A line counts as waiting until
/// `lineHandled(by:)` says it was dealt with (its command run, not just received).
///
/// Bounds (`IPCSocketLoop`'s): a line of more than `maximumLineLength` bytes closes its
/// connection; a client whose unread replies pass `maximumBacklog` bytes (it does not read) is
/// dropped; at most `maximumClients` at once (`maximumControlPortClients` on a leader's control
/// port); a client with `maximumInFlight` lines not yet handled is not read until the main
/// thread catches up, so a flood cannot queue unbounded work.
public final class IPCSocketServer: Sendable {
    public typealias Incoming = IPCSocketLoop.Incoming
    private let loop: IPCSocketLoop

    public var path: String { loop.path }

    /// Opens the socket at `path` off the main thread (the filesystem may be slow) and starts
    /// serving. Gives up after `timeout` seconds.
    public static func open(at path: String, timeout: Duration = .seconds(5),
                            handler: @escaping @MainActor (Incoming) -> Void) async throws(IPCSocketError) -> IPCSocketServer {
        IPCSocketServer(loop: try await IPCSocketLoop.open(at: path, timeout: timeout, handler: handler))
    }

    /// Serves on TCP `port` of `address` (`ListeningTCPSocket`: a leader's control port), letting
    /// in whom `access` says.
    public static func open(tcpPort port: Int, address: String, access: ControlPortAccess,
                            handler: @escaping @MainActor (Incoming) -> Void) async throws(IPCSocketError) -> IPCSocketServer {
        let opened: Result<Int32, IPCSocketError> = await Task.detached {
            Result { () throws(IPCSocketError) in try ListeningTCPSocket.open(address: address, port: port) }
        }.value
        return IPCSocketServer(loop: IPCSocketLoop(path: "TCP port \(port)", fd: try opened.get(), inode: 0,
                                                   clientLimit: IPCSocketLoop.maximumControlPortClients, access: access, handler: handler))
    }

    private init(loop: IPCSocketLoop) { self.loop = loop }

    /// Queues `line` for `client` (from any thread).
    public func send(_ line: String, to client: Int) { loop.send(line, to: client) }

    /// One of `client`'s lines has been dealt with: the server reads on once fewer than
    /// `maximumInFlight` are waiting. Every `.line` delivered must be answered so.
    public func lineHandled(by client: Int) { loop.handled(client: client) }

    /// Stops serving now; the socket file goes. Dropping the server does the same.
    public func stop() { loop.stop() }

    deinit { loop.stop() }
}

/// The serving side of `IPCSocketServer`: the state its thread works on. The thread keeps it
/// alive until `stop()`, which the server's deinit calls.
public final class IPCSocketLoop: @unchecked Sendable {
    public enum Incoming: Sendable {
        /// A client is in, with what it may ask (on a control port with keys: once it proved one).
        case connected(client: Int, role: ControlRole)
        case line(client: Int, String)
        case disconnected(client: Int)
    }

    public static let maximumLineLength = 64 * 1024
    public static let maximumBacklog = 4 * 1024 * 1024
    public static let maximumClients = 16
    /// A leader's control port keeps a connection open per follower (`ControlPortConnection`): room
    /// for the largest wall layout's screens (64) and 16 more clients.
    public static let maximumControlPortClients = 80
    static let maximumInFlight = 64

    private struct Client {
        let fd: Int32
        /// What it may ask; nil while it has not proved a key (a control port with keys).
        var role: ControlRole?
        /// The challenge it was sent, while it has not answered it.
        var challenge: [UInt8] = []
        /// On a control port: by when a waiting client must prove a key, or an admitted one
        /// must say something (`ControlPortAccess`).
        var deadline: ContinuousClock.Instant?
        let accepted = ContinuousClock.now
        /// Its numeric address on a control port (per-address limits); "" on the Unix socket.
        var peer = ""
        var framer = LineFramer(maximumLength: IPCSocketLoop.maximumLineLength)
        var outbox: [UInt8] = []
        var closeWhenFlushed = false
        var inFlight = 0
        /// Closing: the last reply is sent and the write side shut (`shutdown(SHUT_WR)`); what
        /// the client still sends is read and dropped until it closes too. Closing at once with
        /// unread input would make the kernel reset the connection and lose that last reply.
        var writeShut = false
        var discarded = 0
    }

    /// How much a closing client may still send before it is cut off.
    static let maximumDiscarded = 16 * 1024 * 1024

    let path: String
    private let listenFD: Int32
    private let inode: UInt64
    private let handler: @MainActor (Incoming) -> Void
    private let clientLimit: Int
    /// A control port's rules; nil for the Unix socket, whose clients are the wall's own user.
    private let access: ControlPortAccess?
    private let lock = NSLock()
    private var clients: [Int: Client] = [:]
    private var nextClient = 1
    private var stopping = false
    /// Written to wake the poll loop (new replies, stop).
    private let wakeRead: Int32, wakeWrite: Int32

    static func open(at path: String, timeout: Duration,
                     handler: @escaping @MainActor (Incoming) -> Void) async throws(IPCSocketError) -> IPCSocketLoop {
        typealias Opened = Result<(fd: Int32, inode: UInt64), IPCSocketError>
        let result: Opened = await withCheckedContinuation { continuation in
            let answer = FirstOf<Opened>(continuation) { late in
                // Too late: the socket made after the deadline is nobody's.
                if case .success(let opened) = late { Glibc.close(opened.fd); ListeningSocket.remove(at: path, inode: opened.inode) }
            }
            Thread.detachNewThread {
                answer.give(Result { () throws(IPCSocketError) in try ListeningSocket.open(at: path) })
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + (timeout / .seconds(1))) {
                answer.give(.failure(IPCSocketError(description: "--input-ipc-server \(TerminalText.shortened(path, limit: TerminalText.nameLimit)): no answer within \(Int((timeout / .seconds(1)))) s")))
            }
        }
        let opened = try result.get()
        return IPCSocketLoop(path: path, fd: opened.fd, inode: opened.inode, handler: handler)
    }

    /// `inode` 0: no socket file (a TCP port), nothing to remove at the end.
    init(path: String, fd: Int32, inode: UInt64, clientLimit: Int = IPCSocketLoop.maximumClients,
         access: ControlPortAccess? = nil, handler: @escaping @MainActor (Incoming) -> Void) {
        self.path = path
        self.clientLimit = clientLimit
        self.access = access
        listenFD = fd
        self.inode = inode
        self.handler = handler
        var pipeFDs: [Int32] = [0, 0]
        // pipe2 and accept4 are not in Swift's Glibc module: the flags are set with fcntl.
        pipe(&pipeFDs)
        for fd in pipeFDs { Self.makeNonBlockingAndPrivate(fd) }
        wakeRead = pipeFDs[0]
        wakeWrite = pipeFDs[1]
        let thread = Thread { [self] in serve() }
        thread.name = "videowall-ipc"
        thread.start()
    }

    /// Stops at once: no client is read or written any more, the socket file goes. Replies
    /// still queued are given a last chance to leave (`shutdown` events).
    func stop() {
        lock.lock()
        let first = !stopping
        stopping = true
        lock.unlock()
        guard first else { return }
        if inode != 0 { ListeningSocket.remove(at: path, inode: inode) }
        wake()
    }

    deinit {
        // The serving thread holds `self` until it ends, so this runs after it closed
        // everything; only the wake pipe is left.
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// Queues `line` (a newline is added) for `client`; a client that lets its replies pile up
    /// past `maximumBacklog` is dropped.
    func send(_ line: String, to client: Int) {
        lock.lock()
        if var entry = clients[client], !entry.closeWhenFlushed {
            entry.outbox.append(contentsOf: line.utf8)
            entry.outbox.append(UInt8(ascii: "\n"))
            if entry.outbox.count > Self.maximumBacklog {
                entry.outbox.removeAll()
                entry.closeWhenFlushed = true
            }
            clients[client] = entry
        }
        lock.unlock()
        wake()
    }

    /// One of `client`'s lines was dealt with.
    func handled(client: Int) {
        lock.lock()
        clients[client]?.inFlight -= 1
        lock.unlock()
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    private func deliver(_ incoming: Incoming) {
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated { handler(incoming) }
        }
    }

    // MARK: The serving thread

    private func serve() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            lock.lock()
            if stopping { lock.unlock(); break }
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)]
            var ids: [Int] = []
            for (id, client) in clients {
                var events: Int16 = 0
                if client.inFlight < Self.maximumInFlight || client.closeWhenFlushed { events |= Int16(POLLIN) }
                if !client.outbox.isEmpty { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: client.fd, events: events, revents: 0))
                ids.append(id)
            }
            let wait = nextDeadline().map { deadline -> Int32 in
                let left = deadline - ContinuousClock.now
                return left <= .zero ? 0 : Int32(min(60_000, (left / .milliseconds(1)).rounded(.up)))
            } ?? -1
            lock.unlock()
            guard poll(&fds, nfds_t(fds.count), wait) >= 0 || errno == EINTR else { break }
            expireDeadlines()
            if fds[0].revents != 0 { drainWake() }
            if fds[1].revents & Int16(POLLIN) != 0 { accept() }
            for (index, id) in ids.enumerated() {
                let revents = fds[index + 2].revents
                if revents & Int16(POLLOUT) != 0 { flush(id) }
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(id, into: &buffer) }
                closeIfDone(id)
            }
        }
        lock.lock()
        let remaining = clients
        clients.removeAll()
        lock.unlock()
        for (_, client) in remaining {
            // Best effort: the last lines (the `shutdown` event) if the socket takes them now.
            if !client.outbox.isEmpty { _ = client.outbox.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } }
            Glibc.close(client.fd)
        }
        Glibc.close(listenFD)
    }

    /// `O_NONBLOCK` and `FD_CLOEXEC` (no child process inherits a client's connection).
    private static func makeNonBlockingAndPrivate(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    private func drainWake() {
        var sink = [UInt8](repeating: 0, count: 256)
        while Glibc.read(wakeRead, &sink, sink.count) > 0 {}
    }

    private func accept() {
        while true {
            let fd = Glibc.accept(listenFD, nil, nil)
            guard fd >= 0 else { return }
            Self.makeNonBlockingAndPrivate(fd)
            lock.lock()
            if let access, access.asksForKey {
                // The waiting room: a new client always gets in, closing one that waited
                // longest (its own address's, when that has its share), so connections left
                // idle cannot keep a follower out.
                let peer = peerAddress(of: fd)
                let waiting = clients.filter { $0.value.role == nil }.map { ControlPortAccess.Waiting(id: $0.key, peer: $0.value.peer, accepted: $0.value.accepted) }
                if let displaced = ControlPortAccess.displaced(byNewClientFrom: peer, waiting: waiting), let old = clients.removeValue(forKey: displaced) {
                    Glibc.close(old.fd)
                }
                let id = nextClient
                nextClient += 1
                var client = Client(fd: fd, role: nil, challenge: WallKey.randomBytes(),
                                    deadline: .now + ControlPortAccess.authenticationTime)
                client.peer = peer
                client.outbox = Array((ControlGreeting.line(challenge: client.challenge) + "\n").utf8)
                clients[id] = client
                lock.unlock()
                continue
            }
            guard clients.count < clientLimit else {
                lock.unlock()
                Glibc.close(fd)  // full: the client sees the connection closed at once
                continue
            }
            let id = nextClient
            nextClient += 1
            // A keyless control port (loopback only) makes every client a follower.
            let role: ControlRole = access == nil ? .owner : .follower
            var client = Client(fd: fd, role: role)
            if access != nil {
                client.outbox = Array((ControlGreeting.line(challenge: nil) + "\n").utf8)
                client.deadline = .now + ControlPortAccess.idleLimit
            }
            clients[id] = client
            lock.unlock()
            deliver(.connected(client: id, role: role))
        }
    }

    /// The nearest deadline of a control port's clients (under the lock).
    private func nextDeadline() -> ContinuousClock.Instant? {
        clients.values.compactMap(\.deadline).min()
    }

    /// Closes the clients past their deadline: one that did not prove a key in time gets one
    /// error line first; one admitted that said nothing for too long just goes.
    private func expireDeadlines() {
        let now = ContinuousClock.now
        lock.lock()
        let expired = clients.filter { $0.value.deadline.map { $0 <= now } ?? false }.map(\.key)
        lock.unlock()
        for id in expired {
            drop(id, lastWords: IPCMessage.failure(.authenticationRequired, requestID: .number(0)))
        }
    }

    /// Closes `id` now, after a last line sent only if the socket takes it at once (what a
    /// client that is refused gets: nothing it can hold open). Only an admitted client was
    /// ever announced, so only its going is.
    private func drop(_ id: Int, lastWords: String?) {
        lock.lock()
        let client = clients.removeValue(forKey: id)
        lock.unlock()
        guard let client else { return }
        if client.role == nil, let lastWords {
            let line = Array((lastWords + "\n").utf8)
            _ = line.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        }
        Glibc.close(client.fd)
        if client.role != nil { deliver(.disconnected(client: id)) }
    }

    private func read(_ id: Int, into buffer: inout [UInt8]) {
        lock.lock()
        guard let fd = clients[id]?.fd else { lock.unlock(); return }
        lock.unlock()
        let count = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        guard count > 0 else { return disconnect(id) }
        lock.lock()
        guard var client = clients[id] else { lock.unlock(); return }
        if client.closeWhenFlushed {
            client.discarded += count
            clients[id] = client
            lock.unlock()
            if client.discarded > Self.maximumDiscarded { disconnect(id) }
            return
        }
        let outputs = client.framer.append(buffer[0..<count])
        var delivered: [Incoming] = []
        if access != nil, client.role != nil { client.deadline = .now + ControlPortAccess.idleLimit }
        for output in outputs {
            switch output {
            case .line(let line) where client.role == nil:
                // A waiting client's first line must prove a key; anything else closes it.
                let verdict = access?.verify(line, challenge: client.challenge)
                    ?? .refused(reply: IPCMessage.failure(.authenticationRequired, requestID: .number(0)))
                let admitted = clients.values.filter { $0.role != nil }
                let full = admitted.count >= clientLimit || admitted.filter { $0.peer == client.peer }.count >= ControlPortAccess.maximumAdmittedPerPeer
                guard case .admitted(let role, let reply) = verdict, !full else {
                    clients[id] = client
                    lock.unlock()
                    // Refused, or every slot of the admitted (or of its address) is taken.
                    var refusal = IPCMessage.failure(.commandFailed, requestID: .number(0))
                    if case .refused(let reply) = verdict { refusal = reply }
                    drop(id, lastWords: refusal)
                    return
                }
                client.role = role
                client.challenge = []
                client.deadline = .now + ControlPortAccess.idleLimit
                client.outbox.append(contentsOf: (reply + "\n").utf8)
                delivered.append(.connected(client: id, role: role))
            case .line(let line):
                client.inFlight += 1
                delivered.append(.line(client: id, line))
            case .tooLong where client.role == nil:
                clients[id] = client
                lock.unlock()
                drop(id, lastWords: IPCMessage.failure(.authenticationRequired, requestID: .number(0)))
                return
            case .tooLong:
                // Answered here, as mpv answers a line it cannot read, and the connection closes.
                client.outbox.append(contentsOf: (IPCMessage.failure(.invalidParameter, requestID: .number(0)) + "\n").utf8)
                client.closeWhenFlushed = true
            }
        }
        clients[id] = client
        lock.unlock()
        for incoming in delivered { deliver(incoming) }
    }

    private func flush(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        guard var client = clients[id], !client.outbox.isEmpty else { return }
        let sent = client.outbox.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if sent > 0 {
            client.outbox.removeFirst(sent)
        } else if sent < 0, errno != EAGAIN, errno != EINTR {
            client.outbox.removeAll()
            client.closeWhenFlushed = true
        }
        clients[id] = client
    }

    /// A closing client whose last reply left gets its write side shut; it is closed when it
    /// closes its side (`read` sees the end) or sends too much more.
    private func closeIfDone(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        guard var client = clients[id], client.closeWhenFlushed, client.outbox.isEmpty, !client.writeShut else { return }
        client.writeShut = true
        clients[id] = client
        shutdown(client.fd, Int32(SHUT_WR))
    }

    private func disconnect(_ id: Int) { drop(id, lastWords: nil) }
}

/// The first of several answers resumes the waiter; a later one goes to `discard`.
private final class FirstOf<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?
    private let discard: @Sendable (T) -> Void

    init(_ continuation: CheckedContinuation<T, Never>, discard: @escaping @Sendable (T) -> Void) {
        self.continuation = continuation
        self.discard = discard
    }

    func give(_ value: T) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        if let waiting { waiting.resume(returning: value) } else { discard(value) }
    }
}
