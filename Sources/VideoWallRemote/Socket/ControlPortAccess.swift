import VideoWallCore
import VideoWallProtocol
import GIOKit
#if canImport(Glibc)
import Glibc
#endif

/// Who a control port lets in (`videowall lead`). Every client gets the port's greeting
/// first (`ControlGreeting`). Without a key the port listens on loopback only and every
/// client is a follower. With keys, a client has `authenticationTime` to prove one of them
/// before anything else: the wall key makes it a follower, the control key a client with
/// full control (`ControlRole`); a client that sends anything else, or the wrong proof, gets
/// one error line and is closed.
///
/// The limits keep a flood of connections from locking followers out: at most
/// `maximumPending` clients wait to authenticate at once (the oldest of them is closed for a
/// new one, so idle connections cannot hold the door), and one address holds at most
/// `maximumPendingPerPeer` of those places (its own oldest is closed first, so one host cannot
/// push others out); the authenticated have slots of their own
/// (`IPCSocketLoop.maximumControlPortClients`), at most `maximumAdmittedPerPeer` for one
/// address; and a client that sends nothing for `idleLimit` is closed.
public struct ControlPortAccess: Sendable {
    public var wallKey: WallKey?
    public var controlKey: WallKey?

    public init(wallKey: WallKey? = nil, controlKey: WallKey? = nil) {
        self.wallKey = wallKey
        self.controlKey = controlKey
    }

    public var asksForKey: Bool { wallKey != nil || controlKey != nil }

    /// Whether `address` is a numeric IPv4 or IPv6 address.
    public static func isNumeric(_ address: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return address.utf8.count <= 64 && (inet_pton(AF_INET, address, &v4) == 1 || inet_pton(AF_INET6, address, &v6) == 1)
    }

    /// Whether `address` is a numeric loopback address (127.0.0.0/8 or ::1): all a port
    /// without a key may listen on.
    public static func isLoopback(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }

    static let authenticationTime: Duration = .seconds(5)
    static let maximumPending = 16
    static let maximumPendingPerPeer = 4
    static let maximumAdmittedPerPeer = 16
    static let idleLimit: Duration = .seconds(300)

    /// A client waiting to prove a key: its address and when it connected.
    struct Waiting<ID: Hashable>: Equatable {
        var id: ID
        var peer: String
        var accepted: ContinuousClock.Instant
    }

    /// Which waiting client a new one from `peer` displaces: the oldest waiting one of the
    /// same address when that address has its share of the room, else the oldest of all when
    /// the room is full; nil when there is room. A newcomer always gets in.
    static func displaced<ID>(byNewClientFrom peer: String, waiting: [Waiting<ID>]) -> ID? {
        let samePeer = waiting.filter { $0.peer == peer }
        if samePeer.count >= maximumPendingPerPeer { return samePeer.min { $0.accepted < $1.accepted }?.id }
        guard waiting.count >= maximumPending else { return nil }
        return waiting.min { $0.accepted < $1.accepted }?.id
    }

    enum Verdict: Equatable {
        case admitted(ControlRole, reply: String)
        case refused(reply: String)
    }

    /// A waiting client's first line, against the challenge it was sent.
    func verify(_ line: String, challenge: [UInt8]) -> Verdict {
        guard let claim = ControlGreeting.authentication(in: line) else {
            return .refused(reply: IPCMessage.failure(.authenticationRequired, requestID: .number(0)))
        }
        let key: WallKey? = switch claim.role {
        case .follower: wallKey
        case .control: controlKey
        case .owner: nil
        }
        let expected = key?.proof(of: ControlGreeting.clientMessage(role: claim.role, challenge: challenge, nonce: claim.nonce))
        guard let key, let expected, MessageAuthentication.same(expected, claim.proof) else {
            return .refused(reply: IPCMessage.failure(.authenticationFailed, requestID: claim.requestID))
        }
        let proof = key.proof(of: ControlGreeting.serverMessage(role: claim.role, challenge: challenge, nonce: claim.nonce))
        return .admitted(claim.role, reply: IPCMessage.success(.object(["role": .string(claim.role.rawValue),
                                                                         "proof": .string(ControlGreeting.hex(proof))]),
                                                               requestID: claim.requestID))
    }
}
