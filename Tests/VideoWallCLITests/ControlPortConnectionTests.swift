import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// A follower's connection to its leader's control port, against a real control-port server on
/// 127.0.0.1 that answers each request with how many it has answered on that connection.
final class ControlPortConnectionTests: XCTestCase {
    /// A control-port server: counts connections, answers `get_property` with the connection's
    /// number and the request's number on it.
    @MainActor
    private final class CountingServer {
        private(set) var connections = 0
        private var answered: [Int: Int] = [:]
        private var server: IPCSocketServer?
        /// Requests whose answer is held back (by number on their connection), to be late.
        var silentRequests: Set<Int> = []

        func open(port: Int) async throws {
            server = try await IPCSocketServer.open(tcpPort: port, address: "127.0.0.1", access: ControlPortAccess()) { [weak self] incoming in self?.handle(incoming) }
        }

        func stop() { server?.stop(); server = nil }

        private func handle(_ incoming: IPCSocketServer.Incoming) {
            guard let server else { return }
            switch incoming {
            case .connected(let client, _):
                connections += 1
                answered[client] = 0
            case .line(let client, let text):
                defer { server.lineHandled(by: client) }
                guard case .object(let request)? = JSONValue(parsing: Substring(text)), let id = request["request_id"] else { return }
                let count = (answered[client] ?? 0) + 1
                answered[client] = count
                if silentRequests.contains(count) { return }
                let data = JSONValue.array([.number(Double(connections)), .number(Double(count))])
                server.send(JSONValue.object(["error": .string("success"), "data": data, "request_id": id]).jsonText + "\n", to: client)
            case .disconnected(let client):
                answered[client] = nil
            }
        }
    }

    /// Asks off the main thread (the connection blocks), as the follower does.
    private static func ask(_ connection: ControlPortConnection) async -> Result<[Double], IPCSocketError> {
        await Task.detached { () -> Result<[Double], IPCSocketError> in
            do throws(IPCSocketError) {
                let reply = try connection.request([.string("get_property"), .string("anything")])
                guard case .array(let values)? = reply.data else { return .failure(IPCSocketError(description: "no data")) }
                return .success(values.compactMap(\.doubleValue))
            } catch { return .failure(error) }
        }.value
    }

    /// Many requests go over one connection, each answered by its own reply, in order.
    func testRequestsShareOneConnection() throws {
        let port = try FreePort.tcp()
        try onMainLoop(timeout: 30) {
            let server = CountingServer()
            try await server.open(port: port)
            let connection = ControlPortConnection(host: "127.0.0.1", port: port, timeout: .seconds(2))
            XCTAssertFalse(connection.isConnected)
            for expected in 1...20 {
                let answer = try await Self.ask(connection).get()
                XCTAssertEqual(answer, [1, Double(expected)], "request \(expected)")
            }
            XCTAssertTrue(connection.isConnected)
            XCTAssertEqual(server.connections, 1, "one connection for twenty requests")
            server.stop()
        }
    }

    /// The leader goes and comes back on the same port: one request fails, the next connects
    /// again and is answered.
    func testAConnectionLostIsOpenedAgainByTheNextRequest() throws {
        let port = try FreePort.tcp()
        try onMainLoop(timeout: 30) {
            let first = CountingServer()
            try await first.open(port: port)
            let connection = ControlPortConnection(host: "127.0.0.1", port: port, timeout: .seconds(2))
            let before = try await Self.ask(connection).get()
            XCTAssertEqual(before, [1, 1])
            first.stop()
            await pause(seconds: 0.2)
            guard case .failure = await Self.ask(connection) else { return XCTFail("answered by a server that stopped") }
            XCTAssertFalse(connection.isConnected, "a failed request closes the connection")

            let second = CountingServer()
            try await second.open(port: port)
            let again = try await Self.ask(connection).get()
            XCTAssertEqual(again, [1, 1], "a new connection, its first request")
            let next = try await Self.ask(connection).get()
            XCTAssertEqual(next, [1, 2])
            XCTAssertEqual(second.connections, 1)
            second.stop()
        }
    }

    /// A request the leader does not answer in time fails after the timeout; the reply that
    /// never came cannot be taken for the next request's (that one goes over a new connection).
    func testARequestUnansweredInTimeFailsAndTheNextIsAnsweredByItsOwnReply() throws {
        let port = try FreePort.tcp()
        try onMainLoop(timeout: 30) {
            let server = CountingServer()
            server.silentRequests = [2]
            try await server.open(port: port)
            let connection = ControlPortConnection(host: "127.0.0.1", port: port, timeout: .seconds(1))
            let first = try await Self.ask(connection).get()
            XCTAssertEqual(first, [1, 1])
            let started = Date()
            guard case .failure(let problem) = await Self.ask(connection) else { return XCTFail("answered a request the server kept") }
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.9)
            XCTAssertTrue(problem.description.contains("no reply"), problem.description)
            let after = try await Self.ask(connection).get()
            XCTAssertEqual(after, [2, 1], "the second connection's first request")
            server.stop()
        }
    }
}
