import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A network link's delay, jitter and loss, for the wall bench's relays (this machine's kernel
/// has no netem).
struct LinkProfile: Sendable {
    var name: String
    var delay: Double
    var jitter: Double
    var loss: Double

    /// The first word of its name, for a folder of its run (`lan`, `wi-fi-like`, `poor`).
    var folderName: String { String(name.prefix { $0 != " " }).lowercased() }

    static let lan = LinkProfile(name: "LAN (0.2 ms)", delay: 0.0002, jitter: 0, loss: 0)
    static let wifi = LinkProfile(name: "Wi-Fi-like (5 ms +- 3 ms, 1 % loss)", delay: 0.005, jitter: 0.003, loss: 0.01)
    static let poor = LinkProfile(name: "poor (50 ms +- 20 ms, 5 % loss)", delay: 0.05, jitter: 0.02, loss: 0.05)

    /// One packet's delay in seconds.
    func sample() -> Double { max(0, delay + Double.random(in: -jitter...max(jitter, 0))) }
}

/// Relays UDP datagrams between clients on a loopback port and a target port, each one
/// delayed (and some lost) as a `LinkProfile` says, both ways. One upstream socket per client,
/// so the target's answers find their way back. Runs on a thread of its own until stopped.
final class UDPRelay: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let target: sockaddr_in
    private let profile: LinkProfile
    private let lock = NSLock()
    private var upstream: [UInt64: (fd: Int32, client: sockaddr_in)] = [:]
    private var stopped = false

    init(port: Int, targetPort: Int, profile: LinkProfile) throws {
        self.port = port
        self.profile = profile
        listener = try Self.bound(port: port)
        target = Self.loopback(port: targetPort)
        Thread.detachNewThread { [self] in run() }
    }

    func stop() { lock.lock(); stopped = true; lock.unlock() }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            lock.lock()
            if stopped { lock.unlock(); break }
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)] + upstream.values.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let routes = upstream
            lock.unlock()
            guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
            if fds[0].revents & Int16(POLLIN) != 0 {
                var client = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let count = withUnsafeMutablePointer(to: &client) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(listener, &buffer, buffer.count, 0, $0, &length) }
                }
                if count > 0 { forwardUp(Array(buffer[0..<count]), from: client) }
            }
            for pollfd in fds.dropFirst() where pollfd.revents & Int16(POLLIN) != 0 {
                let count = recv(pollfd.fd, &buffer, buffer.count, 0)
                guard count > 0, let route = routes.values.first(where: { $0.fd == pollfd.fd }) else { continue }
                send(Array(buffer[0..<count]), on: listener, to: route.client)
            }
        }
        Glibc.close(listener)
        lock.lock()
        for route in upstream.values { Glibc.close(route.fd) }
        lock.unlock()
    }

    private func forwardUp(_ packet: [UInt8], from client: sockaddr_in) {
        let key = UInt64(client.sin_addr.s_addr) << 16 | UInt64(client.sin_port)
        lock.lock()
        var route = upstream[key]
        if route == nil, let fd = try? Self.bound(port: 0) {
            route = (fd, client)
            upstream[key] = route
        }
        lock.unlock()
        guard let route else { return }
        send(packet, on: route.fd, to: target)
    }

    /// Sends after the link's delay, unless the link loses it.
    private func send(_ packet: [UInt8], on fd: Int32, to address: sockaddr_in) {
        guard Double.random(in: 0..<1) >= profile.loss else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + profile.sample()) {
            var address = address
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, packet, packet.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    private static func bound(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        var address = loopback(port: port)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0 else { Glibc.close(fd); throw BenchError("the UDP relay cannot bind port \(port)") }
        return fd
    }
}

/// Relays TCP connections from a loopback port to a target port, every chunk in both
/// directions delayed as a `LinkProfile` says, in order (TCP's own retransmission stands for
/// loss: not modelled). A thread per direction of each connection.
final class TCPRelay: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let targetPort: Int
    private let profile: LinkProfile
    private let lock = NSLock()
    private var stopped = false

    init(port: Int, targetPort: Int, profile: LinkProfile) throws {
        self.port = port
        self.targetPort = targetPort
        self.profile = profile
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = UDPRelay.loopback(port: port)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard listener >= 0, bound == 0, listen(listener, 16) == 0 else { throw BenchError("the TCP relay cannot listen on port \(port)") }
        Thread.detachNewThread { [self] in run() }
    }

    func stop() {
        lock.lock(); stopped = true; lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func run() {
        while true {
            let client = accept(listener, nil, nil)
            lock.lock(); let done = stopped; lock.unlock()
            guard client >= 0, !done else { break }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = UDPRelay.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { Glibc.close(client); Glibc.close(server); continue }
            // Both sockets are closed once both directions are done: a follower opens a
            // connection for each request, ten a second, and a relay that kept them would run
            // out of descriptors within the hour.
            let pumps = DispatchGroup()
            pump(from: client, to: server, group: pumps)
            pump(from: server, to: client, group: pumps)
            pumps.notify(queue: .global()) { Glibc.close(client); Glibc.close(server) }
        }
        Glibc.close(listener)
    }

    /// Copies `source` to `destination`, each chunk after the link's delay, never out of order.
    private func pump(from source: Int32, to destination: Int32, group: DispatchGroup) {
        let queue = DispatchQueue(label: "videowall.tcp-relay")
        let profile = self.profile
        group.enter()
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var last = DispatchTime.now()
            while true {
                let count = recv(source, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                let chunk = Array(buffer[0..<count])
                last = max(last, .now() + profile.sample())
                queue.asyncAfter(deadline: last) { _ = Glibc.send(destination, chunk, chunk.count, Int32(MSG_NOSIGNAL)) }
            }
            queue.asyncAfter(deadline: last) {
                shutdown(destination, Int32(SHUT_WR))
                group.leave()
            }
        }
    }
}
