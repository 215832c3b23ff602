import Foundation
import Glibc
import GStreamerKit

/// systemd's notify protocol (sd_notify(3)) without libsystemd: datagrams such as `READY=1`
/// on the AF_UNIX socket `$NOTIFY_SOCKET` names. The socket is opened once, close-on-exec and
/// non-blocking: a notification that would block is dropped, the main thread never waits for
/// systemd. It is closed when the notifier goes.
@MainActor
final class SystemdNotifier {
    private let descriptor: Int32
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    private let pingInterval: Double?
    /// `$NOTIFY_SOCKET` as messages show it.
    private let socketName: String
    /// A failed send is said once: the watchdog would repeat it every few seconds.
    private var saidSendFailed = false

    /// The notifier `$NOTIFY_SOCKET` asks for; nil, silently, when it is unset, and nil after
    /// one line on standard error when it is refused or the socket cannot be opened.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SystemdNotifier? {
        let (settings, problems) = SystemdNotifySettings.read(environment, processID: getpid())
        problems.forEach { Console.warning($0) }
        guard let settings else { return nil }
        return SystemdNotifier(settings)
    }

    private init?(_ settings: SystemdNotifySettings) {
        // socket(2) with SOCK_CLOEXEC | SOCK_NONBLOCK: no child inherits it, no send waits.
        let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let descriptor = socket(AF_UNIX, type, 0)
        guard descriptor >= 0 else {
            Console.warning("NOTIFY_SOCKET: cannot open a socket: \(String(cString: strerror(errno))); not notifying systemd")
            return nil
        }
        self.descriptor = descriptor
        self.pingInterval = settings.pingInterval
        socketName = switch settings.socket {
        case .path(let path): Console.name(path)
        case .abstract(let name): Console.name("@" + name)
        }
        address.sun_family = sa_family_t(AF_UNIX)
        // An abstract name starts with a NUL byte and is as long as the length says; a path is
        // NUL-terminated (sockaddr_un() is zeroed, and the settings left room for the NUL).
        let (name, lead): (String, Int) = switch settings.socket {
        case .path(let path): (path, 0)
        case .abstract(let name): (name, 1)
        }
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in bytes.enumerated() { path[lead + index] = byte }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? MemoryLayout<sa_family_t>.size
        addressLength = socklen_t(pathOffset + lead + bytes.count + (lead == 0 ? 1 : 0))
    }

    deinit { close(descriptor) }

    /// Sends one notification (`sendto(2)`, MSG_NOSIGNAL). A full socket buffer drops it.
    func send(_ message: String) {
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { address in
            address.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, addressLength) }
            }
        }
        guard sent < 0, errno != EAGAIN, errno != EWOULDBLOCK, !saidSendFailed else { return }
        saidSendFailed = true
        Console.warning("NOTIFY_SOCKET \(socketName): cannot notify systemd: \(String(cString: strerror(errno)))")
    }

    /// Tells systemd the wall plays (`READY=1`, after `Wall.play()`), pings the watchdog
    /// from a main-loop timer until the session stops, and says `STOPPING=1` when it does.
    /// The pings come from the main queue, which only a live main loop drains: a wall whose
    /// main thread hangs stops pinging, and systemd restarts it.
    func wallIsPlaying(tiles: Int, until stop: SessionStop) {
        send("READY=1\nSTATUS=playing \(tiles) \(tiles == 1 ? "tile" : "tiles")")
        if let pingInterval {
            stop.keep(MainLoop.every(seconds: pingInterval) { [weak self] in
                guard let self else { return false }
                self.send("WATCHDOG=1")
                return true
            })
        }
        stop.whenStopping { [weak self] in self?.send("STOPPING=1") }
    }
}
