import Foundation
import Glibc

/// What systemd asks of the program through its environment (sd_notify(3), sd_watchdog_enabled(3)):
/// where to send notifications, and how often to ping the watchdog. Read and checked once, at
/// start-up; each refusal is one line naming the variable and the reason.
struct SystemdNotifySettings: Equatable {
    /// `$NOTIFY_SOCKET`: a file-system path, or a name in the abstract namespace (`@name`).
    enum Socket: Equatable {
        case path(String)
        case abstract(String)
    }

    var socket: Socket
    /// Half of `$WATCHDOG_USEC` (as sd_watchdog_enabled(3) advises), in seconds; nil: no watchdog.
    var pingInterval: Double?

    /// The longest watchdog timeout taken: 30 days, as for every wait on the command line (a
    /// unit's WatchdogSec= can be hours; refusing it would get a healthy wall killed).
    static let maximumWatchdogMicroseconds: Int = Int(NumberChecks.maximumSeconds) * 1_000_000

    /// The bytes a `sockaddr_un` holds for a name (108 on Linux).
    static let socketNameCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    /// Nil settings when `NOTIFY_SOCKET` is unset (nothing is said then, whatever else is set)
    /// or refused; `problems` are the lines to print.
    static func read(_ environment: [String: String], processID: Int32) -> (settings: Self?, problems: [String]) {
        guard let value = environment["NOTIFY_SOCKET"] else { return (nil, []) }
        let socket: Socket
        switch checkedSocket(value) {
        case .success(let checked): socket = checked
        case .failure(let refusal): return (nil, ["NOTIFY_SOCKET: \(refusal.reason); not notifying systemd"])
        }
        switch checkedPingInterval(environment, processID: processID) {
        case .success(let interval): return (Self(socket: socket, pingInterval: interval), [])
        case .failure(let refusal): return (Self(socket: socket, pingInterval: nil), ["\(refusal.reason); no watchdog pings"])
        }
    }

    private static func checkedSocket(_ value: String) -> Result<Socket, Refusal> {
        let bytes = value.utf8.count
        if value.isEmpty { return .failure(Refusal("is empty")) }
        if value == "@" { return .failure(Refusal("names no abstract socket after '@'")) }
        // A path needs its terminating NUL inside sun_path; an abstract name takes '@''s byte.
        let limit = socketNameCapacity - (value.hasPrefix("@") ? 0 : 1)
        if bytes > limit {
            return .failure(Refusal("is \(bytes) bytes, longer than a Unix socket address holds (\(limit))"))
        }
        if value.hasPrefix("@") { return .success(.abstract(String(value.dropFirst()))) }
        // sd_notify(3) takes absolute paths only: a relative one depends on the working folder.
        guard value.hasPrefix("/") else {
            return .failure(Refusal("\(Console.name(value)) is neither an absolute path nor an abstract socket (@name)"))
        }
        return .success(.path(value))
    }

    /// `$WATCHDOG_PID`, when set, names the process meant to ping; any other does not.
    private static func checkedPingInterval(_ environment: [String: String], processID: Int32) -> Result<Double?, Refusal> {
        guard let text = environment["WATCHDOG_USEC"] else { return .success(nil) }
        guard let microseconds = Int(text), microseconds > 0, microseconds <= maximumWatchdogMicroseconds else {
            return .failure(Refusal("WATCHDOG_USEC must be a whole number of microseconds from 1 to \(maximumWatchdogMicroseconds) (30 days), got \(Console.name(text))"))
        }
        if let pidText = environment["WATCHDOG_PID"] {
            guard let pid = Int32(pidText), pid > 0 else {
                return .failure(Refusal("WATCHDOG_PID must be a process id, got \(Console.name(pidText))"))
            }
            if pid != processID { return .success(nil) }
        }
        return .success(Double(microseconds) / 2e6)
    }

    private struct Refusal: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
