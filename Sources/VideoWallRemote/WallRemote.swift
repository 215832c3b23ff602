import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine

/// A wall driven from outside with mpv's JSON IPC (`--input-ipc-server`): each client's lines
/// are read as commands and applied to the wall on the main actor, in order; replies,
/// property changes and the wall's events go back on the socket. Several clients at once;
/// none can stall the wall (`IPCSocketServer` reads and writes off the main thread).
///
/// Dropping the remote (or `stop()`) tells every client `shutdown` and removes the socket.
@MainActor
public final class WallRemote {
    private(set) weak var wall: Wall?
    private var server: IPCSocketServer?
    var observations = PropertyObservations()
    /// Events each client turned off (`disable_event`); "all" turns off every one.
    private var disabledEvents: [Int: Set<String>] = [:]
    private var clients: Set<Int> = []
    /// Each client's lines not yet run, and whether a task is running them: a client's
    /// commands run one after another, in the order sent, and its replies come in that order.
    private var pendingLines: [Int: [String]] = [:]
    private var runningClients: Set<Int> = []
    private var eventTask: Task<Void, Never>?
    /// What the wall's events said last, for the mpv events that are changes of state.
    var lastTransport: TransportState?
    var loaded = false
    /// Each tile's metadata as last sent (`metadata` events carry all of it, mpv's way).
    var metadata: [Int: [String: JSONValue]] = [:]
    /// Each follower's last report, by client (`wall-report`): gone with its connection.
    var followers: [Int: FollowerReport] = [:]
    /// What each client may ask (its transport's, or the key it proved).
    var roles: [Int: ControlRole] = [:]
    /// Streams of every event line, for the HTTP API's event stream (`eventLines()`).
    var eventTaps: [Int: AsyncStream<String>.Continuation] = [:]
    var nextEventTap = 0

    /// Told when a follower joins, cannot keep up, keeps up again or leaves, with the name it
    /// goes by (`FollowerReport.name(client:)`).
    public var onFollowerChange: ((String, FollowerChange) -> Void)?

    /// Told, in one line, why a client's request was refused (a source not allowed), for the
    /// program to say; the wall plays on.
    public var onRefusal: ((String) -> Void)?
    /// Asked to stop the program (`quit`), with the exit status the client gave, if any.
    public var onQuit: ((Int?) -> Void)?
    /// The layout a leader plays, for its followers (`wall-layout`); nil: unavailable (the
    /// leader chose its layout by the number of sources, and so does a follower).
    public var sharedLayout: SharedLayout?
    /// Where the wall's media stands on its clock (`wall-timeline`, what followers join): the
    /// program hands it in, as it hands the layout; nil: unavailable.
    public var timeline: (@MainActor () -> JSONValue?)?
    /// Saves what the wall shows as a PNG at a path (`screenshot-to-file`); nil without a window.
    public var saveScreenshot: ((String) async throws -> Void)?
    /// The words of text overlay N (from 0) and a change of them (`overlay/N/text`), false for
    /// no such text overlay; nil without a window.
    public var overlayText: ((Int) -> String?)?
    public var setOverlayText: ((Int, String) -> Bool)?

    private init(wall: Wall) {
        self.wall = wall
    }

    /// Opens the socket at `path` (mode 0600; a stale socket is replaced, anything else is
    /// refused) and serves `wall` until stopped or dropped.
    public static func start(at path: String, wall: Wall) async throws(IPCSocketError) -> WallRemote {
        let remote = WallRemote(wall: wall)
        remote.server = try await IPCSocketServer.open(at: path) { [weak remote] incoming in remote?.receive(incoming) }
        remote.listen(to: wall)
        return remote
    }

    /// The same over TCP on `port` of `address` (a leader's control port), for the clients
    /// `access` lets in, each allowed what its role allows (`ControlRole`).
    public static func start(tcpPort port: Int, address: String, access: ControlPortAccess, wall: Wall) async throws(IPCSocketError) -> WallRemote {
        let remote = WallRemote(wall: wall)
        remote.server = try await IPCSocketServer.open(tcpPort: port, address: address, access: access) { [weak remote] incoming in remote?.receive(incoming) }
        remote.listen(to: wall)
        return remote
    }

    /// A remote with no socket of its own, for an adapter that brings its own transport (the
    /// HTTP API: `answer`, `eventLines`, `stateDocument`).
    public static func unattached(wall: Wall) -> WallRemote {
        let remote = WallRemote(wall: wall)
        remote.listen(to: wall)
        return remote
    }

    /// Follows the wall's events and checks observed properties, once the server runs.
    private func listen(to wall: Wall) {
        let events = wall.events()
        // Observed properties are looked at after each of the wall's events (a playing wall
        // says where it is ten times a second), never on a timer of this server's own.
        eventTask = Task { [weak self] in
            for await event in events {
                self?.wallDid(event)
                self?.sendPropertyChanges()
            }
        }
    }

