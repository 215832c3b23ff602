import Foundation
import Glibc

/// What systemd listens on for a Type=notify service: a SOCK_DGRAM Unix socket in a folder of
/// its own. A thread of its own reads it for the whole run and records each datagram with the
/// moment it arrived (`systemUptime`, a monotonic clock), so the test can say what came when.
final class NotifySocketListener: @unchecked Sendable {
    struct Datagram {
        var text: String
        var time: TimeInterval
    }

    let path: String
    private let folder: String
    private let descriptor: Int32
    private let lock = NSLock()
    private var received: [Datagram] = []
    private var stopping = false
    private let reading = DispatchSemaphore(value: 0)
    /// Called on the reading thread for each datagram, as it arrives.
    private let onDatagram: (Datagram) -> Void

    init(onDatagram: @escaping (Datagram) -> Void = { _ in }) throws {
        self.onDatagram = onDatagram
        // Short: a socket path must fit in sun_path (108 bytes).
        folder = NSTemporaryDirectory() + "vw-notify-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/notify"
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RunnerError(message: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { for (index, byte) in bytes.enumerated() { $0[index] = byte } }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            close(descriptor)
            throw RunnerError(message: "bind \(path): \(String(cString: strerror(errno)))")
        }
        Thread.detachNewThread { self.readUntilFinished() }
    }

    /// Stops reading once what is queued has been read, closes the socket, removes its folder,
    /// and returns every datagram in the order they came.
    func finish() -> [Datagram] {
        lock.withLock { stopping = true }
        reading.wait()
        close(descriptor)
        try? FileManager.default.removeItem(atPath: folder)
        return lock.withLock { received }
    }

    private func readUntilFinished() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // poll(2) with a short timeout, so `finish` is heard; then read all that is queued.
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, 20)
            while ready > 0 {
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard count > 0 else { break }
                let datagram = Datagram(text: String(decoding: buffer[..<count], as: UTF8.self),
                                        time: ProcessInfo.processInfo.systemUptime)
                lock.withLock { received.append(datagram) }
                onDatagram(datagram)
            }
            if ready <= 0, lock.withLock({ stopping }) { break }
        }
        reading.signal()
    }
}
