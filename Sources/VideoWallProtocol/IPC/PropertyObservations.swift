import VideoWallCore
/// Who observes which property (mpv's `observe_property`), and the last value each was told,
/// so a `property-change` event goes out once when it is asked for and then only on a change.
public struct PropertyObservations: Sendable {
    public struct Change: Equatable, Sendable {
        public var client: Int
        public var id: Int
        public var name: String
        /// nil: the property is unavailable now (mpv sends the event without `data`).
        public var value: JSONValue?

        public init(client: Int, id: Int, name: String, value: JSONValue?) {
            self.client = client; self.id = id; self.name = name; self.value = value
        }
    }

    private struct Observation: Sendable {
        var name: String
        /// nil before the first event is sent.
        var sent: JSONValue??
    }

    /// Observations per client, by id. A client may watch at most this many (each is
    /// re-read at every check).
    public static let maximumPerClient = 64
    private var byClient: [Int: [Int: Observation]] = [:]

    public init() {}

    /// Starts (or replaces) observation `id` for `client`; false when the client has too many.
    public mutating func observe(client: Int, id: Int, name: String) -> Bool {
        var observations = byClient[client] ?? [:]
        guard observations[id] != nil || observations.count < Self.maximumPerClient else { return false }
        observations[id] = Observation(name: name, sent: nil)
        byClient[client] = observations
        return true
    }

    /// Ends observation `id`; false when the client had none with that id.
    public mutating func unobserve(client: Int, id: Int) -> Bool {
        byClient[client]?.removeValue(forKey: id) != nil
    }

    public mutating func forget(client: Int) {
        byClient[client] = nil
    }

    /// Every property someone observes.
    public var observedNames: Set<String> { Set(byClient.values.flatMap { $0.values.map(\.name) }) }

    /// The events due given each observed property's value now (`current` gives nil for an
    /// unavailable property), in client then id order; records them as sent.
    public mutating func changes(current: (String) -> JSONValue?) -> [Change] {
        var values: [String: JSONValue?] = [:]
        for name in observedNames { values[name] = current(name) }
        var out: [Change] = []
        for client in byClient.keys.sorted() {
            guard var observations = byClient[client] else { continue }
            for id in observations.keys.sorted() {
                guard var observation = observations[id], let value = values[observation.name] else { continue }
                if let sent = observation.sent, sent == value { continue }
                observation.sent = .some(value)
                observations[id] = observation
                out.append(Change(client: client, id: id, name: observation.name, value: value))
            }
            byClient[client] = observations
        }
        return out
    }
}