    /// Tells every client (and every event stream) `shutdown` and closes the socket.
    public func stop() {
        if server != nil || !eventTaps.isEmpty { broadcast("shutdown") }
        eventTaps.values.forEach { $0.finish() }
        eventTaps.removeAll()
        eventTask?.cancel()
        server?.stop()
        server = nil
    }

    isolated deinit { stop() }

    // MARK: Clients

    private func receive(_ incoming: IPCSocketServer.Incoming) {
        switch incoming {
        case .connected(let client, let role):
            clients.insert(client)
            roles[client] = role
        case .line(let client, let line):
            pendingLines[client, default: []].append(line)
            guard !runningClients.contains(client) else { return }
            runningClients.insert(client)
            Task { await self.runLines(of: client) }
        case .disconnected(let client):
            clients.remove(client)
            roles[client] = nil
            pendingLines[client] = nil
            observations.forget(client: client)
            disabledEvents[client] = nil
            if let report = followers.removeValue(forKey: client) {
                onFollowerChange?(report.name(client: Self.clientName(client)), .left)
            }
        }
    }

    /// Runs `client`'s waiting lines in order, giving other clients and the wall their turn
    /// between two (a flood from one client delays no one else by more than a command).
    private func runLines(of client: Int) async {
        while let line = pendingLines[client]?.first {
            pendingLines[client]?.removeFirst()
            switch IPCRequest.parse(line) {
            case .success(let request)?:
                await run(request, from: client)
            case .failure(let refusal)?:
                send(IPCMessage.failure(refusal.error, requestID: refusal.requestID), to: client)
            case nil:
                break
            }
            server?.lineHandled(by: client)
            await Task.yield()
        }
        runningClients.remove(client)
        if pendingLines[client]?.isEmpty == true { pendingLines[client] = nil }
    }

    private func run(_ request: IPCRequest, from client: Int) async {
        await run(request, role: roles[client], client: client) { line in
            // A command sent without a reply wanted (a text line) is answered by nothing, as in mpv.
            if request.wantsReply, clients.contains(client) { send(line, to: client) }
        }
    }

    /// Runs `request` for `client` if `role` allows it (nil: no role, nothing is allowed), and
    /// hands `reply` the reply line; then, as every way in does, a `quit` that was allowed is
    /// passed on and observers are told of what the command changed.
    func run(_ request: IPCRequest, role: ControlRole?, client: Int, reply: (String) -> Void) async {
        let allowed = role?.allows(request.command) == true
        let result = allowed ? await perform(request.command, client: client) : .failure(.notAllowed)
        switch result {
        case .success(let data): reply(IPCMessage.success(data, requestID: request.requestID))
        case .failure(let error): reply(IPCMessage.failure(error, requestID: request.requestID))
        }
        if allowed, case .quit(let code) = request.command { onQuit?(code) }
        // A change the command made is told to observers now, not at the next check.
        sendPropertyChanges()
    }

    func send(_ line: String, to client: Int) {
        server?.send(line, to: client)
    }

    func setEvent(_ name: String, enabled: Bool, for client: Int) {
        var disabled = disabledEvents[client] ?? []
        if name == "all" {
            disabled = enabled ? [] : ["all"]
        } else if enabled {
            disabled.remove(name)
            disabled.remove("all")
        } else {
            disabled.insert(name)
        }
        disabledEvents[client] = disabled
    }

    /// Sends event `name` to every client that has not turned it off: URLs in its text
    /// without credentials and queries for a follower (only clients with full control see
    /// them whole).
    func broadcast(_ name: String, _ fields: [String: JSONValue] = [:]) {
        let line = IPCMessage.event(name, fields)
        lazy var redactedLine = IPCMessage.event(name, fields.mapValues(Self.redacted))
        for tap in eventTaps.values { tap.yield(line) }
        for client in clients {
            let disabled = disabledEvents[client] ?? []
            if disabled.contains("all") || disabled.contains(name) { continue }
            send(roles[client] == .follower ? redactedLine : line, to: client)
        }
    }

    private static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(SourceSchemes.redactedWithin(text))
        case .array(let values): .array(values.map(redacted))
        case .object(let fields): .object(fields.mapValues(redacted))
        default: value
        }
    }

    func sendPropertyChanges() {
        guard server != nil else { return }
        for change in observations.changes(current: { self.value(ofPropertyNamed: $0) }) {
            let disabled = disabledEvents[change.client] ?? []
            if disabled.contains("all") || disabled.contains("property-change") { continue }
            send(IPCMessage.propertyChange(change), to: change.client)
        }
    }
}
