import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A client of a running wall's `--input-ipc-server`, as a script would be: a real Unix
/// socket, lines of JSON, replies and events read with a deadline.
final class IPCConnection: @unchecked Sendable {
    let fd: Int32
    private var pending: [UInt8] = []
    /// Events read while waiting for replies, in order.
    private(set) var events: [[String: Any]] = []
    private var nextID = 100

    /// Connects to `path`, waiting up to `timeout` seconds for the wall to open it.
    init(path: String, timeout: Double = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                let bytes = Array(path.utf8)
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if connected == 0 { self.fd = fd; return }
            close(fd)
            guard Date() < deadline else { throw RunnerError(message: "no wall listening at \(path) within \(timeout) s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// The next line, or nil when none comes within `timeout` seconds or the wall closed the
    /// connection (`closed` says which).
    private(set) var closed = false
    func readLine(timeout: Double = 5) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, !closed else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { closed = true; return nil }
            pending += buffer[0..<count]
        }
    }

    /// Sends `command` with a fresh request id and returns the reply to it; events that come
    /// first are kept in `events`.
    func request(_ command: [Any], timeout: Double = 10) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        let data = try JSONSerialization.data(withJSONObject: ["command": command, "request_id": id])
        send(String(decoding: data, as: UTF8.self) + "\n")
        return try reply(to: id, timeout: timeout)
    }

    func reply(to id: Int, timeout: Double = 10) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while let line = readLine(timeout: max(0, deadline.timeIntervalSinceNow)) {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
            if object["event"] != nil { events.append(object); continue }
            if (object["request_id"] as? Int) == id { return object }
        }
        throw RunnerError(message: "no reply to request \(id) within \(timeout) s (closed: \(closed))")
    }

    /// The data of a successful reply to `command` (fails the test on an error reply).
    func data(_ command: [Any], file: StaticString = #filePath, line: UInt = #line) throws -> Any? {
        let reply = try request(command)
        XCTAssertEqual(reply["error"] as? String, "success", "\(command): \(reply)", file: file, line: line)
        return reply["data"]
    }

    func number(_ property: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try XCTUnwrap(try data(["get_property", property], file: file, line: line) as? Double, property, file: file, line: line)
    }

    /// Reads lines until an event named `name` (kept ones first), or nil after `timeout`.
    func waitForEvent(_ name: String, timeout: Double = 5, where matches: ([String: Any]) -> Bool = { _ in true }) -> [String: Any]? {
        if let index = events.firstIndex(where: { $0["event"] as? String == name && matches($0) }) {
            return events.remove(at: index)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while let line = readLine(timeout: max(0, deadline.timeIntervalSinceNow)) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if object["event"] as? String == name, matches(object) { return object }
            if object["event"] != nil { events.append(object) }
        }
        return nil
    }
}

/// A `videowall` run in the background while the test talks to it.
final class BackgroundRun: @unchecked Sendable {
    private var result: Swift.Result<CommandRunner.Result, Error>?
    private let done = DispatchSemaphore(value: 0)
    private let startedSignal = DispatchSemaphore(value: 0)
    private var startedPID: Int32?

    /// `environment` is added to the test's own (see `CommandRunner.run`); `display`: the
    /// program keeps DISPLAY and opens its window.
    init(_ arguments: [String], environment: [String: String] = [:], display: Bool = false, timeout: Double = 60) {
        Thread.detachNewThread { [self] in
            result = Swift.Result {
                try CommandRunner.run(arguments, environment: environment, display: display, timeout: timeout) { [self] pid in
                    startedPID = pid
                    startedSignal.signal()
                }
            }
            if startedPID == nil { startedSignal.signal() }
            done.signal()
        }
    }

    /// The program's process id, once it runs (nil if it could not be started).
    func processID(timeout: Double = 10) -> Int32? {
        guard startedSignal.wait(timeout: .now() + timeout) == .success else { return nil }
        startedSignal.signal()  // for the next caller
        return startedPID
    }

    /// Sends the program `signal` (SIGTERM: it stops as `q` does, with the tiles' status) once
    /// the test has seen what it waited for, and waits for it to end.
    func stop(signal: Int32 = SIGTERM, timeout: Double = 30) throws -> CommandRunner.Result {
        if let pid = processID() { kill(pid, signal) }
        return try finish(timeout: timeout)
    }

    /// Waits for the program to end.
    func finish(timeout: Double = 30) throws -> CommandRunner.Result {
        guard done.wait(timeout: .now() + timeout) == .success, let result else {
            throw RunnerError(message: "videowall did not end within \(timeout) s")
        }
        return try result.get()
    }
}
