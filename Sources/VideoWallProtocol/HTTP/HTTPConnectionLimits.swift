/// How many connections the web server (`--http`) holds at once: `most` in all and
/// `mostPerPeer` from one address. A newcomer past either is answered 503 and closed; the
/// connections being served are never dropped for it, so one host that opens hundreds of
/// sockets cannot push the page of another out. Not thread-safe: its owner serialises it.
public struct HTTPConnectionLimits: Sendable {
    public static let most = 64
    public static let mostPerPeer = 16

    public let most: Int
    public let mostPerPeer: Int
    private var openByPeer: [String: Int] = [:]
    /// Connections held now.
    public private(set) var open = 0

    public init(most: Int = Self.most, mostPerPeer: Int = Self.mostPerPeer) {
        self.most = most
        self.mostPerPeer = mostPerPeer
    }

    /// Counts a connection from `peer` (its address) and says true, or says false and counts
    /// nothing when there is no room for it.
    public mutating func admit(_ peer: String) -> Bool {
        guard open < most, openByPeer[peer, default: 0] < mostPerPeer else { return false }
        open += 1
        openByPeer[peer, default: 0] += 1
        return true
    }

    /// A connection `admit` counted has closed.
    public mutating func release(_ peer: String) {
        guard let count = openByPeer[peer] else { return }
        open -= 1
        openByPeer[peer] = count > 1 ? count - 1 : nil
    }
}
