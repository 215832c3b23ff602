import VideoWallCore
import VideoWallProtocol
import VideoWallEngine

/// What the web control page's API (`VideoWallHTTP`) asks of the remote: the same commands,
/// answered the same way, for a client that is on no socket of this remote; the events every
/// client is sent; and the wall's state in one document. The API is an adapter over the same
/// surface as the socket's, so every rule holds whichever way a command comes in.
extension WallRemote {
    /// The client number requests from the HTTP API run as: no socket has it, so nothing is
    /// sent to it but the answer returned here.
    static let httpClient = -1

    /// Runs `line` (a JSON IPC request, as a socket client would send it) as a client with
    /// `role`, and returns the reply line. Observing properties, turning events on or off and a
    /// follower's report belong to a connection, which an HTTP request is not: those are not
    /// allowed here.
    public func answer(_ line: String, role: ControlRole) async -> String {
        switch IPCRequest.parse(line) {
        case .success(let request)?:
            switch request.command {
            case .observeProperty, .unobserveProperty, .setEventEnabled, .wallReport:
                return IPCMessage.failure(.notAllowed, requestID: request.requestID)
            default:
                break
            }
            var answer = ""
            await run(request, role: role, client: Self.httpClient) { answer = $0 }
            return answer
        case .failure(let refusal)?:
            return IPCMessage.failure(refusal.error, requestID: refusal.requestID)
        case nil:
            return IPCMessage.failure(.invalidParameter, requestID: .number(0))
        }
    }

    /// Every event line the remote sends its clients from now on (mpv's and the wall's, as
    /// full-control clients see them), until the stream is dropped.
    public func eventLines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = nextEventTap
        nextEventTap += 1
        eventTaps[id] = continuation
        continuation.onTermination = { _ in Task { @MainActor [weak self] in self?.eventTaps[id] = nil } }
        return stream
    }

    /// The wall as it stands: transport, position, speed, loop, A-B points, volume, every
    /// tile with its source, state, frames and errors, the overload, and a leader's followers.
    public func stateDocument() -> JSONValue {
        guard let wall else { return .object(["error": .string("no wall")]) }
        let state = wall.snapshot
        var fields: [String: JSONValue] = ["transport": .string(state.transport.rawValue)]
        for property in ["pause", "time-pos", "duration", "speed", "loop", "ab-loop-a", "ab-loop-b", "volume", "mute", "tiles", "sync-error"] {
            fields[property] = value(ofPropertyNamed: property) ?? .null
        }
        fields["overload"] = state.overload.map { .object(["shown-fraction": .number($0.shownFraction), "due-per-second": .number($0.duePerSecond)]) } ?? .null
        fields["followers"] = value(ofPropertyNamed: "wall-followers") ?? .array([])
        return .object(fields)
    }
}
